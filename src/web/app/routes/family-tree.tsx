import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { isSelfMember, isStandInSelf } from '../../../shared/family-tree/self-member.ts'
import type { FactKind } from '../../../shared/facts/index.ts'
import { StatusMessage } from '../../components/ui/banner.tsx'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRefetchFamilyTree, useRefetchShownMembers } from '../../features/family-tree/api/family-tree-queries.ts'
import { membersByIdsQuery, treeIndexQuery, treeViewQuery } from '../../features/family-tree/api/tree-page-queries.ts'
import { treeViewLimits } from '../../../shared/family-tree/tree-view-limits.ts'
import { memberFromEntry } from '../../features/family-tree/lib/tree-index.ts'
import { useTreePeople } from '../../features/family-tree/lib/tree-people.ts'
import { FamilyTreeManager } from '../../features/family-tree/components/family-tree-manager.tsx'
import { WhoAreYou } from '../../features/family-tree/components/who-are-you.tsx'
import { FamilyChartFrame } from '../../features/family-tree/chart/family-chart-frame.tsx'
import { GedcomSection } from '../../features/gedcom/components/gedcom-section.tsx'
import type { MemberMediaSlot } from '../../features/family-tree/components/media-buttons.tsx'
import type { CitedLine, MemberSourcesSlot } from '../../features/family-tree/components/member-sources.ts'
import { FactSources } from '../../features/facts/components/fact-sources.tsx'
import { HeardLines } from '../../features/facts/components/heard-lines.tsx'
import type { ChartHooks } from '../../features/family-tree/chart/chart-hooks.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useActiveTreeRole } from '../../features/family-tree/api/circle-queries.ts'
import type { TreeAccess } from '../../features/family-tree/lib/tree-access.ts'
import { keepsTree, readerCardIn } from '../../features/family-tree/lib/reader-card.ts'
import type { TreeWelcome } from './invitation.tsx'
import { roleMay } from '../../../shared/family-tree/roles.ts'

// The interactive chart is a chunk of its own, so the route's first load stays small, asked for as
// soon as this module runs: the view it draws is read with the page's HTML, and asked for once the
// view had come, the chart's code kept the first person waiting a round trip more.
const chartCode = import('../../features/family-tree/chart/family-chart-section.tsx')
type ChartModule = Awaited<typeof chartCode>
let chartModule: ChartModule | undefined
chartCode.then(
  (module) => (chartModule = module),
  () => undefined, // thrown where the chart renders (useChartCode)
)

/**
 * The chart's code once it has come, else undefined until it does. Not a lazy component: React
 * holds back a suspended boundary's retry until 300 ms after its fallback showed, and that wait was
 * most of what the first person waited for once the chart's code had come. The code's arrival is an
 * ordinary update instead. A chunk that fails is thrown, as a lazy component's would be, to the
 * route's error page.
 */
function useChartCode(): ChartModule | undefined {
  const [loaded, setLoaded] = useState<{ module?: ChartModule; error?: unknown }>(() => ({ module: chartModule }))
  useEffect(() => {
    if (loaded.module) return
    let isCurrent = true
    chartCode.then(
      (module) => isCurrent && setLoaded({ module }),
      (error: unknown) => isCurrent && setLoaded({ error: error ?? new Error('the chart could not load') }),
    )
    return () => {
      isCurrent = false
    }
  }, [loaded.module])
  if (loaded.error) throw loaded.error
  return loaded.module
}

// The uploader and the gallery are chunks of their own too, fetched when a card first opens one.
const MediaUploader = lazy(async () => ({ default: (await import('../../features/media/components/media-uploader.tsx')).MediaUploader }))
const MediaGallery = lazy(async () => ({ default: (await import('../../features/media/components/media-gallery.tsx')).MediaGallery }))

