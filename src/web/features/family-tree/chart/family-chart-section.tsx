import { useDeferredValue, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { FamilyChart } from './family-chart.tsx'
import './family-chart.css'

/** Stands for "not drawn yet" in the first render, before the members reach the chart. */
const notYetDrawn: Member[] = []

/**
 * The interactive family chart of /family-tree: the ancestors and descendants of one person.
 * Renders nothing for a tree without members (the page says so). Loaded lazily: this module, its
 * stylesheet and the layout are a chunk of their own. The heading shows at once and the chart is
 * drawn in a deferred, interruptible render, so a large tree never blocks the page in one task.
 */
export function FamilyChartSection({ members }: { members: Member[] }) {
  const { t } = useTranslation('family-chart')
  const headingId = useId()
  const drawn = useDeferredValue(members, notYetDrawn)
  if (members.length === 0) return null
  return (
    <section className="family-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('heading')}</h2>
      <p className="family-chart-intro">{t('intro')}</p>
      {drawn === notYetDrawn ? (
        <p className="family-chart-drawing" role="status">
          {t('drawing')}
        </p>
      ) : (
        <FamilyChart members={drawn} />
      )}
    </section>
  )
}
