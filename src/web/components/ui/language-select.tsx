import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { defaultLanguage, isLanguage, languages, type Language } from '../../../shared/limits.ts'
import './language-select.css'
import { uiLanguageOf } from '../../lib/ui-language.ts'

/** Each language named in itself, so a reader finds their own whatever is showing now. */
const autonyms: Record<Language, string> = { es: 'Español', en: 'English', fr: 'Français' }

interface Props {
  /** Called once the new language is showing, e.g. to remember it on the account. */
  onChanged?: (language: Language) => void
}

/** The language detector caches the choice (local storage and cookie) on change. */
export function LanguageSelect({ onChanged }: Props) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [pending, setPending] = useState<string | null>(null)
  const current = pending ?? uiLanguageOf(i18n)
  const value = isLanguage(current) ? current : defaultLanguage

  // The catalogues of the new language are fetched before switching: switching first would
  // suspend the whole app on "Loading translations..." and drop the focus from this select.
  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const language = event.target.value
    setPending(language)
    try {
      await i18n.loadLanguages(language)
      await i18n.changeLanguage(language)
      if (isLanguage(language)) onChanged?.(language)
    } finally {
      setPending(null)
    }
  }

  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={value} onChange={(event) => void handleChange(event)}>
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {autonyms[lng]}
          </option>
        ))}
      </select>
    </div>
  )
}
