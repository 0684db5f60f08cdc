import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { FactGap } from '../../../../shared/facts/index.ts'
import { useFactList } from '../api/fact-queries.ts'
import type { FactSubject } from '../lib/fact-words.ts'

/** A few at a time: a long list of what is missing reads as a reproach. */
const shownGaps = 5

// One's own death is never asked for.
const unaskedOfSelf: readonly FactGap[] = ['deathDate', 'deathPlace']

interface UnknownFactsProps {
  memberId: string
  name: string
  subject: FactSubject
}

/**
 * «Lo que aún no sabemos de Aurora» («Lo que aún no has contado» about oneself): a few gentle ideas
 * of what to tell next, most wanted first, from what neither the tree nor the conversations know.
 */
export function UnknownFacts({ memberId, name, subject }: UnknownFactsProps) {
  const { t } = useTranslation('facts')
  const headingId = useId()
  const gaps = (useFactList(memberId).data?.unknown ?? []).filter((gap) => subject === 'other' || !unaskedOfSelf.includes(gap)).slice(0, shownGaps)
  if (gaps.length === 0) return null
  return (
    <aside className="unknown-facts" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`unknown.heading.${subject}`, { name })}</h2>
      <p>{t(`unknown.intro.${subject}`)}</p>
      <ul>
        {gaps.map((gap) => (
          <li key={gap}>{t(`unknown.${subject}.${gap}`)}</li>
        ))}
      </ul>
    </aside>
  )
}
