import type { Language } from '../../../shared/limits.ts'

// The words an export writes about where a fact was heard, in the exporting person's language:
// a genealogy program shows them as the source's title, the citation's page and the recording's
// title, so they read as sentences, never as Legado's ids.

interface Texts {
  locale: string
  /** A conversation with Ana about a relative. */
  interview: (name: string | null, day: string) => string
  /** A memory told to Cronos by the person themselves. */
  memory: (name: string | null, day: string) => string
  /** A citation's page when the answer answered no question Legado kept. */
  answerOf: (day: string) => string
  recording: (teller: string | null, day: string) => string
}

const texts: Record<Language, Texts> = {
  es: {
    locale: 'es',
    interview: (name, day) => (name ? `Entrevista con Ana sobre ${name}, ${day}` : `Entrevista con Ana, ${day}`),
    memory: (name, day) => (name ? `Recuerdo contado a Cronos por ${name}, ${day}` : `Recuerdo contado a Cronos, ${day}`),
    answerOf: (day) => `Respuesta del ${day}`,
    recording: (teller, day) => (teller ? `Grabación de ${teller}, ${day}` : `Grabación de la respuesta, ${day}`),
  },
  en: {
    locale: 'en',
    interview: (name, day) => (name ? `Interview with Ana about ${name}, ${day}` : `Interview with Ana, ${day}`),
    memory: (name, day) => (name ? `Memory told to Cronos by ${name}, ${day}` : `Memory told to Cronos, ${day}`),
    answerOf: (day) => `Answer of ${day}`,
    recording: (teller, day) => (teller ? `Recording of ${teller}, ${day}` : `Recording of the answer, ${day}`),
  },
  fr: {
    locale: 'fr',
    interview: (name, day) => (name ? `Entretien avec Ana sur ${name}, ${day}` : `Entretien avec Ana, ${day}`),
    memory: (name, day) => (name ? `Souvenir raconté à Cronos par ${name}, ${day}` : `Souvenir raconté à Cronos, ${day}`),
    answerOf: (day) => `Réponse du ${day}`,
    recording: (teller, day) => (teller ? `Enregistrement de ${teller}, ${day}` : `Enregistrement de la réponse, ${day}`),
  },
}

/** The citation texts of one language, with its way of writing a day («12 de mayo de 2026», "May 12, 2026", «12 mai 2026»). */
export function citationTexts(language: Language) {
  const words = texts[language]
  const format = new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  return { ...words, day: (at: Date) => format.format(at) }
}
export type CitationTexts = ReturnType<typeof citationTexts>
