import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { Icon } from '../../../components/ui/icon.tsx'
import './dashboard.css'

/** Inviting relatives is not built yet (docs/product.md#dashboard): the button only says so, politely. */
export function InviteButton() {
  const { t } = useTranslation('dashboard')
  const [isNoticeShown, setIsNoticeShown] = useState(false)
  return (
    <div className="dashboard-invite">
      <button type="button" className="button" onClick={() => setIsNoticeShown(true)}>
        <Icon name="envelope" /> {t('invite.button')}
      </button>
      <StatusMessage tone="info">{isNoticeShown ? t('invite.comingSoon') : null}</StatusMessage>
    </div>
  )
}
