import type { UseQueryResult } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FamilyTree, Member } from '../../../../shared/contracts/family-tree.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { useDeleteMember } from '../api/family-tree-queries.ts'
import { useGrowingCount } from '../../../lib/use-growing-count.ts'
import { failureText } from '../lib/failure-text.ts'
import { knownSurnamesFirst, memberName } from '../lib/member-name.ts'
import { matchesWords, searchWords } from '../lib/name-search.ts'
import type { MemberMediaSlot } from './media-buttons.tsx'
import { MemberCard } from './member-card.tsx'
import { MemberSearch } from './member-search.tsx'
import { OpenedMember } from './opened-member.tsx'
import './member-list.css'

/**
 * Cards shown at first and added by each "show more": a tree imported from GEDCOM can hold
 * thousands of people, and rendering every card at once froze the page for seconds.
 */
export const memberPageSize = 100

interface MemberListProps {
  tree: UseQueryResult<FamilyTree>
  /** Says something in the page's live region (a member saved or deleted). */
  onAnnounce: (text: string) => void
  /** Each member's uploader and gallery, from the media feature. */
  media?: MemberMediaSlot
  /** The person opened from the chart: their card above the list, with `renderOpenedActions` under it. */
  openedId?: string
  onCloseOpened?: () => void
  renderOpenedActions?: (member: Member, membersById: ReadonlyMap<string, Member>) => ReactNode
}

/**
 * What stands for the chart and the list while the tree loads: a screen's height, so the footer is
 * not in sight, and nothing else that the tree's arrival could push down.
 */
export function MemberListLoading() {
  const { t } = useTranslation('family-tree')
  return (
    <p className="member-list-loading" role="status">
      {t('list.loading')}
    </p>
  )
}

/** The members of the tree with their loading, failure and empty states, and deleting one. */
export function MemberList({ tree, onAnnounce, media, openedId, onCloseOpened, renderOpenedActions }: MemberListProps) {
  const { t } = useTranslation('family-tree')
  const deleteMember = useDeleteMember()
  const [memberToDelete, setMemberToDelete] = useState<Member>()
  const [shown, setShown] = useState(memberPageSize)
  const [query, setQuery] = useState('')
  // Typing stays quick in a tree of thousands: the list follows in a render a keystroke can interrupt.
  const deferredQuery = useDeferredValue(query)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const deletedId = useRef<string>(undefined)
  const headingId = useId()
  const members = tree.data?.members
  // People whose surname nobody knows come after the others; the server's order stands within each group.
  const ordered = useMemo(() => members && knownSurnamesFirst(members), [members])
  const membersById = useMemo(() => new Map((members ?? []).map((member) => [member.memberId, member])), [members])
  // Given names, surnames and a nickname written with them (José «Pepe»): every word typed must be there.
  const found = useMemo(() => {
    const words = searchWords(deferredQuery)
    return ordered && words.length > 0 ? ordered.filter((member) => matchesWords(`${member.firstName} ${member.lastName}`, words)) : ordered
  }, [ordered, deferredQuery])
  const opened = openedId === undefined ? undefined : membersById.get(openedId)
  // The page's cards are drawn a few at a time (see useGrowingCount); "shown" is what was asked for.
  const drawn = useGrowingCount(Math.min(shown, found?.length ?? 0))
  const handleUpdated = useCallback((updated: Member) => onAnnounce(t('card.updated', { name: memberName(updated) })), [onAnnounce, t])

  // The deleted member's buttons are gone, so focus lands on the list heading; only once both the
  // dialog has closed (it gives focus back first) and the member has left the list.
  useEffect(() => {
    if (!deletedId.current || memberToDelete || membersById.has(deletedId.current)) return
    deletedId.current = undefined
    headingRef.current?.focus()
  }, [memberToDelete, membersById])

  const resetDelete = deleteMember.reset
  // Stable, so the memoised cards already drawn are not drawn again as the next ones arrive.
  const handleDeleteRequest = useCallback(
    (member: Member) => {
      resetDelete()
      setMemberToDelete(member)
    },
    [resetDelete],
  )

  function handleDeleteCancel() {
    setMemberToDelete(undefined)
    deleteMember.reset()
  }

  function handleDeleteConfirm() {
    if (!memberToDelete) return
    const name = memberName(memberToDelete)
    deleteMember.mutate(memberToDelete.memberId, {
      onSuccess: (_nothing, memberId) => {
        deletedId.current = memberId
        setMemberToDelete(undefined)
        onAnnounce(t('delete.done', { name }))
      },
    })
  }

  let content: ReactNode
  if (members && members.length > 0) {
    const hidden = found!.length - shown
    content = (
      <>
        <MemberSearch query={query} onChange={setQuery} found={found!.length} />
        <ul className="member-list" aria-labelledby={headingId}>
          {found!.slice(0, drawn).map((member) => (
            <li key={member.memberId}>
              <MemberCard member={member} members={members} membersById={membersById} onDelete={handleDeleteRequest} media={media} onUpdated={handleUpdated} />
            </li>
          ))}
        </ul>
        {hidden > 0 && (
          <div className="member-list-more">
            <p>{t('list.shown', { shown, total: found!.length })}</p>
            <button type="button" className="button" onClick={() => setShown((count) => count + memberPageSize)}>
              {t('list.showMore', { count: Math.min(hidden, memberPageSize) })}
            </button>
          </div>
        )}
      </>
    )
  } else if (members) {
    content = (
      <div className="member-list-empty">
        <p className="member-list-empty-title">{t('list.emptyTitle')}</p>
        <p>{t('list.empty')}</p>
      </div>
    )
  } else if (tree.isError) {
    content = (
      <ErrorBanner>
        <p className="member-list-error">{failureText(t, tree.error, 'list.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={tree.isFetching} onClick={() => void tree.refetch()}>
          {tree.isFetching ? t('list.retrying') : t('list.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = <MemberListLoading />
  }

  return (
    <>
      {opened && members && (
        <OpenedMember
          member={opened}
          members={members}
          membersById={membersById}
          media={media}
          onDelete={handleDeleteRequest}
          onUpdated={handleUpdated}
          onClose={() => onCloseOpened?.()}
          actions={renderOpenedActions?.(opened, membersById)}
        />
      )}
      <section className="member-list-section" aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('list.heading')}
        </h2>
        {content}
        <ConfirmDialog
          open={memberToDelete !== undefined}
          title={t('delete.title')}
          description={memberToDelete && <p>{t('delete.description', { name: memberName(memberToDelete) })}</p>}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          pendingLabel={t('delete.pending')}
          pending={deleteMember.isPending}
          error={deleteMember.isError ? failureText(t, deleteMember.error, 'delete.failed') : undefined}
          onConfirm={handleDeleteConfirm}
          onCancel={handleDeleteCancel}
        />
      </section>
    </>
  )
}
