import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import type { ChartHooks } from './chart-hooks.ts'
import { FamilyChart } from './family-chart.tsx'
import { FamilyChartFrame } from './family-chart-frame.tsx'
import './family-chart.css'

/** Stands for "not drawn yet" in the first render, before the members reach the chart. */
const notYetDrawn: Member[] = []

/**
 * The chart inside its section (`FamilyChartFrame`): drawn in a deferred, interruptible render,
 * so a large tree never blocks the page in one task. Loaded lazily: this module, its stylesheet
 * and the layout are a chunk of their own.
 */
export function FamilyChartBody({ members, unions, hooks }: { members: Member[]; unions?: readonly Union[]; hooks?: ChartHooks }) {
  const { t } = useTranslation('family-chart')
  const drawn = useDeferredValue(members, notYetDrawn)
  return drawn === notYetDrawn ? (
    <p className="family-chart-drawing" role="status">
      {t('drawing')}
    </p>
  ) : (
    <FamilyChart members={drawn} {...(unions ? { unions } : {})} {...(hooks ? { hooks } : {})} />
  )
}

/**
 * The interactive family chart of /family-tree: the ancestors and descendants of one person,
 * under its heading. Renders nothing for a tree without members (the page says so).
 */
export function FamilyChartSection({ members, unions }: { members: Member[]; unions?: readonly Union[] }) {
  if (members.length === 0) return null
  return (
    <FamilyChartFrame>
      <FamilyChartBody members={members} {...(unions ? { unions } : {})} />
    </FamilyChartFrame>
  )
}
