import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { formatStoredDateShort } from '../../../../shared/genealogy-date/index.ts'
import { isLanguage } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useChooseSelf } from '../api/family-tree-queries.ts'
import { memberName } from '../lib/member-name.ts'
import { matchesWords, searchWords } from '../lib/name-search.ts'
import './who-are-you.css'

/** Enough to tell namesakes apart on a phone's screen without scrolling far. */
const shownAtMost = 8

/**
 * After a tree came in from another program: «¿Quién eres tú en este árbol?» (docs/product.md#family-tree).
 * A search by name, each person with their years to tell namesakes apart, or «No estoy en este
 * árbol». The person chosen becomes the owner's own card; the card sign-up made (`ownCard`, left
 * out of the search) gives way to them on the server.
 */
export function WhoAreYou({ members, ownCard, onDone }: { members: readonly Member[]; ownCard: Member | undefined; onDone: (chosen?: Member) => void }) {
  const { t, i18n } = useTranslation(['family-tree', 'errors'])
  const shown = uiLanguageOf(i18n)
  const language = isLanguage(shown) ? shown : 'es'
  const [query, setQuery] = useState(() => (ownCard ? `${ownCard.firstName} ${ownCard.lastName}`.trim() : ''))
  const chooseSelf = useChooseSelf()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const resultsId = useId()
  const words = searchWords(query)
  const found = words.length === 0 ? [] : members.filter((member) => member.memberId !== ownCard?.memberId && matchesWords(memberName(member), words)).slice(0, shownAtMost)

  // The import's report was being read: the question takes the focus, so it is heard and seen.
  useEffect(() => {
    headingRef.current?.focus()
    headingRef.current?.scrollIntoView({ block: 'start' })
  }, [])

  const years = (member: Member) => {
    const birth = formatStoredDateShort(member.birthDate, language)?.text
    const death = formatStoredDateShort(member.deathDate, language)?.text
    if (birth && death) return t('whoAreYou.lived', { birth, death })
    if (birth) return t('whoAreYou.born', { birth })
    if (death) return t('whoAreYou.died', { death })
    return t('whoAreYou.noYears')
  }

  async function choose(member: Member) {
    try {
      await chooseSelf.mutateAsync(member.memberId)
      onDone(member)
    } catch {
      // Shown below; the person can try again or say they are not in the tree.
    }
  }

  return (
    <section className="who-are-you" aria-labelledby="who-are-you-title">
      <h2 id="who-are-you-title" ref={headingRef} tabIndex={-1}>
        {t('whoAreYou.title')}
      </h2>
      <p>{t('whoAreYou.intro')}</p>
      <TextField label={t('whoAreYou.search')} type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} aria-controls={resultsId} />
      <ErrorBanner>{chooseSelf.isError ? `${t('whoAreYou.failed')} ${errorText(t, chooseSelf.error)}` : null}</ErrorBanner>
      <div id={resultsId} aria-live="polite">
        {query.trim() === '' ? null : found.length === 0 ? (
          <p>{t('whoAreYou.noneFound')}</p>
        ) : (
          <ul className="who-are-you-results" aria-label={t('whoAreYou.results')}>
            {found.map((member) => (
              <li key={member.memberId}>
                <button type="button" className="button who-are-you-choice" disabled={chooseSelf.isPending} onClick={() => void choose(member)}>
                  <span className="who-are-you-name">{memberName(member)}</span> <span className="who-are-you-years">{years(member)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="button" onClick={() => onDone()}>
        {t('whoAreYou.notHere')}
      </button>
    </section>
  )
}
