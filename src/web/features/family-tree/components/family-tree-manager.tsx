import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import type { CentreRequest, ChartHooks, ChartViewControl } from '../chart/chart-hooks.ts'
import { TreePeopleContext } from '../lib/tree-people.ts'
import { useTreePageReads } from './use-tree-page-reads.ts'
import { memberName } from '../lib/member-name.ts'
import { TreeAccessContext, type TreeAccess } from '../lib/tree-access.ts'
import { ReaderKinshipContext, readerKinshipIn } from '../lib/reader-kinship.ts'
import { roleMay } from '../../../../shared/family-tree/roles.ts'
import type { NewRelativeRequest } from '../lib/new-relative.ts'
import { AddRelativeButtons } from './add-relative-buttons.tsx'
import type { MemberMediaSlot } from './media-buttons.tsx'
import { MemberSourcesContext, type MemberSourcesSlot } from './member-sources.ts'
import { MemberList, MemberListLoading } from './member-list.tsx'
import { preloadMemberForm } from './lazy-member-form.tsx'
import { NewMember } from './new-member.tsx'
import './family-tree-manager.css'

interface FamilyTreeManagerProps {
  /** What to show between the add form and the list once the tree has people (the chart of the view read), with what its people do. */
  renderChart?: (members: Member[], hooks: ChartHooks) => ReactNode
  /** The chart's place while the tree loads (most trees have people): its heading paints with the page. */
  chartWhileLoading?: ReactNode
  /** Each member's uploader and gallery (the media feature); without it they are "coming soon". */
  memberMedia?: MemberMediaSlot
  /** Where each card's facts come from, beside them (the facts feature); without it cards cite nothing. */
  memberSources?: MemberSourcesSlot
  /** The person's role in the tree shown and who they are; without it, they own the tree. */
  access?: TreeAccess
}

/** One object, so the cards (memoised, reading it from context) are not all drawn again at each render. */
const ownerAccess: TreeAccess = { role: 'owner', userId: undefined }

