export type SpeechLanguage = 'es-CO' | 'es-ES' | 'en-US' | 'fr-FR'

const byBaseLanguage: Record<string, SpeechLanguage> = { es: 'es-CO', en: 'en-US', fr: 'fr-FR' }

/**
 * The speech locale of a UI language (docs/product.md#speech): es→es-CO, en→en-US, fr→fr-FR, by the base
 * language so a regional variant such as 'es-MX' still maps; anything else → es-CO.
 */
export function speechLanguage(language: string): SpeechLanguage {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return byBaseLanguage[base] ?? 'es-CO'
}

/** The AI lab dictates Spanish as spoken in Spain (docs/product.md#speech); French stays fr-FR. */
export function labSpeechLanguage(language: string): SpeechLanguage {
  const locale = speechLanguage(language)
  return locale === 'es-CO' ? 'es-ES' : locale
}
