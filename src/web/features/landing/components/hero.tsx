import { useTranslation } from 'react-i18next'
import './landing.css'

export function Hero({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation('landing')
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <p className="landing-eyebrow">{t('hero.eyebrow')}</p>
      <h1 id="landing-title">{t('hero.welcome')}</h1>
      <p className="landing-tagline">{t('hero.tagline')}</p>
      <button type="button" className="button button-primary button-large" onClick={onStart}>
        {t('hero.cta')}
      </button>
    </section>
  )
}

export function IntroSection() {
  const { t } = useTranslation('landing')
  return (
    <section className="landing-intro" aria-labelledby="landing-intro-title">
      <h2 id="landing-intro-title">{t('intro.title')}</h2>
      <p>{t('intro.body')}</p>
    </section>
  )
}
