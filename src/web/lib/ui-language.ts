import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import { defaultLanguage, isLanguage, type Language } from '../../shared/limits.ts'

/**
 * The language the page is showing, as the API and the date formatter name it ('es' | 'en' |
 * 'fr'): i18next's resolved language, else the one asked for ('es-CO' counts as 'es'), else
 * Spanish. The one place that reads it, so every screen, date and request agrees.
 */
export function uiLanguageOf(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  const language = i18n.resolvedLanguage ?? i18n.language
  if (isLanguage(language)) return language
  const base = language?.slice(0, 2)
  return isLanguage(base) ? base : defaultLanguage
}

/** `uiLanguageOf` for a component, re-rendering when the language changes. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation()
  return uiLanguageOf(i18n)
}
