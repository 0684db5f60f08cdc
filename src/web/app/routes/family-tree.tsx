import { lazy, Suspense, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { isSelfMember, isStandInSelf } from '../../../shared/family-tree/self-member.ts'
import type { FactKind } from '../../../shared/facts/index.ts'
import { StatusMessage } from '../../components/ui/banner.tsx'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useFamilyTree, useRefetchFamilyTree } from '../../features/family-tree/api/family-tree-queries.ts'
import { FamilyTreeManager } from '../../features/family-tree/components/family-tree-manager.tsx'
import { WhoAreYou } from '../../features/family-tree/components/who-are-you.tsx'
import { FamilyChartFrame } from '../../features/family-tree/chart/family-chart-frame.tsx'
import { GedcomSection } from '../../features/gedcom/components/gedcom-section.tsx'
import type { MemberMediaSlot } from '../../features/family-tree/components/media-buttons.tsx'
import type { CitedLine, MemberSourcesSlot } from '../../features/family-tree/components/member-sources.ts'
import { FactSources } from '../../features/facts/components/fact-sources.tsx'
import { HeardLines } from '../../features/facts/components/heard-lines.tsx'
import type { ChartHooks } from '../../features/family-tree/chart/chart-hooks.ts'
import { useWhenIdle } from '../../lib/use-when-idle.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useActiveTreeRole } from '../../features/family-tree/api/circle-queries.ts'
import type { TreeAccess } from '../../features/family-tree/lib/tree-access.ts'
import { keepsTree, readerCardIn } from '../../features/family-tree/lib/reader-card.ts'
import type { TreeWelcome } from './invitation.tsx'
import { roleMay } from '../../../shared/family-tree/roles.ts'

// The interactive chart is a chunk of its own, fetched only once the tree has people in it, so
// the route's first load stays small.
const FamilyChartBody = lazy(async () => ({
  default: (await import('../../features/family-tree/chart/family-chart-section.tsx')).FamilyChartBody,
}))

// The uploader and the gallery are chunks of their own too, fetched when a card first opens one.
const MediaUploader = lazy(async () => ({ default: (await import('../../features/media/components/media-uploader.tsx')).MediaUploader }))
const MediaGallery = lazy(async () => ({ default: (await import('../../features/media/components/media-gallery.tsx')).MediaGallery }))

// ── Media slot ── each member's uploader and gallery (features/media), shown from their card.
// A member's first photo is their portrait, which comes with the tree: an upload to someone
// without one, or a deletion that may have taken it, reads the tree again so the card and the
// chart show it at once. Other uploads change nothing the tree shows.
function MemberUploader({ member, name }: { member: Member; name: string }) {
  const refetchTree = useRefetchFamilyTree()
  return (
    <Suspense>
      <MediaUploader linkedToType="member" linkedToId={member.memberId} ownerName={name} onUploaded={member.portraitURL ? undefined : () => void refetchTree()} />
    </Suspense>
  )
}

