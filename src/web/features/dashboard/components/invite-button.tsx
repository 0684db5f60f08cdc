import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/icon.tsx'
import './dashboard.css'

/** «Invita a un ser querido»: the family page, where the tree's people are and invitations are made. */
export function InviteButton() {
  const { t } = useTranslation('dashboard')
  return (
    <div className="dashboard-invite">
      <Link to="/family" className="button">
        <Icon name="envelope" /> {t('invite.button')}
      </Link>
    </div>
  )
}
