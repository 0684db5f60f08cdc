import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/icon.tsx'
import './dashboard.css'

const tiles = [
  { key: 'biography', to: '/my-biography', icon: 'book' },
  { key: 'story', to: '/my-story', icon: 'document' },
  { key: 'book', to: '/book', icon: 'printer' },
  { key: 'legacy', to: '/family-tree', icon: 'tree' },
  { key: 'dreams', to: '/my-dreams', icon: 'moon' },
  { key: 'aiLab', to: '/ai-lab', icon: 'sparkles' },
] as const

/**
 * The ways into the app (docs/product.md#dashboard): the whole tile is one link, named by its
 * title. Where no model answers (`isAiGuided`), the lab's tile says what it offers without one.
 */
export function DashboardTiles({ isAiGuided = false }: { isAiGuided?: boolean }) {
  const { t } = useTranslation('dashboard')
  return (
    <nav aria-labelledby="dashboard-tiles-title">
      <h2 id="dashboard-tiles-title" className="visually-hidden">
        {t('tiles.title')}
      </h2>
      <ul className="dashboard-tiles">
        {tiles.map(({ key, to, icon }) => (
          <li key={key}>
            <Link to={to} className="dashboard-tile" aria-labelledby={`tile-${key}-title`} aria-describedby={`tile-${key}-description`}>
              <span className="dashboard-tile-icon" aria-hidden="true">
                <Icon name={icon} />
              </span>
              <span id={`tile-${key}-title`} className="dashboard-tile-title">
                {t(`tiles.${key}.title`)}
              </span>
              <span id={`tile-${key}-description`} className="dashboard-tile-description">
                {key === 'aiLab' && isAiGuided ? t('tiles.aiLab.guidedDescription') : t(`tiles.${key}.description`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
