import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Circle, Invitation } from '../../../../shared/contracts/family-circle.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useRevokeInvitation } from '../api/circle-queries.ts'
import { RoleBadge } from './role-badge.tsx'

/** The invitations waiting for an answer (and those that ran out), each to withdraw. */
export function CircleInvitations({ circle }: { circle: Circle }) {
  const { t, i18n } = useTranslation(['family-circle', 'errors'])
  const revoke = useRevokeInvitation(circle.treeId)
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  // Once the last one is withdrawn, the section stays to say so.
  if (circle.invitations.length === 0 && !announcement) return null

  async function handleRevoke(invitation: Invitation) {
    try {
      await revoke.mutateAsync(invitation.invitationId)
      setAnnouncement(t('invitations.withdrawn'))
    } catch {
      // Said above the list.
    }
  }

  const whom = (invitation: Invitation) => invitation.memberName ?? invitation.email ?? t('invitations.someone')
  return (
    <section className="circle-invitations" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invitations.heading')}</h2>
      <StatusMessage>{announcement}</StatusMessage>
      <ErrorBanner>{revoke.isError ? `${t('invitations.withdrawFailed')} ${errorText(t, revoke.error)}` : null}</ErrorBanner>
      {circle.invitations.length > 0 && (
        <ul className="circle-invitations-list">
          {circle.invitations.map((invitation) => (
            <li key={invitation.invitationId} className="circle-invitation card">
              <p>
                <strong>{whom(invitation)}</strong> <RoleBadge role={invitation.role} />
              </p>
              <p className="hint">
                {invitation.status === 'expired'
                  ? t('invitations.expired', { date: formatDateTime(invitation.expiresAt, i18n.language) })
                  : t('invitations.pending', { name: invitation.invitedByName, date: formatDateTime(invitation.expiresAt, i18n.language) })}
              </p>
              <button
                type="button"
                className="button"
                aria-label={t('invitations.withdrawLabel', { name: whom(invitation) })}
                aria-disabled={revoke.isPending}
                onClick={() => void handleRevoke(invitation)}
              >
                {t('invitations.withdraw')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
