import { memo, type FocusEvent, type KeyboardEvent } from 'react'
import type { TFunction } from 'i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { Language } from '../../../../shared/limits.ts'
import { chartMetrics, type ChartNode } from './chart-model.ts'
import { lifeYears } from './person-label.ts'
import { shownLastName } from '../lib/member-name.ts'

interface ChartPersonProps {
  /** Passed down rather than each box subscribing to i18next: a chart can hold thousands. */
  t: TFunction<'family-chart'>
  /** The reader's language, for dates ("hacia 1920"). */
  language: Language
  /** `personLabel`, translated once for the whole chart. */
  labelOf: (member: Member) => string
  node: ChartNode
  member: Member
  /** The reader's own card: marked «Tú». */
  isYou: boolean
  /** The one box in the chart's tab order (roving tabindex). */
  isTabStop: boolean
  buttonRef: (memberId: string, element: HTMLButtonElement | null) => void
  onActivate: (memberId: string) => void
  onKeyDown: (memberId: string, event: KeyboardEvent<HTMLButtonElement>) => void
  onFocus: (memberId: string, event: FocusEvent<HTMLButtonElement>) => void
}

/** One person's box: their portrait when they have a photo, name, years, † for the deceased, "You" on the reader's own card. */
export const ChartPerson = memo(function ChartPerson({ t, language, labelOf, node, member, isYou, isTabStop, buttonRef, onActivate, onKeyDown, onFocus }: ChartPersonProps) {
  const isCentre = node.kind === 'centre'
  const classes = ['family-chart-person', `family-chart-person-${node.kind}`]
  if (isYou) classes.push('family-chart-person-self')
  if (member.isDeceased) classes.push('family-chart-person-deceased')
  if (member.portraitURL) classes.push('family-chart-person-with-portrait')
  const years = lifeYears(t, member, language)
  return (
    <button
      ref={(element) => buttonRef(member.memberId, element)}
      type="button"
      className={classes.join(' ')}
      style={{ left: node.x - chartMetrics.nodeWidth / 2, top: node.y - chartMetrics.nodeHeight / 2 }}
      tabIndex={isTabStop ? 0 : -1}
      aria-label={labelOf(member)}
      title={member.birthPlace || undefined}
      aria-current={isCentre ? 'true' : undefined}
      data-member-id={member.memberId}
      onClick={() => onActivate(member.memberId)}
      onKeyDown={(event) => onKeyDown(member.memberId, event)}
      onFocus={(event) => onFocus(member.memberId, event)}
    >
      {isYou && <span className="family-chart-badge">{t('person.selfBadge')}</span>}
      {/* Lazy and decoded off the main thread: a chart of hundreds asks only for the pictures in sight. */}
      {member.portraitURL && <img className="family-chart-portrait" src={member.portraitURL} alt="" width={56} height={56} loading="lazy" decoding="async" />}
      <span className="family-chart-name">
        <span className="family-chart-first-name">{member.firstName}</span> <span className="family-chart-last-name">{shownLastName(member.lastName)}</span>
        {member.isDeceased && <span className="family-chart-dagger"> †</span>}
      </span>
      {years && <span className="family-chart-years">{years}</span>}
    </button>
  )
})