// ── Media slot ── each member's uploader and gallery (features/media), shown from their card.
// A member's first photo is their portrait, which comes with the member: an upload to someone
// without one, or a deletion that may have taken it, reads again the members shown (not the index
// of names) so the card and the chart show it at once. Other uploads change nothing the tree shows.
function MemberUploader({ member, name }: { member: Member; name: string }) {
  const refetchTree = useRefetchShownMembers()
  return (
    <Suspense>
      <MediaUploader linkedToType="member" linkedToId={member.memberId} ownerName={name} onUploaded={member.portraitURL ? undefined : () => void refetchTree()} />
    </Suspense>
  )
}

function MemberGallery({ member, name }: { member: Member; name: string }) {
  const refetchTree = useRefetchShownMembers()
  return (
    <Suspense>
      <MediaGallery memberId={member.memberId} ownerName={name} onDeleted={member.portraitURL ? () => void refetchTree() : undefined} />
    </Suspense>
  )
}

const memberMedia: MemberMediaSlot = {
  renderUploader: (member, name) => <MemberUploader member={member} name={name} />,
  renderGallery: (member, name) => <MemberGallery member={member} name={name} />,
}

// ── Sources slot ── what was heard and accepted about a person (features/facts): where their
// birth and death came from, and their trade, homes and nickname, each with its source. Only a
// person someone talked about can have any (Ana's interviews about them, Cronos' about the
// keeper's own card); the other cards ask nothing, and draw nothing for them: a query observer
// each, even one that asks nothing, cost a card of a long list three observers and their timers.
const citedKinds: Record<CitedLine, readonly FactKind[]> = {
  birth: ['birthDate', 'birthPlace'],
  death: ['deathDate', 'deathPlace'],
}

const isTalkedAbout = (member: Member) => member.interviewSegments.length > 0 || isSelfMember(member)

function sourcesFor(readerUserId: string | undefined): MemberSourcesSlot {
  return {
    cite: (member, line) =>
      isTalkedAbout(member) && <FactSources memberId={member.memberId} kinds={citedKinds[line]} subjectName={member.firstName} readerUserId={readerUserId} enabled />,
    heardLines: (member) => isTalkedAbout(member) && <HeardLines memberId={member.memberId} subjectName={member.firstName} readerUserId={readerUserId} enabled />,
  }
}

/**
 * The chart, drawn as soon as the view around its centre has come: it is the first thing the page
 * can show (the list waits for the index of names and its cards), so its code is asked for then and
 * it is not kept for an idle moment. The placeholder holds about the chart's height, so nothing
 * below it moves when it arrives.
 */
function FamilyChart({ members, hooks }: { members: Member[]; hooks: ChartHooks }) {
  // The unions say which couples divorced; they come with the view's members.
  const { unions } = useTreePeople()
  const chart = useChartCode()
  return <FamilyChartFrame>{chart ? <chart.FamilyChartBody members={members} hooks={hooks} {...(unions ? { unions } : {})} /> : <ChartLoading />}</FamilyChartFrame>
}

function ChartLoading() {
  const { t } = useTranslation('family-tree')
  return <p className="family-tree-chart-loading">{t('chart.loading')}</p>
}

/**
 * The chart's section while the tree loads, as it will stand once the chart comes: its heading and
 * introduction (the page's largest text) paint with the page, from its HTML when it was drawn for
 * someone signed in, and nothing below moves when the chart arrives.
 */
const chartWhileLoading = (
  <FamilyChartFrame>
    <ChartLoading />
  </FamilyChartFrame>
)

