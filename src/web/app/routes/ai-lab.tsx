import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Tabs } from '../../components/ui/tabs.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useAiLabStatus, useShareLabMemory } from '../../features/ai-lab/api/ai-lab-queries.ts'
import { Constellations } from '../../features/ai-lab/constellations/constellations.tsx'
import { RevealedDreams } from '../../features/ai-lab/components/revealed-dreams.tsx'
import { TellAMemory } from '../../features/ai-lab/components/tell-a-memory.tsx'
import { MemoryGame } from '../../features/ai-lab/memory-game/memory-game.tsx'
import { useDreams } from '../../features/dream-diary/api/dream-queries.ts'
import { useNearestPeople } from '../../features/family-tree/api/family-tree-queries.ts'
import { ShareWithFamily } from '../../features/family-tree/components/share-with-family.tsx'
import { useReaderView } from '../../features/family-tree/lib/reader-kinship.ts'
import { memberMediaQuery } from '../../features/media/api/media-queries.ts'
import '../../features/ai-lab/components/ai-lab.css'

const tabIds = ['memory', 'dreams', 'constellations', 'game'] as const
type TabId = (typeof tabIds)[number]

/** Tabs that do nothing without a model (telling a memory still saves it as told). */
const needsModel = new Set<TabId>(['dreams'])

function isTabId(value: string | null): value is TabId {
  return (tabIds as readonly (string | null)[]).includes(value)
}

/** The dreams tab: the diary's dreams, read back by the AI. */
function DreamsTab({ canGenerate }: { canGenerate: boolean | undefined }) {
  return <RevealedDreams dreams={useDreams()} canGenerate={canGenerate} />
}

/** The memory tab: telling a memory, and each kept one shared with the family (features/family-tree) or not. */
function MemoryTab({ canGenerate }: { canGenerate: boolean | undefined }) {
  const share = useShareLabMemory()
  return (
    <TellAMemory
      canGenerate={canGenerate}
      renderShare={(memory, name) => (
        <ShareWithFamily itemName={name} sharedWith={memory.sharedWith} onChange={(treeId, isShared) => share.mutateAsync({ id: memory.id, treeId, share: isShared })} />
      )}
    />
  )
}

/**
 * The game tab: the people nearest the player in the family tree (a tree of 100,000 is not read
 * whole), with their photos from the media feature; the player's own card is «Tú».
 */
function GameTab() {
  const tree = useNearestPeople()
  const player = useReaderView(tree.data, useSession().data?.id)
  return <MemoryGame tree={tree} player={player} mediaQuery={memberMediaQuery} />
}

/**
 * /ai-lab (docs/product.md#ai-lab): four tabs, the chosen one kept in `?tab=` so a link or a reload opens it.
 * Each tab loads its data only when shown.
 */
export function AiLabRoute() {
  const { t } = useTranslation('ai-lab')
  useDocumentTitle(t('common:pages.aiLab'))
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const selected: TabId = isTabId(requested) ? requested : 'memory'
  const status = useAiLabStatus()
  const canGenerate = status.data?.canGenerate
  // Without a model the page says what works here, and the tab that is nothing but the model says so in its name.
  const isGuided = canGenerate === false
  const tabLabel = (id: TabId) => (isGuided && needsModel.has(id) ? t('tabs.withAssistant', { label: t(`tabs.${id}`) }) : t(`tabs.${id}`))

  function select(id: TabId) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('tab', id)
        return next
      },
      { replace: true },
    )
  }

  return (
    <section className="page ai-lab-page" aria-labelledby="ai-lab-title">
      <h1 id="ai-lab-title">{t('page.title')}</h1>
      <p>{t(isGuided ? 'page.guidedIntro' : 'page.intro')}</p>
      <Tabs label={t('tabs.label')} tabs={tabIds.map((id) => ({ id, label: tabLabel(id) }))} selected={selected} onSelect={select} idPrefix="ai-lab">
        {selected === 'memory' && <MemoryTab canGenerate={canGenerate} />}
        {selected === 'dreams' && <DreamsTab canGenerate={canGenerate} />}
        {selected === 'constellations' && <Constellations />}
        {selected === 'game' && <GameTab />}
      </Tabs>
    </section>
  )
}
