import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/icon.tsx'
import './landing.css'

const features = [
  { key: 'media', icon: 'camera' },
  { key: 'tree', icon: 'tree' },
  { key: 'dreams', icon: 'moon' },
] as const

/** The three promises of the landing copy (docs/product.md#landing). */
export function FeatureCards() {
  const { t } = useTranslation('landing')
  return (
    <section className="landing-features" aria-labelledby="landing-features-title">
      <h2 id="landing-features-title">{t('features.title')}</h2>
      <ul className="landing-feature-list">
        {features.map(({ key, icon }) => (
          <li key={key} className="card landing-feature">
            <span className="landing-feature-icon" aria-hidden="true">
              <Icon name={icon} />
            </span>
            <h3>{t(`features.${key}.title`)}</h3>
            <p>{t(`features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
