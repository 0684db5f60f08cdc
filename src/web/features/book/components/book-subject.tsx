import { useDeferredValue, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookSubject } from '../lib/book-options.ts'

/** Someone a book may be about, as the tree names them. */
export interface BookPerson {
  id: string
  name: string
}

interface BookSubjectChoiceProps {
  subject: BookSubject
  memberId: string | undefined
  /** The relatives of the tree, by name. */
  relatives: readonly BookPerson[]
  onChange: (subject: BookSubject, memberId?: string) => void
}

/** A tree this size lists everyone; a larger one is searched by name first. */
const listEveryoneUpTo = 60
/** The most names a search shows at once: a name more narrows it. */
const searchShowsUpTo = 50

/** Letters as a person types them: accents and case ignored («jose» finds «José»). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** Which book: one's own, a relative's (chosen from the tree), or the family's. */
export function BookSubjectChoice({ subject, memberId, relatives, onChange }: BookSubjectChoiceProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const isSearch = relatives.length > listEveryoneUpTo
  const typed = folded(deferredQuery.trim())
  const matches = isSearch ? relatives.filter((person) => person.id === memberId || (typed !== '' && folded(person.name).includes(typed))).slice(0, searchShowsUpTo) : relatives

  const options: { value: BookSubject; hint: string }[] = [
    { value: 'own', hint: t('subject.ownHint') },
    { value: 'relative', hint: t('subject.relativeHint') },
    { value: 'family', hint: t('subject.familyHint') },
  ]

  return (
    <section className="book-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('subject.legend')}
      </h2>
      <fieldset className="book-choices" aria-labelledby={`${id}-title`}>
        {options.map(({ value, hint }) => (
          <div key={value} className="book-radio">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-subject`}
              checked={subject === value}
              aria-describedby={`${id}-${value}-hint`}
              onChange={() => onChange(value, value === 'relative' ? memberId : undefined)}
            />
            <label htmlFor={`${id}-${value}`}>{t(`subject.${value}`)}</label>
            <p id={`${id}-${value}-hint`} className="hint">
              {hint}
            </p>
          </div>
        ))}
      </fieldset>
      {subject === 'relative' && (
        <div className="book-person">
          {relatives.length === 0 ? (
            <p>{t('subject.noRelatives')}</p>
          ) : (
            <>
              {isSearch && (
                <div className="field">
                  <label htmlFor={`${id}-search`}>{t('subject.search')}</label>
                  <input id={`${id}-search`} type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
                </div>
              )}
              <div className="field">
                <label htmlFor={`${id}-person`}>{t('subject.person')}</label>
                <select id={`${id}-person`} value={memberId ?? ''} onChange={(event) => onChange('relative', event.target.value || undefined)}>
                  <option value="">{isSearch && typed === '' ? t('subject.typeToSearch') : t('subject.choosePerson')}</option>
                  {matches.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  )
}
