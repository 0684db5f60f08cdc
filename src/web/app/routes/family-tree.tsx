import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { FamilyTreeManager } from '../../features/family-tree/components/family-tree-manager.tsx'

// The interactive chart is a chunk of its own, fetched only once the tree has people in it, so
// the route's first load stays small.
const FamilyChartSection = lazy(async () => ({
  default: (await import('../../features/family-tree/chart/family-chart-section.tsx')).FamilyChartSection,
}))

/** /family-tree (spec §2): the people of the user's tree, how they relate, and the chart. */
export function FamilyTreeRoute() {
  const { t } = useTranslation('family-tree')
  useDocumentTitle(t('page.title'))
  return (
    <section className="page family-tree-page" aria-labelledby="family-tree-title">
      <h1 id="family-tree-title">{t('page.title')}</h1>
      <p className="family-tree-intro">{t('page.intro')}</p>
      <FamilyTreeManager
        renderChart={(members) => (
          // ── Chart slot ── the interactive family chart (features/family-tree/chart).
          <Suspense fallback={<p className="family-tree-chart-loading">{t('chart.loading')}</p>}>
            <FamilyChartSection members={members} />
          </Suspense>
        )}
      />
    </section>
  )
}
