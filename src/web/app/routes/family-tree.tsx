import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { FamilyTreeManager } from '../../features/family-tree/components/family-tree-manager.tsx'
import { GedcomExport } from '../../features/family-tree/components/gedcom-export.tsx'
import { GedcomImport } from '../../features/family-tree/components/gedcom-import.tsx'
import type { MemberMediaSlot } from '../../features/family-tree/components/media-buttons.tsx'
import { MediaGallery } from '../../features/media/components/media-gallery.tsx'
import { MediaUploader } from '../../features/media/components/media-uploader.tsx'

// The interactive chart is a chunk of its own, fetched only once the tree has people in it, so
// the route's first load stays small.
const FamilyChartSection = lazy(async () => ({
  default: (await import('../../features/family-tree/chart/family-chart-section.tsx')).FamilyChartSection,
}))

// ── Media slot ── each member's uploader and gallery (features/media), shown from their card.
const memberMedia: MemberMediaSlot = {
  renderUploader: (member, name) => <MediaUploader linkedToType="member" linkedToId={member.memberId} ownerName={name} />,
  renderGallery: (member, name) => <MediaGallery memberId={member.memberId} ownerName={name} />,
}

/** /family-tree (spec §2): the people of the user's tree, how they relate, and the chart. */
export function FamilyTreeRoute() {
  const { t } = useTranslation('family-tree')
  useDocumentTitle(t('page.title'))
  return (
    <section className="page family-tree-page" aria-labelledby="family-tree-title">
      <h1 id="family-tree-title">{t('page.title')}</h1>
      <p className="family-tree-intro">{t('page.intro')}</p>
      <FamilyTreeManager
        memberMedia={memberMedia}
        renderChart={(members) => (
          // ── Chart slot ── the interactive family chart (features/family-tree/chart).
          <Suspense fallback={<p className="family-tree-chart-loading">{t('chart.loading')}</p>}>
            <FamilyChartSection members={members} />
          </Suspense>
        )}
      />
      {/* ── GEDCOM ── bringing a tree in from another program, and taking it out. */}
      <GedcomImport />
      <GedcomExport />
    </section>
  )
}