/** The tree page's working area (docs/product.md#family-tree): add person and back, the inline add form, the list. */
export function FamilyTreeManager({ renderChart, chartWhileLoading, memberMedia, memberSources, access = ownerAccess }: FamilyTreeManagerProps) {
  const { t } = useTranslation('family-tree')
  /** The add form is open: for anyone, or for a relative of someone in the tree. */
  const [adding, setAdding] = useState<{ relative?: NewRelativeRequest }>()
  const isAdding = adding !== undefined
  // A link from elsewhere (the dashboard's news) opens one person's card: /family-tree?member=<id>.
  const [searchParams] = useSearchParams()
  const [openedId, setOpenedId] = useState<string | undefined>(() => searchParams.get('member') ?? undefined)
  const [centreRequest, setCentreRequest] = useState<CentreRequest>()
  // ── What is read ── the part of the tree around one person, then everyone's names; never the whole tree.
  const { setAsked, view, isViewSettled, index, isIndexReady, opened, people, unions, isEveryoneWhole, names, everyoneUnions } = useTreePageReads(openedId)
  const [announcement, setAnnouncement] = useState('')
  const addButtonRef = useRef<HTMLButtonElement>(null)
  const shouldRefocus = useRef(false)
  const formId = useId()
  const viewMembers = view.data?.members
  const treePeople = useMemo(() => ({ people, unions }), [people, unions])
  // Until everyone's names have come, the form could not know who is already in the tree (or already "me").
  const canAdd = isIndexReady
  const mayEditTree = roleMay(access.role, 'tree.edit')
  const header = view.data?.tree ?? index.data?.tree
  // Made once per view: the cards, memoised, then keep theirs. The links it walks are those read (the
  // view is drawn around the reader's own card at first).
  const readerKinship = useMemo(
    () => readerKinshipIn(header !== undefined ? { tree: header, members: [...people.wholeMembers()], unions: [...unions] } : undefined, access.userId),
    [header, people, unions, access.userId],
  )
  // Whose own card is the keeper's mark: the chart's «(tú)» follows the reader, not the keeper.
  const keeperId = header?.ownerId
  const treeAccess = useMemo<TreeAccess>(() => ({ ...access, keeperId }), [access, keeperId])

  // Closing the form (saved or cancelled) puts the keyboard back on the button that opened it.
  useEffect(() => {
    if (isAdding || !shouldRefocus.current) return
    shouldRefocus.current = false
    addButtonRef.current?.focus()
  }, [isAdding])

  function closeForm() {
    shouldRefocus.current = true
    setAdding(undefined)
  }

  function handleAddClick() {
    if (isAdding) closeForm()
    else if (canAdd) setAdding({})
  }

  // Stable, so the chart (thousands of boxes) is not drawn again when the page's state changes.
  const handleAddRelative = useCallback((relative: NewRelativeRequest) => setAdding({ relative }), [])
  const handleCentre = useCallback((memberId: string) => setAsked(({ generations }) => ({ centreId: memberId, generations })), [setAsked])
  const handleGenerations = useCallback((generations: number) => setAsked(({ centreId }) => ({ ...(centreId === undefined ? {} : { centreId }), generations })), [setAsked])
  const shownView = view.data
  // Everyone the centre picker offers is a stand-in per person of the index (40 ms at 100,000):
  // made in a render of its own after the index's, not in the task that draws the list with it.
  const pickerPeople = useDeferredValue(people)
  const chartView = useMemo<ChartViewControl | undefined>(
    () =>
      shownView?.centreId
        ? {
            centreId: shownView.centreId,
            generations: shownView.generations,
            more: shownView.more,
            isLoading: view.isPlaceholderData,
            onCentre: handleCentre,
            onGenerations: handleGenerations,
            people: pickerPeople.hasIndex ? pickerPeople.everyone() : shownView.members,
          }
        : undefined,
    [shownView, view.isPlaceholderData, handleCentre, handleGenerations, pickerPeople],
  )
  const chartHooks = useMemo<ChartHooks>(
    () => ({ centreRequest, onOpen: setOpenedId, ...(mayEditTree ? { onAddRelative: handleAddRelative } : {}), ...(chartView ? { view: chartView } : {}) }),
    [centreRequest, handleAddRelative, mayEditTree, chartView],
  )

  function handleCloseOpened() {
    const closedId = openedId
    setOpenedId(undefined)
    // The keyboard goes back to the person's box in the chart it was opened from.
    if (closedId) document.querySelector<HTMLElement>(`.family-chart-person[data-member-id="${CSS.escape(closedId)}"]`)?.focus()
  }

  function renderOpenedActions(member: Member, membersById: ReadonlyMap<string, Member>) {
    return (
      <>
        <button
          type="button"
          className="button button-primary"
          aria-label={t('opened.centreLabel', { name: memberName(member) })}
          onClick={() => {
            handleCentre(member.memberId)
            setCentreRequest({ memberId: member.memberId, key: Date.now() })
          }}
        >
          {t('opened.centre')}
        </button>
        {mayEditTree && <AddRelativeButtons member={member} membersById={membersById} onAdd={handleAddRelative} />}
      </>
    )
  }

  function handleAdded(member: Member) {
    closeForm()
    setAnnouncement(t('form.added', { name: memberName(member) }))
  }

  return (
    <TreeAccessContext value={treeAccess}>
      <div className="family-tree-toolbar">
        {mayEditTree && (
          <button
            ref={addButtonRef}
            type="button"
            className="button button-primary"
            aria-expanded={isAdding}
            aria-controls={isAdding ? formId : undefined}
            aria-disabled={!canAdd}
            onClick={handleAddClick}
            onPointerEnter={preloadMemberForm}
            onFocus={preloadMemberForm}
          >
            {t('page.add')}
          </button>
        )}
        <Link className="button" to="/dashboard">
          {t('page.back')}
        </Link>
      </div>
      <StatusMessage>{announcement}</StatusMessage>
      {adding && canAdd && (
        <NewMember
          key={adding.relative ? `${adding.relative.relation}:${adding.relative.memberId}` : 'anyone'}
          id={formId}
          members={people.everyone()}
          onAdded={handleAdded}
          onCancel={closeForm}
          {...(adding.relative ? { relative: adding.relative } : {})}
        />
      )}
      {/* One loading block stands for the chart and the list, so neither is drawn and then pushed
          down when the tree arrives (the chart goes above the list only once there are people). */}
      {!isViewSettled ? (
        <>
          {chartWhileLoading}
          <MemberListLoading />
        </>
      ) : (
        <TreePeopleContext value={treePeople}>
          {viewMembers && viewMembers.length > 0 && renderChart?.(viewMembers, chartHooks)}
          <ReaderKinshipContext value={readerKinship}>
            <MemberSourcesContext value={memberSources}>
              <MemberList
                index={index}
                isEveryoneWhole={isEveryoneWhole}
                names={names}
                {...(everyoneUnions ? { everyoneUnions } : {})}
                onAnnounce={setAnnouncement}
                media={memberMedia}
                {...(opened ? { opened } : {})}
                onCloseOpened={handleCloseOpened}
                renderOpenedActions={renderOpenedActions}
              />
            </MemberSourcesContext>
          </ReaderKinshipContext>
        </TreePeopleContext>
      )}
    </TreeAccessContext>
  )
}
