import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { InvitationAnswer } from '../../features/family-tree/circle/invitation-answer.tsx'
import { useForgetTreeReads } from '../tree-scoped-queries.ts'

/** What the family tree page says to someone who has just joined it. */
export interface TreeWelcome {
  treeName: string
  invitedByName: string
  /** The card they were linked to, when the invitation named one. */
  memberName: string | null
}

/** /invitation/:token (docs/product.md#family-circle): public, like the sign-in pages. */
export function InvitationRoute() {
  const { t } = useTranslation('family-circle')
  useDocumentTitle(t('invitation.title'))
  const { token = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  const forgetTreeReads = useForgetTreeReads()
  return (
    <section className="page page-narrow invitation-page" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('invitation.title')}</h1>
      <InvitationAnswer
        token={token}
        isSignedIn={session.isPending ? undefined : Boolean(session.data)}
        onJoined={forgetTreeReads}
        onAccepted={(accepted, preview) => {
          const welcome: TreeWelcome = { treeName: preview.treeName, invitedByName: preview.invitedByName, memberName: accepted.linkedMemberId ? preview.memberName : null }
          void navigate('/family-tree', { replace: true, state: { welcome } })
        }}
      />
    </section>
  )
}
