import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AcceptedInvitation, InvitationPreview } from '../../../../shared/contracts/family-circle.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useAcceptInvitation, useDeclineInvitation, useInvitationPreview } from '../api/circle-queries.ts'

interface InvitationAnswerProps {
  token: string
  /** Undefined while the session loads. */
  isSignedIn: boolean | undefined
  /** Reads the pages again: the tree joined is the one they show now. */
  onJoined: () => Promise<void>
  /** After joining: the family tree, with a welcome that names the person's card. */
  onAccepted: (accepted: AcceptedInvitation, preview: InvitationPreview) => void
}

/**
 * The invitation page (docs/product.md#family-circle): who invites, to which tree, with which role
 * and as whom; signed out, the ways in that come back here; signed in, «Aceptar» or «Rechazar».
 * A link that no longer works says so kindly, and what to do.
 */
export function InvitationAnswer({ token, isSignedIn, onJoined, onAccepted }: InvitationAnswerProps) {
  const { t, i18n } = useTranslation(['family-circle', 'errors'])
  const preview = useInvitationPreview(token)
  const accept = useAcceptInvitation(token, onJoined)
  const decline = useDeclineInvitation(token)
  const [isDeclined, setIsDeclined] = useState(false)
  const back = { from: `/invitation/${token}` }

  if (preview.isError) {
    const isUnknown = preview.error instanceof ApiError && preview.error.status === 404
    return <ErrorBanner>{isUnknown ? t('invitation.unknown') : `${t('invitation.loadFailed')} ${errorText(t, preview.error)}`}</ErrorBanner>
  }
  if (!preview.data) {
    return (
      <p className="page-status" role="status">
        {t('invitation.loading')}
      </p>
    )
  }
  const invitation = preview.data
  if (isDeclined) return <StatusMessage>{t('invitation.declined')}</StatusMessage>
  if (invitation.status !== 'pending') {
    return (
      <div className="invitation-closed">
        <p>{t(`invitation.closed.${invitation.status}`, { name: invitation.invitedByName })}</p>
        <p>{t('invitation.askAgain', { name: invitation.invitedByName })}</p>
      </div>
    )
  }

  async function handleAccept() {
    try {
      onAccepted(await accept.mutateAsync(), invitation)
    } catch {
      // Said below the buttons.
    }
  }

  async function handleDecline() {
    try {
      await decline.mutateAsync()
      setIsDeclined(true)
    } catch {
      // Said below the buttons.
    }
  }

  const failure = accept.error ?? decline.error
  return (
    <div className="invitation-answer">
      <p className="invitation-who">{t('invitation.invites', { name: invitation.invitedByName, tree: invitation.treeName })}</p>
      <p>{t(`invitation.roleSentence.${invitation.role}`)}</p>
      {invitation.memberName && <p className="invitation-member">{t('invitation.youAre', { name: invitation.memberName })}</p>}
      <p className="hint">{t('invitation.until', { date: formatDateTime(invitation.expiresAt, i18n.language) })}</p>
      {isSignedIn === false && (
        <div className="invitation-actions">
          <Link className="button button-primary" to="/signup" state={back}>
            {t('invitation.signUp')}
          </Link>
          <Link className="button" to="/login" state={back}>
            {t('invitation.logIn')}
          </Link>
        </div>
      )}
      {isSignedIn && (
        <div className="invitation-actions">
          <button type="button" className="button button-primary" aria-disabled={accept.isPending || decline.isPending} onClick={() => void handleAccept()}>
            {accept.isPending ? t('invitation.accepting') : t('invitation.accept')}
          </button>
          <button type="button" className="button" aria-disabled={accept.isPending || decline.isPending} onClick={() => void handleDecline()}>
            {t('invitation.decline')}
          </button>
        </div>
      )}
      <ErrorBanner>{failure ? errorText(t, failure) : null}</ErrorBanner>
    </div>
  )
}
