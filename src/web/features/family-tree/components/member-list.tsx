import type { UseQueryResult } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import type { TreeIndex } from '../../../../shared/contracts/family-tree-view.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { useDeleteMember } from '../api/family-tree-queries.ts'
import { useGrowingCount } from '../../../lib/use-growing-count.ts'
import { failureText } from '../lib/failure-text.ts'
import { memberName } from '../lib/member-name.ts'
import { entryId, knownSurnamesFirstEntries } from '../lib/tree-index.ts'
import { useTreePeople, type TreePeople } from '../lib/tree-people.ts'
import { useListMembers } from '../api/tree-page-queries.ts'
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
  /** Everyone in the tree, by name: the list's order and its search. */
  index: UseQueryResult<TreeIndex>
  /** Everyone is read whole already (a small tree): the cards need no reads of their own. */
  isEveryoneWhole?: boolean
  /** Whom the cards name as relatives: the same while the chart's view changes. */
  names: TreePeople
  /** The unions read with everyone, when they are. */
  everyoneUnions?: readonly Union[]
  /** Says something in the page's live region (a member saved or deleted). */
  onAnnounce: (text: string) => void
  /** Each member's uploader and gallery, from the media feature. */
  media?: MemberMediaSlot
  /** The person opened from the chart, read whole: their card above the list, with `renderOpenedActions` under it. */
  opened?: { member: Member; unions: readonly Union[] }
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

const noIds: string[] = []

/**
 * Cards drawn per task after the first screen's: a card is some 3-5 ms of rendering on a desktop
 * and four times that on a slow phone, so two stay under the 50 ms that make a task long there (six
 * were 60-90 ms, a dozen times over for a page of a hundred).
 */
const cardSteps = { first: 6, step: 2 }

/** How long typing must pause before the cards a search found are read. */
const searchPauseMs = 300

/** `value` once it has stayed the same for `delayMs` (the next task, for 0). */
function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/** How far past the list's last card it starts reading the next page, so scrolling rarely meets the end. */
const growMargin = '1200px'

/**
 * The members of the tree with their loading, failure and empty states, and deleting one. The
 * order and the search come from the index; the cards shown are read whole a page at a time, as
 * the list grows (by scrolling near its end, or by «show more»).
 */
