import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { bookFormats, linkExpiries, type BookFormat, type LinkExpiry } from '../../../../shared/contracts/book.ts'
import { isLanguage, languages } from '../../../../shared/limits.ts'
import type { BookChoices } from '../lib/book-options.ts'

interface BookPrintProps {
  choices: Pick<BookChoices, 'format' | 'bleed' | 'language' | 'linkExpiry'>
  onChange: (changes: Partial<BookChoices>) => void
}

/** Each language named in itself, as the language menu does: a reader finds their own. */
const autonyms = { es: 'Español', en: 'English', fr: 'Français' } as const

/** How the book is printed: its size, the printer's bleed, its language, and how long its voice links answer. */
export function BookPrint({ choices, onChange }: BookPrintProps) {
  const { t } = useTranslation('book')
  const id = useId()
  return (
    <section className="book-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('print.title')}
      </h2>
      <fieldset className="book-choices">
        <legend>{t('print.format')}</legend>
        {bookFormats.map((format: BookFormat) => (
          <div key={format} className="book-radio">
            <input id={`${id}-${format}`} type="radio" name={`${id}-format`} checked={choices.format === format} onChange={() => onChange({ format })} />
            <label htmlFor={`${id}-${format}`}>{t(`print.formats.${format}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="checkbox-field book-bleed">
        <input id={`${id}-bleed`} type="checkbox" checked={choices.bleed} aria-describedby={`${id}-bleed-hint`} onChange={(event) => onChange({ bleed: event.target.checked })} />
        <label htmlFor={`${id}-bleed`}>{t('print.bleed')}</label>
      </div>
      <p id={`${id}-bleed-hint`} className="hint book-bleed-hint">
        {t('print.bleedHint')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-language`}>{t('print.language')}</label>
        <select
          id={`${id}-language`}
          value={choices.language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) onChange({ language: event.target.value })
          }}
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {autonyms[language]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-expiry`}>{t('print.expiry')}</label>
        <p id={`${id}-expiry-hint`} className="hint">
          {t('print.expiryHint')}
        </p>
        <select
          id={`${id}-expiry`}
          value={choices.linkExpiry}
          aria-describedby={`${id}-expiry-hint`}
          onChange={(event) => onChange({ linkExpiry: event.target.value as LinkExpiry })}
        >
          {linkExpiries.map((expiry) => (
            <option key={expiry} value={expiry}>
              {t(`print.expiries.${expiry}`)}
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}
