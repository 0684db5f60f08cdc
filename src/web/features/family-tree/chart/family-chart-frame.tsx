import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './family-chart-frame.css'

/**
 * The chart's section with its heading and introduction, apart from the chart itself: the tree
 * page shows them with the member list, while the chart's code is still a chunk to fetch and its
 * drawing waits for an idle moment, so the page's largest text is painted when the tree arrives.
 */
export function FamilyChartFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('family-chart')
  const headingId = useId()
  return (
    <section className="family-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('heading')}</h2>
      <p className="family-chart-intro">{t('intro')}</p>
      {children}
    </section>
  )
}