export function MemberList({ index, isEveryoneWhole = false, names, everyoneUnions, onAnnounce, media, opened, onCloseOpened, renderOpenedActions }: MemberListProps) {
  const { t } = useTranslation('family-tree')
  const { people } = useTreePeople()
  const deleteMember = useDeleteMember()
  const [memberToDelete, setMemberToDelete] = useState<Member>()
  const [shown, setShown] = useState(memberPageSize)
  const [query, setQuery] = useState('')
  // Typing stays quick in a tree of thousands: the list follows in a render a keystroke can interrupt.
  const deferredQuery = useDeferredValue(query)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moreRef = useRef<HTMLDivElement>(null)
  const deletedId = useRef<string>(undefined)
  const headingId = useId()
  // The list follows a new index (everyone's names, after a save too) in a transition React renders
  // in slices, not in the task that brought it, which draws the chart with it.
  const entries = useDeferredValue(index.data?.people)
  // People whose surname nobody knows come after the others; the server's order stands within each group.
  const ordered = useMemo(() => entries && knownSurnamesFirstEntries(entries), [entries])
  // Given names, surnames and a nickname written with them (José «Pepe»): every word typed must be there.
  const found = useMemo(() => {
    const words = searchWords(deferredQuery)
    return ordered && words.length > 0 ? ordered.filter((entry) => matchesWords(`${entry[1]} ${entry[2]}`, words)) : ordered
  }, [ordered, deferredQuery])
  const shownIds = useMemo(() => (found ?? []).slice(0, shown).map(entryId), [found, shown])
  // What a search shows is read once the typing pauses, not at every keystroke.
  const readIds = useSettledValue(isEveryoneWhole ? noIds : shownIds, deferredQuery.trim() ? searchPauseMs : 0)
  const pages = useListMembers(readIds, memberPageSize)
  // The cards whose members have come, in order, up to the first still on its way.
  const ready = useMemo(() => {
    const members: Member[] = []
    for (const id of shownIds) {
      const member = isEveryoneWhole ? names.whole(id) : pages.get(id)
      if (!member) break
      members.push(member)
    }
    return members
  }, [shownIds, pages, names, isEveryoneWhole])
  // The page's cards are drawn a few at a time (see useGrowingCount); "shown" is what was asked for.
  // The cards an answer brought are drawn after it, in a transition React renders in slices: in the
  // answer's own task they were drawn with everything else it changed (a task of 200 ms on a slow phone).
  const drawn = useGrowingCount(useDeferredValue(ready.length), cardSteps)
  const handleUpdated = useCallback((updated: Member) => onAnnounce(t('card.updated', { name: memberName(updated) })), [onAnnounce, t])
  const total = found?.length ?? 0
  const hidden = total - shown
  const isGrowing = hidden > 0 && drawn >= shownIds.length

  // Near the end of what is drawn, the list reads and draws its next page, as a long page does.
  useEffect(() => {
    const more = moreRef.current
    if (!more || !isGrowing || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) setShown((count) => count + memberPageSize)
      },
      { rootMargin: `0px 0px ${growMargin} 0px` },
    )
    observer.observe(more)
    return () => observer.disconnect()
  }, [isGrowing, shown])

  // The deleted member's buttons are gone, so focus lands on the list heading; only once both the
  // dialog has closed (it gives focus back first) and the member has left the list.
  useEffect(() => {
    if (!deletedId.current || memberToDelete || shownIds.includes(deletedId.current)) return
    deletedId.current = undefined
    headingRef.current?.focus()
  }, [memberToDelete, shownIds])

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
  if (entries && entries.length > 0) {
    const isFirstPageComing = drawn === 0 && shownIds.length > 0 && pages.error === undefined
    content = (
      <>
        <MemberSearch query={query} onChange={setQuery} found={total} />
        {/* The first cards are on their way: the list comes with them, not empty before them. */}
        {isFirstPageComing && !deferredQuery.trim() ? (
          <MemberListLoading />
        ) : (
          <ul className="member-list" aria-labelledby={headingId}>
            {ready.slice(0, drawn).map((member) => (
              <li key={member.memberId}>
                <MemberCard
                  member={member}
                  membersById={names}
                  unions={isEveryoneWhole ? everyoneUnions : pages.unionsOf(member.memberId)}
                  onDelete={handleDeleteRequest}
                  media={media}
                  onUpdated={handleUpdated}
                />
              </li>
            ))}
          </ul>
        )}
        {pages.error !== undefined && ready.length < shownIds.length ? (
          <ErrorBanner>
            <p className="member-list-error">{failureText(t, pages.error, 'list.loadFailed')}</p>
            <button type="button" className="button" onClick={() => void pages.refetch()}>
              {t('list.retry')}
            </button>
          </ErrorBanner>
        ) : (
          ready.length < shownIds.length &&
          !(isFirstPageComing && !deferredQuery.trim()) && (
            <p className="member-list-next" role="status">
              {t('list.loading')}
            </p>
          )
        )}
        {hidden > 0 && (
          <div className="member-list-more" ref={moreRef}>
            <p>{t('list.shown', { shown, total })}</p>
            <button type="button" className="button" onClick={() => setShown((count) => count + memberPageSize)}>
              {t('list.showMore', { count: Math.min(hidden, memberPageSize) })}
            </button>
          </div>
        )}
      </>
    )
  } else if (entries) {
    content = (
      <div className="member-list-empty">
        <p className="member-list-empty-title">{t('list.emptyTitle')}</p>
        <p>{t('list.empty')}</p>
      </div>
    )
  } else if (index.isError) {
    content = (
      <ErrorBanner>
        <p className="member-list-error">{failureText(t, index.error, 'list.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={index.isFetching} onClick={() => void index.refetch()}>
          {index.isFetching ? t('list.retrying') : t('list.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = <MemberListLoading />
  }

  return (
    <>
      {opened && (
        <OpenedMember
          member={opened.member}
          membersById={people}
          unions={opened.unions}
          media={media}
          onDelete={handleDeleteRequest}
          onUpdated={handleUpdated}
          onClose={() => onCloseOpened?.()}
          actions={renderOpenedActions?.(opened.member, people)}
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