/** /family-tree (docs/product.md#family-tree): the people of the user's tree, how they relate, and the chart. */
export function FamilyTreeRoute() {
  const { t } = useTranslation('family-tree')
  useDocumentTitle(t('page.title'))
  // Below the list: shown once the list is there, so they never sit in the first screen while
  // the tree loads and then jump tens of thousands of pixels down.
  // Everyone's names, read by the tree's own parts below once its chart has come; watched here, never asked.
  const index = useQuery({ ...treeIndexQuery(), enabled: false })
  const queryClient = useQueryClient()
  const refetchTree = useRefetchFamilyTree()
  // ── Role ── what the person may do in the tree shown (it may be another's, shared with them).
  const role = useActiveTreeRole()
  const userId = useSession().data?.id
  const access = useMemo<TreeAccess | undefined>(() => (role ? { role, userId } : undefined), [role, userId])
  const memberSources = useMemo(() => sourcesFor(userId), [userId])
  const welcome = (useLocation().state as { welcome?: TreeWelcome } | null)?.welcome
  const isTreeSettled = index.data !== undefined || index.isError
  // The first view says whether anyone is here before the index does: the link above the chart
  // then comes with the chart, not seconds after it, moving it down (a layout shift of 0.12).
  const firstView = useQuery({ ...treeViewQuery(undefined, treeViewLimits.defaultGenerations), enabled: false })
  const hasPeople = index.data ? index.data.people.length > 0 : (firstView.data?.total ?? 0) > 0
  // ── Who are you ── asked once a tree has come in from another program, while its keeper has no
  // card of their own yet or only the one sign-up made (docs/product.md#family-tree). Only the
  // keeper is asked: in a tree shared with them, a person's card is the one an invitation linked.
  const [askingWho, setAskingWho] = useState<{ members: readonly Member[]; ownCard: Member | undefined }>()
  const [chosenName, setChosenName] = useState<string>()
  const reader = { userId, keeperId: index.data?.tree?.ownerId }
  const shouldAskWho =
    askingWho !== undefined &&
    keepsTree(reader) &&
    (!askingWho.ownCard || isStandInSelf(askingWho.ownCard)) &&
    askingWho.members.some((member) => member.memberId !== askingWho.ownCard?.memberId)
  const handleImportEnded = async () => {
    await refetchTree()
    // Everyone by name to search among, and the reader's own card whole (is it only what sign-up made?).
    // The index was just read again if it was in use; otherwise it is read now.
    const fresh = await queryClient.fetchQuery({ ...treeIndexQuery(), staleTime: 5_000 })
    const members = fresh.people.map(memberFromEntry)
    const own = readerCardIn(members, { userId, keeperId: fresh.tree?.ownerId })
    const ownCard = own && (await queryClient.fetchQuery(membersByIdsQuery([own.memberId]))).members[0]
    setChosenName(undefined)
    setAskingWho({ members, ownCard })
  }
  const handleWhoAnswered = (chosen?: Member) => {
    setAskingWho(undefined)
    if (!chosen) return
    setChosenName(`${chosen.firstName} ${chosen.lastName}`.trim())
    // The chart centres on its owner: the one just chosen, near the top of the page.
    document.getElementById('family-tree-title')?.scrollIntoView({ block: 'start' })
  }
  return (
    <section className="page family-tree-page" aria-labelledby="family-tree-title">
      <h1 id="family-tree-title">{t('page.title')}</h1>
      <p className="family-tree-intro">{t('page.intro')}</p>
      {hasPeople && (
        <p>
          <Link to="/timeline">{t('page.familyTimeline')}</Link>
        </p>
      )}
      {welcome && (
        <StatusMessage>
          {t('welcome.joined', { name: welcome.invitedByName, tree: welcome.treeName })}
          {welcome.memberName ? ` ${t('welcome.linked', { name: welcome.memberName })}` : ''}
        </StatusMessage>
      )}
      {/* Only once there is something to say: other parts of the page have status lines of their own. */}
      {chosenName && <StatusMessage>{t('whoAreYou.chosen', { name: chosenName })}</StatusMessage>}
      <FamilyTreeManager
        memberMedia={memberMedia}
        memberSources={memberSources}
        {...(access ? { access } : {})}
        // ── Chart slot ── the interactive family chart (features/family-tree/chart); a person in it opens their card.
        renderChart={(members, hooks) => <FamilyChart members={members} hooks={hooks} />}
        chartWhileLoading={chartWhileLoading}
      />
      {/* ── GEDCOM ── bringing a tree in from another program (features/gedcom), and taking it out once it has people; for those whose role does. */}
      {isTreeSettled && roleMay(access?.role ?? 'owner', 'tree.import') && <GedcomSection hasPeople={hasPeople} onImportEnded={handleImportEnded} />}
      {shouldAskWho && <WhoAreYou members={askingWho.members} ownCard={askingWho.ownCard} onDone={handleWhoAnswered} />}
    </section>
  )
}
