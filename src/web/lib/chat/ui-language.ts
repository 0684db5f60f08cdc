import { useTranslation } from 'react-i18next'
import { defaultLanguage, isLanguage, type Language } from '../../../shared/limits.ts'

/** The language the page is showing, as the API names it ('es' | 'en' | 'fr'). */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return isLanguage(language) ? language : defaultLanguage
}
