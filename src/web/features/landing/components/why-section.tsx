import { useTranslation } from 'react-i18next'
import './landing.css'

const points = ['p1', 'p2', 'p3'] as const

export function WhySection() {
  const { t } = useTranslation('landing')
  return (
    <section className="landing-why" aria-labelledby="landing-why-title">
      <h2 id="landing-why-title">{t('why.title')}</h2>
      <ul className="landing-why-list">
        {points.map((point) => (
          <li key={point}>
            <blockquote className="landing-quote">
              <p>{t(`why.points.${point}`)}</p>
            </blockquote>
          </li>
        ))}
      </ul>
    </section>
  )
}