function MemberGallery({ member, name }: { member: Member; name: string }) {
  const refetchTree = useRefetchFamilyTree()
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
// keeper's own card); the other cards ask nothing.
const citedKinds: Record<CitedLine, readonly FactKind[]> = {
  birth: ['birthDate', 'birthPlace'],
  death: ['deathDate', 'deathPlace'],
}

const isTalkedAbout = (member: Member) => member.interviewSegments.length > 0 || isSelfMember(member)

function sourcesFor(readerUserId: string | undefined): MemberSourcesSlot {
  return {
    cite: (member, line) => (
      <FactSources memberId={member.memberId} kinds={citedKinds[line]} subjectName={member.firstName} readerUserId={readerUserId} enabled={isTalkedAbout(member)} />
    ),
    heardLines: (member) => <HeardLines memberId={member.memberId} subjectName={member.firstName} readerUserId={readerUserId} enabled={isTalkedAbout(member)} />,
  }
}

/**
 * The chart's heading and introduction with the member list, and the chart itself once the list
 * has painted and the browser is idle: its code, its index of the tree and its first drawing then
 * never share a task with the list's first cards. The placeholder holds about the chart's
 * height, so nothing below it moves when it arrives.
 */
function IdleFamilyChart({ members, hooks }: { members: Member[]; hooks: ChartHooks }) {
  const { t } = useTranslation('family-tree')
  const isIdle = useWhenIdle()
  // The unions say which couples divorced; they come with the members.
  const unions = useFamilyTree().data?.unions
  const loading = <p className="family-tree-chart-loading">{t('chart.loading')}</p>
  return (
    <FamilyChartFrame>
      {isIdle ? (
        <Suspense fallback={loading}>
          <FamilyChartBody members={members} hooks={hooks} {...(unions ? { unions } : {})} />
        </Suspense>
      ) : (
        loading
      )}
    </FamilyChartFrame>
  )
}

/** /family-tree (docs/product.md#family-tree): the people of the user's tree, how they relate, and the chart. */
export function FamilyTreeRoute() {
  const { t } = useTranslation('family-tree')
  useDocumentTitle(t('page.title'))
  // Below the list: shown once the list is there, so they never sit in the first screen while
  // the tree loads and then jump tens of thousands of pixels down.
  const tree = useFamilyTree()
  const refetchTree = useRefetchFamilyTree()
  // ── Role ── what the person may do in the tree shown (it may be another's, shared with them).
  const role = useActiveTreeRole()
  const userId = useSession().data?.id
  const access = useMemo<TreeAccess | undefined>(() => (role ? { role, userId } : undefined), [role, userId])
  const memberSources = useMemo(() => sourcesFor(userId), [userId])
  const welcome = (useLocation().state as { welcome?: TreeWelcome } | null)?.welcome
  const isTreeSettled = tree.data !== undefined || tree.isError
  // ── Who are you ── asked once a tree has come in from another program, while its keeper has no
  // card of their own yet or only the one sign-up made (docs/product.md#family-tree). Only the
  // keeper is asked: in a tree shared with them, a person's card is the one an invitation linked.
  const [isAskingWho, setIsAskingWho] = useState(false)
  const [chosenName, setChosenName] = useState<string>()
  const members = tree.data?.members ?? []
  const reader = { userId, keeperId: tree.data?.tree?.ownerId }
  const ownCard = readerCardIn(members, reader)
  const shouldAskWho = isAskingWho && keepsTree(reader) && (!ownCard || isStandInSelf(ownCard)) && members.some((member) => member !== ownCard)
  const handleImportEnded = async () => {
    await refetchTree()
    setChosenName(undefined)
    setIsAskingWho(true)
  }
  const handleWhoAnswered = (chosen?: Member) => {
    setIsAskingWho(false)
    if (!chosen) return
    setChosenName(`${chosen.firstName} ${chosen.lastName}`.trim())
    // The chart centres on its owner: the one just chosen, near the top of the page.
    document.getElementById('family-tree-title')?.scrollIntoView({ block: 'start' })
  }
  return (
    <section className="page family-tree-page" aria-labelledby="family-tree-title">
      <h1 id="family-tree-title">{t('page.title')}</h1>
      <p className="family-tree-intro">{t('page.intro')}</p>
      {(tree.data?.members.length ?? 0) > 0 && (
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
        renderChart={(members, hooks) => <IdleFamilyChart members={members} hooks={hooks} />}
      />
      {/* ── GEDCOM ── bringing a tree in from another program (features/gedcom), and taking it out once it has people; for those whose role does. */}
      {isTreeSettled && roleMay(access?.role ?? 'owner', 'tree.import') && <GedcomSection hasPeople={(tree.data?.members.length ?? 0) > 0} onImportEnded={handleImportEnded} />}
      {shouldAskWho && <WhoAreYou members={members} ownCard={ownCard} onDone={handleWhoAnswered} />}
    </section>
  )
}
