import { useCallback, useMemo, useState, useTransition } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import { useIsReaderCard } from '../lib/tree-access.ts'
import { knownSurnamesFirst } from '../lib/member-name.ts'
import { AddRelativeButtons } from '../components/add-relative-buttons.tsx'
import { CentrePicker } from './centre-picker.tsx'
import type { CentreRequest, ChartHooks } from './chart-hooks.ts'
import { divorcedCouples, marriedCouples } from './chart-links.ts'
import { ChartCanvas } from './chart-canvas.tsx'
import type { FamilyIndex } from './family-index.ts'
import { defaultGenerations } from './chart-model.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { layoutWithin } from './layout.ts'
import { personName } from './person-label.ts'
import { RelativesList } from './relatives-list.tsx'
import { useFamilyIndex } from './use-family-index.ts'

/** No unions known (a tree read without them): no couple is drawn as divorced. */
const noUnions: Union[] = []

/**
 * The chart and its controls around one centre person, who starts as the reader's own card (or,
 * without one, the keeper's; with neither, the first person of the tree's list). With `hooks`, a person
 * in it opens their card and the centre person's missing relatives can be added; without, a
 * person is put in the centre.
 */
export function FamilyChart({ members: latest, unions = noUnions, hooks }: { members: Member[]; unions?: readonly Union[]; hooks?: ChartHooks }) {
  const { t } = useTranslation('family-chart')
  const indexed = useFamilyIndex(latest)
  if (!indexed) {
    return (
      <p className="family-chart-drawing" role="status">
        {t('drawing')}
      </p>
    )
  }
  return <IndexedFamilyChart members={indexed.members} index={indexed.index} unions={unions} hooks={hooks} />
}

interface IndexedFamilyChartProps {
  members: readonly Member[]
  index: FamilyIndex<Member>
  unions: readonly Union[]
  hooks: ChartHooks | undefined
}

function IndexedFamilyChart({ members, index, unions, hooks }: IndexedFamilyChartProps) {
  const { t } = useTranslation('family-chart')
  const [chosenId, setChosenId] = useState<string>()
  // «Centrar aquí» on a card: the chart takes the person asked for, once per request.
  const centreRequest = hooks?.centreRequest
  const [lastRequest, setLastRequest] = useState<CentreRequest | undefined>(centreRequest)
  if (centreRequest !== lastRequest) {
    setLastRequest(centreRequest)
    if (centreRequest) setChosenId(centreRequest.memberId)
  }
  const [ownGenerations, setGenerations] = useState(defaultGenerations)
  // A view the page read: its centre and generations are the page's, and asking others reads another.
  const view = hooks?.view
  const generations = view ? view.generations : ownGenerations
  // Re-laying out a large tree renders many boxes: let React do it in interruptible slices.
  const [, startTransition] = useTransition()

  const isYou = useIsReaderCard()
  // The reader starts at their own card; someone with none in this tree, at the keeper's, the
  // person the tree was drawn around.
  const start = useMemo(() => members.find(isYou) ?? members.find((member) => isSelfMember(member)) ?? knownSurnamesFirst(members)[0], [members, isYou])
  const centre = (view ? index.members.get(view.centreId) : undefined) ?? (chosenId !== undefined ? index.members.get(chosenId) : undefined) ?? start
  const centreId = centre?.memberId
  // Only what is shown is laid out: the generations asked for, as many of them as fit the budget.
  const divorced = useMemo(() => divorcedCouples(unions), [unions])
  const married = useMemo(() => marriedCouples(unions), [unions])
  const layout = useMemo(() => {
    if (centreId === undefined) return undefined
    const laidOut = layoutWithin(index, centreId, generations)
    if (divorced.size === 0) return laidOut
    return { ...laidOut, links: laidOut.links.map((link) => (link.kind === 'couple' && divorced.has(link.key) ? { ...link, divorced: true } : link)) }
  }, [index, centreId, generations, divorced])

  const onCentre = view?.onCentre
  const handleRecentre = useCallback((memberId: string) => (onCentre ? onCentre(memberId) : startTransition(() => setChosenId(memberId))), [onCentre])

  if (!centre || !layout) return null
  // The generations drawn: fewer than asked for when the next one would pass the budget.
  const shown = layout.generations
  const isAtBudget = shown < generations
  // A view says itself whether someone lies beyond the generations it holds.
  const hasMore = (view ? view.more.up || view.more.down : layout.hasMoreAncestors || layout.hasMoreDescendants) && !isAtBudget && shown < treeViewLimits.maxGenerations
  const canShowFewer = shown > 1

  function handleMore() {
    if (!hasMore) return
    if (view) view.onGenerations(shown + 1)
    else startTransition(() => setGenerations(shown + 1))
  }

  function handleFewer() {
    if (!canShowFewer) return
    if (view) view.onGenerations(shown - 1)
    else startTransition(() => setGenerations(shown - 1))
  }

  return (
    <>
      <div className="family-chart-toolbar">
        <CentrePicker members={view?.people ?? members} centreId={centre.memberId} onChoose={handleRecentre} />
        <div className="family-chart-generations" role="group" aria-label={t('generations.group')}>
          <button type="button" className="button family-chart-tool" aria-disabled={!canShowFewer} onClick={handleFewer}>
            {t('generations.fewer')}
          </button>
          <button type="button" className="button family-chart-tool" aria-disabled={!hasMore} onClick={handleMore}>
            {t('generations.more')}
          </button>
          <p className="family-chart-generations-count">{t('generations.count', { number: shown })}</p>
        </div>
      </div>
      {isAtBudget && <p className="family-chart-limit">{t('generations.limit', { number: layout.nodes.length })}</p>}
      <p className="family-chart-caption" role="status" aria-busy={view?.isLoading ?? false}>
        {t('caption', { name: personName(centre) })}
      </p>
      {hooks?.onAddRelative && (
        <div className="family-chart-add" role="group" aria-label={t('addGroup', { name: personName(centre) })}>
          <AddRelativeButtons member={centre} membersById={index.members} onAdd={hooks.onAddRelative} />
        </div>
      )}
      <ChartCanvas
        layout={layout}
        members={index.members}
        label={t('chartLabel', { name: personName(centre) })}
        onRecentre={handleRecentre}
        onOpen={hooks?.onOpen}
        // Once the person asked for is in the centre (a view read around them may take a moment).
        focusCentreKey={centreRequest?.memberId === centre.memberId ? centreRequest.key : undefined}
      />
      {layout.links.some((link) => link.notByBirth) && <p className="family-chart-legend">{t('legend.notByBirth')}</p>}
      {layout.links.some((link) => link.divorced) && <p className="family-chart-legend">{t('legend.divorced')}</p>}
      <RelativesList index={index} centre={centre} divorced={divorced} married={married} onRecentre={handleRecentre} />
    </>
  )
}
