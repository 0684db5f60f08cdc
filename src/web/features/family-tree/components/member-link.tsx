import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useUnlinkMember } from '../api/circle-queries.ts'
import { useTreeAccess } from '../lib/tree-access.ts'

/**
 * A card and the account of its person: «Invitar a esta persona» (the family page's form, with
 * them chosen) while nobody is linked or invited, «Desvincular» once someone is, for that person or
 * whoever invites.
 */
export function MemberLink({ member, name }: { member: Member; name: string }) {
  const { t } = useTranslation(['family-tree', 'errors'])
  const access = useTreeAccess()
  const unlink = useUnlinkMember()
  const [isAsking, setIsAsking] = useState(false)

  if (member.linkedUserAccountId === null) {
    if (!access.mayInvite || member.connectionStatus === 'pending') return null
    return (
      <Link className="button" to={`/family?invite=${encodeURIComponent(member.memberId)}`} aria-label={t('card.inviteLabel', { name })}>
        {t('card.invite')}
      </Link>
    )
  }
  if (!access.mayUnlink(member)) return null
  const isOwn = access.isOwnCard(member)

  function handleCancel() {
    setIsAsking(false)
    unlink.reset()
  }

  return (
    <>
      <button type="button" className="button" aria-label={t('card.unlinkLabel', { name })} onClick={() => setIsAsking(true)}>
        {t('card.unlink')}
      </button>
      {isAsking && (
        <ConfirmDialog
          open
          title={t('unlink.title', { name })}
          description={<p>{isOwn ? t('unlink.descriptionYou', { name }) : t('unlink.description', { name })}</p>}
          confirmLabel={t('unlink.confirm')}
          cancelLabel={t('unlink.cancel')}
          pendingLabel={t('unlink.pending')}
          pending={unlink.isPending}
          error={unlink.isError ? errorText(t, unlink.error) : undefined}
          onConfirm={() => unlink.mutate(member.memberId, { onSuccess: () => setIsAsking(false) })}
          onCancel={handleCancel}
        />
      )}
    </>
  )
}
