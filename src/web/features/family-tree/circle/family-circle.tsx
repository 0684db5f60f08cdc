import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { roleMay } from '../../../../shared/family-tree/roles.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCircle, useTrees } from '../api/circle-queries.ts'
import { useTreeIndex } from '../api/tree-page-queries.ts'
import { memberFromEntry } from '../lib/tree-index.ts'
import { TreeAccessContext, type TreeAccess } from '../lib/tree-access.ts'
import { CircleInvitations } from './circle-invitations.tsx'
import { CirclePeople } from './circle-people.tsx'
import { InviteForm } from './invite-form.tsx'
import { RoleBadge } from './role-badge.tsx'

interface FamilyCircleProps {
  /** Reads every page of the tree again: the person left it, so another is shown. */
  onTreeChanged: () => Promise<void>
  /** The card an invitation is for, when the page was opened from it. */
  inviteMemberId?: string
  /** The signed-in person's account, to know their own card among those to invite for. */
  readerId?: string | undefined
}

/** The people of the tree the pages show, the invitations waiting, and inviting someone. */
export function FamilyCircle({ onTreeChanged, inviteMemberId, readerId }: FamilyCircleProps) {
  const { t } = useTranslation(['family-circle', 'errors'])
  const trees = useTrees()
  const active = trees.data?.trees.find((tree) => tree.isActive)
  const circle = useCircle(active?.treeId)
  const mayInvite = circle.data !== undefined && roleMay(circle.data.yourRole, 'circle.invite')
  // The card an invitation is for is chosen from the index of names, as the tree page's picker
  // is: a tree of 100,000 people is a few MiB of it, where the whole tree is a hundred.
  // The index marks a card linked to an account; the circle says whose, for «(tú)» by one's own.
  const index = useTreeIndex(mayInvite)
  const people = useMemo(() => {
    const linkedTo = new Map((circle.data?.people ?? []).flatMap((person) => (person.linkedMemberId ? [[person.linkedMemberId, person.userId] as const] : [])))
    return index.data?.people.map((entry) => {
      const member = memberFromEntry(entry)
      const userId = linkedTo.get(member.memberId)
      if (userId !== undefined) member.linkedUserAccountId = userId
      return member
    })
  }, [index.data, circle.data])
  // Without the tree's people the invitation can still be made, naming no one.
  const members = people ?? (index.isError ? [] : undefined)
  // The choice of card says «(tú)» by the inviter's own card, not by the keeper's.
  const access: TreeAccess = { role: circle.data?.yourRole ?? 'viewer', userId: readerId, keeperId: index.data?.tree?.ownerId }

  if (trees.isError || circle.isError) return <ErrorBanner>{`${t('page.loadFailed')} ${errorText(t, trees.error ?? circle.error)}`}</ErrorBanner>
  if (trees.data && !active) {
    return (
      <div className="family-circle-empty">
        <p>{t('page.noTree')}</p>
        <Link className="button button-primary" to="/family-tree">
          {t('page.startTree')}
        </Link>
      </div>
    )
  }
  if (!circle.data) {
    return (
      <p className="page-status" role="status">
        {t('page.loading')}
      </p>
    )
  }
  return (
    <>
      <p className="family-circle-tree">
        {t('page.tree', { tree: circle.data.treeName })} <RoleBadge role={circle.data.yourRole} />
      </p>
      <CirclePeople circle={circle.data} onLeft={onTreeChanged} />
      <CircleInvitations circle={circle.data} />
      {mayInvite &&
        (members ? (
          <TreeAccessContext value={access}>
            <InviteForm
              key={inviteMemberId ?? 'anyone'}
              treeId={circle.data.treeId}
              members={members}
              canMail={circle.data.canMail}
              {...(inviteMemberId ? { initialMemberId: inviteMemberId } : {})}
            />
          </TreeAccessContext>
        ) : (
          <p className="page-status" role="status">
            {t('page.loading')}
          </p>
        ))}
    </>
  )
}
