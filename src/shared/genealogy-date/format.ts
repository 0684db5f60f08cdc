import { defaultLanguage, type Language } from '../limits.ts'
import { pointsOf, yearText, type DatePoint, type GenealogyDate } from './date-point.ts'
import { words } from './words.ts'

/** How each language joins the words: the article before a day, and the contractions it makes. */
const grammar: Record<Language, { point: (p: DatePoint) => string; article: (p: DatePoint) => string; contract: (text: string) => string; until: (p: DatePoint) => string }> = {
  es: {
    point: (p) => [p.day && `${p.day} de`, p.month && `${words.es.months[p.month - 1]} de`, yearText(p)].filter(Boolean).join(' ') + (p.bc ? ` ${words.es.beforeChrist[0]}` : ''),
    article: (p) => (p.day ? 'el ' : ''),
    contract: (text) => text.replace(/(^| )de el /g, '$1del ').replace(/(^| )a el /g, '$1al '),
    until: () => words.es.until[0]!,
  },
  en: {
    point: (p) => (p.month ? `${words.en.months[p.month - 1]} ${p.day ? `${p.day}, ` : ''}` : '') + yearText(p) + (p.bc ? ` ${words.en.beforeChrist[0]}` : ''),
    article: () => '',
    contract: (text) => text,
    until: () => words.en.until[0]!,
  },
  fr: {
    point: (p) => [p.day, p.month && words.fr.months[p.month - 1], yearText(p)].filter(Boolean).join(' ') + (p.bc ? ` ${words.fr.beforeChrist[0]}` : ''),
    article: (p) => (p.day ? 'le ' : ''),
    contract: (text) =>
      text
        .replace(/(^| )de le /g, '$1du ')
        .replace(/(^| )à le /g, '$1au ')
        .replace(/jusqu'à le /g, "jusqu'au ")
        .replace(/(^| )de (?=[aeiouâàéèêîôû])/g, "$1d'"),
    // "jusqu'au 3 juin 1948" but "jusqu'en 1925", "jusqu'en mai 1948".
    until: (p) => (p.day ? words.fr.until[0]! : words.fr.until[1]!),
  },
}

/** What the page shows: "hacia 1920", "before May 17, 1948", "du 1 mai 1948 au 3 juin 1948". */
export function formatGenealogyDate(value: GenealogyDate, language: Language): string {
  if (value.kind === 'phrase') return value.text
  const w = words[language] ?? words[defaultLanguage]
  const g = grammar[language] ?? grammar[defaultLanguage]
  const points = pointsOf(value)
  const mixed = points.some((p) => p.calendar === 'julian') && points.some((p) => p.calendar !== 'julian')
  // With mixed calendars each end says its own; otherwise one word after the whole date.
  const plain = (p: DatePoint) => g.point(p) + (mixed ? ` (${(p.calendar === 'julian' ? w.julian : w.gregorian)[0]})` : '')
  const at = (p: DatePoint) => g.article(p) + plain(p)
  let text: string
  switch (value.kind) {
    case 'date':
    case 'estimated':
    case 'calculated':
      text = plain(value.date)
      break
    case 'about':
    case 'before':
    case 'after':
      text = `${w[value.kind][0]} ${at(value.date)}`
      break
    case 'between':
      text = `${w.between[0]} ${at(value.from)} ${w.and[0]} ${at(value.to)}`
      break
    case 'period':
      if (value.from && value.to) text = `${w.from[0]} ${at(value.from)} ${w.to[0]} ${at(value.to)}`
      else if (value.from) text = `${w.since[0]} ${at(value.from)}`
      else text = `${g.until(value.to!)} ${at(value.to!)}`
      break
  }
  text = g.contract(text)
  if (!mixed && points[0]?.calendar === 'julian') text += ` (${w.julian[0]})`
  if (value.kind === 'estimated' || value.kind === 'calculated') text += ` (${w[value.kind][0]})`
  return value.phrase ? `${text} (${value.phrase})` : text
}

/** The word before a date of a day ("el", "on", "le") and before a month or year ("en", "in", "en"). */
const sentencePrepositions: Record<Language, { day: string; other: string; quote: (text: string) => string }> = {
  es: { day: 'el', other: 'en', quote: (text) => `«${text}»` },
  en: { day: 'on', other: 'in', quote: (text) => `“${text}”` },
  fr: { day: 'le', other: 'en', quote: (text) => `« ${text} »` },
}

/**
 * The date as it follows a verb in a sentence: "nació el 17 de mayo de 1948", "nació en 1920",
 * "nació hacia 1920", "born between 1850 and 1860", "née « pendant la guerre »" (a phrase is
 * quoted: it is the family's words, not a date). Never more precise than the date itself.
 */
export function formatGenealogyDateInSentence(value: GenealogyDate, language: Language): string {
  const p = sentencePrepositions[language] ?? sentencePrepositions[defaultLanguage]
  const text = formatGenealogyDate(value, language)
  switch (value.kind) {
    case 'phrase':
      return p.quote(text)
    case 'date':
    case 'estimated':
    case 'calculated':
      return `${value.date.day ? p.day : p.other} ${text}`
    default:
      return text
  }
}
