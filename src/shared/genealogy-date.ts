import { isCalendarDate } from './calendar-date.ts'
import { defaultLanguage, type Language } from './limits.ts'

/**
 * Dates as families and genealogists write them: "hacia 1920", "antes del 17 de mayo de 1948",
 * "BET 1920 AND 1925", "poco después de la guerra". The structured value below is what the text
 * means; a text that means no date we understand stays a phrase, word for word, so nothing typed
 * is lost. Everything here is pure: no clock (callers pass today), no Intl (see `words`).
 */

/** Longest date text a form accepts; a date, even a phrase, is a line, not a story. */
export const genealogyDateMaxLength = 120

/**
 * One day, month or year as the source knew it. Years run 100–9999, or 1–9999 before Christ:
 * a bare one- or two-digit number is far more often a slip than a year of the first century.
 */
export interface DatePoint {
  year: number
  /** 1–12. */
  month?: number
  /** Only with a month; a real day of that month in that calendar. */
  day?: number
  /** Before Christ (GEDCOM `B.C.` / `BCE`). */
  bc?: true
  /** Written old style / new style, "1648/49": `year` is the first (1648), the date falls in 1649. */
  dualYear?: true
  /** Absent means Gregorian, so an explicit `@#DGREGORIAN@` reads as the same date. */
  calendar?: 'julian'
}

/**
 * A date value. `phrase` keeps wording that came with a date (GEDCOM `INT … (phrase)` or 7.0's
 * `PHRASE`, or "1920 (según el padrón)"); a `phrase` kind is text with no date we could read.
 * A `period` has at least one end.
 */
export type GenealogyDate =
  | { kind: 'date' | 'about' | 'calculated' | 'estimated' | 'before' | 'after'; date: DatePoint; phrase?: string }
  | { kind: 'between'; from: DatePoint; to: DatePoint; phrase?: string }
  | { kind: 'period'; from?: DatePoint; to?: DatePoint; phrase?: string }
  | { kind: 'phrase'; text: string }

export type StructuredGenealogyDate = Exclude<GenealogyDate, { kind: 'phrase' }>
type Calendar = 'gregorian' | 'julian'

/**
 * The words of one language. In each list the first entry is what `formatGenealogyDate` writes
 * and the others are read too; the parser reads every list of every language (and GEDCOM's), so
 * whatever the page shows, in any language, parses back to the same date.
 */
interface DateWords {
  /** As `Intl.DateTimeFormat(…, { dateStyle: 'long' })` spells them, so exact dates look as before. */
  months: readonly string[]
  monthAbbreviations: readonly (readonly string[])[]
  about: readonly string[]
  before: readonly string[]
  after: readonly string[]
  estimated: readonly string[]
  calculated: readonly string[]
  between: readonly string[]
  and: readonly string[]
  from: readonly string[]
  to: readonly string[]
  /** A period with only its start. */
  since: readonly string[]
  /** A period with only its end. */
  until: readonly string[]
  beforeChrist: readonly string[]
  afterChrist: readonly string[]
  julian: readonly string[]
  gregorian: readonly string[]
}

// Month names come from these tables, not Intl: Node's and each browser's ICU data may spell or
// abbreviate them differently, and the parser must read exactly what was written.
const words: Record<Language, DateWords> = {
  es: {
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    monthAbbreviations: [['ene'], ['feb'], ['mar'], ['abr'], ['may'], ['jun'], ['jul'], ['ago'], ['sep', 'sept', 'set', 'setiembre'], ['oct'], ['nov'], ['dic']],
    about: ['hacia', 'cerca de', 'alrededor de', 'aproximadamente', 'aprox.', 'circa', 'ca.', 'c.'],
    before: ['antes de'],
    after: ['después de'],
    estimated: ['estimado', 'estimada', 'est.'],
    calculated: ['calculado', 'calculada', 'calc.'],
    between: ['entre'],
    and: ['y'],
    from: ['desde', 'de'],
    to: ['hasta', 'a'],
    since: ['desde', 'a partir de'],
    until: ['hasta'],
    beforeChrist: ['a. C.', 'a. de C.', 'antes de Cristo'],
    afterChrist: ['d. C.', 'd. de C.', 'después de Cristo'],
    julian: ['juliano', 'calendario juliano'],
    gregorian: ['gregoriano', 'calendario gregoriano'],
  },
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    monthAbbreviations: [['jan'], ['feb'], ['mar'], ['apr'], ['may'], ['jun'], ['jul'], ['aug'], ['sep', 'sept'], ['oct'], ['nov'], ['dec']],
    about: ['circa', 'about', 'around', 'approximately', 'approx.', 'abt.', 'ca.', 'ca', 'c.'],
    before: ['before', 'bef.'],
    after: ['after', 'aft.'],
    estimated: ['estimated', 'est.'],
    calculated: ['calculated', 'calc.', 'cal.'],
    between: ['between', 'bet.'],
    and: ['and', '&'],
    from: ['from'],
    to: ['to', 'until', 'till'],
    since: ['from', 'since'],
    until: ['until', 'till', 'to'],
    beforeChrist: ['BC', 'BCE'],
    afterChrist: ['AD', 'CE'],
    julian: ['Julian', 'Julian calendar'],
    gregorian: ['Gregorian', 'Gregorian calendar'],
  },
  fr: {
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    monthAbbreviations: [['janv'], ['févr', 'fév'], [], ['avr'], [], [], ['juil'], [], ['sept'], ['oct'], ['nov'], ['déc']],
    about: ['vers', 'environ', 'env.', 'circa', 'ca.', 'v.'],
    before: ['avant'],
    after: ['après'],
    estimated: ['estimé', 'estimée', 'est.'],
    calculated: ['calculé', 'calculée', 'calc.'],
    between: ['entre'],
    and: ['et'],
    from: ['de'],
    to: ['à'],
    since: ['à partir de', 'depuis', 'dès'],
    until: ["jusqu'à", "jusqu'en"],
    beforeChrist: ['av. J.-C.', 'avant Jésus-Christ', 'AEC'],
    afterChrist: ['apr. J.-C.', 'ap. J.-C.', 'après Jésus-Christ'],
    julian: ['julien', 'calendrier julien'],
    gregorian: ['grégorien', 'calendrier grégorien'],
  },
}

/** GEDCOM's keywords (5.5.1 and 7.0), read in any language. */
const gedcomMonths = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const
const gedcomWords: Partial<Record<keyof DateWords, readonly string[]>> = {
  about: ['abt'],
  before: ['bef'],
  after: ['aft'],
  estimated: ['est'],
  calculated: ['cal'],
  between: ['bet'],
  and: ['and'],
  from: ['from'],
  to: ['to'],
  since: ['from'],
  until: ['to'],
  beforeChrist: ['B.C.', 'BCE'],
}

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

const yearText = (p: DatePoint) => (p.dualYear ? `${p.year}/${String((p.year + 1) % 100).padStart(2, '0')}` : String(p.year))

// ---------------------------------------------------------------------------------------------
// Reading

/** Lower case, no accents, one kind of apostrophe and dash, single spaces. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Undo the contractions the formatter makes ("del" → "de el", "au" → "a le", "d'avril"). */
function expandContractions(text: string): string {
  return text
    .replace(/(^| )del(?= )/g, '$1de el')
    .replace(/(^| )al(?= )/g, '$1a el')
    .replace(/(^| )du(?= )/g, '$1de le')
    .replace(/(^| )au(?= )/g, '$1a le')
    .replace(/jusqu'au(?= )/g, "jusqu'a le")
    .replace(/(^| )d'/g, '$1de ')
}

const allWords = (role: keyof DateWords) => {
  const lists = [...Object.values(words).map((w) => w[role]), gedcomWords[role] ?? []] as (readonly string[])[]
  return [...new Set(lists.flat().map(normalize))].sort((a, b) => b.length - a.length)
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** `words` as a regex alternative: a word ending in a letter must be followed by a space or digit. */
const alternatives = (list: readonly string[]) => list.map((w) => escapeRegExp(w) + (/[a-z]$/.test(w) ? '(?:\\s+|(?=\\d))' : '\\s*')).join('|')
const prefixed = (role: keyof DateWords) => new RegExp(`^(?:${alternatives(allWords(role))})(.+)$`)
const squash = (text: string) => normalize(text).replace(/[\s.-]/g, '')

const monthByWord = new Map<string, number>()
for (const w of Object.values(words)) {
  w.months.forEach((name, i) => monthByWord.set(normalize(name), i + 1))
  w.monthAbbreviations.forEach((names, i) => names.forEach((name) => monthByWord.set(normalize(name), i + 1)))
}
gedcomMonths.forEach((name, i) => monthByWord.set(name.toLowerCase(), i + 1))

const beforeChristWords = new Set(allWords('beforeChrist').map(squash))
const afterChristWords = new Set(allWords('afterChrist').map(squash))
const calendarByWord = new Map<string, Calendar>([...allWords('julian').map((w) => [w, 'julian'] as const), ...allWords('gregorian').map((w) => [w, 'gregorian'] as const)])
const qualifierByWord = new Map<string, 'estimated' | 'calculated'>([...allWords('estimated').map((w) => [w, 'estimated'] as const), ...allWords('calculated').map((w) => [w, 'calculated'] as const)])
const qualifierSuffix = new RegExp(`\\s+(${allWords('estimated').concat(allWords('calculated')).map(escapeRegExp).join('|')})$`)

const onePointForms = (['since', 'until', 'before', 'after', 'about', 'calculated', 'estimated'] as const).map((role) => ({ role, pattern: prefixed(role) }))
const twoPointForms = [
  { kind: 'between' as const, opening: prefixed('between'), separator: new RegExp(` (?:${allWords('and').map(escapeRegExp).join('|')}) `, 'g') },
  { kind: 'period' as const, opening: prefixed('from'), separator: new RegExp(` (?:${allWords('to').map(escapeRegExp).join('|')}) `, 'g') },
]
const fillers = new Set(['de', 'of', 'el', 'le', 'the'])
const stripArticle = (text: string) => text.replace(/^(?:el|le|the|en|in|on) /, '')

/**
 * Reads what a person typed (in `language`, or any of the three) or a GEDCOM 5.5.1 / 7.0 date
 * value. Blank text gives null; text that is no date we can read gives a `phrase` with the text
 * as written (trimmed). Never throws. `language` only decides numeric dates: "05/06/1948" is
 * 5 June in es and fr; in en it is May 6, unless the first number is over 12 ("17/05/1948").
 */
export function parseGenealogyDate(text: string, language: Language = defaultLanguage): GenealogyDate | null {
  if (typeof text !== 'string') return null
  const original = text.trim()
  if (!original) return null

  // GEDCOM's interpreted date, "INT <date> (<phrase>)"; we also store any structured value so.
  const interpreted = /^int\s+([^(]*?)\s*\((.*)\)$/is.exec(original)
  if (interpreted) {
    const value = parseStructured(normalize(interpreted[1]!), language, 'gregorian')
    if (value) return withPhrase(value, interpreted[2]!.trim())
  }

  // Trailing "(…)" groups, right to left: the wording that came with the date, then a qualifier
  // and a calendar the formatter writes after the date ("1648 (juliano) (estimado)").
  let rest = original
  let phrase: string | undefined
  let qualifier: 'estimated' | 'calculated' | undefined
  let calendar: Calendar | undefined
  for (let i = 0; i < 3; i++) {
    const group = trailingGroup(rest)
    if (!group || !group.inner.trim()) break
    const word = normalize(group.inner)
    if (!qualifier && qualifierByWord.has(word)) qualifier = qualifierByWord.get(word)
    else if (!calendar && calendarByWord.has(word)) calendar = calendarByWord.get(word)
    else if (i === 0) phrase = group.inner.trim()
    else break
    rest = group.before
  }
  let s = expandContractions(normalize(rest))
  const suffix = qualifier ? null : qualifierSuffix.exec(s)
  if (suffix) {
    qualifier = qualifierByWord.get(suffix[1]!)
    s = s.slice(0, suffix.index)
  }
  let value = parseStructured(s, language, calendar ?? 'gregorian')
  if (value && qualifier) value = value.kind === 'date' ? { kind: qualifier, date: value.date } : null
  if (value) return phrase ? withPhrase(value, phrase) : value

  // GEDCOM's date phrase "(…)": its text is what is inside.
  if (original.startsWith('(') && original.endsWith(')')) {
    const inner = original.slice(1, -1).trim()
    return inner ? { kind: 'phrase', text: inner } : null
  }
  return { kind: 'phrase', text: original }
}

const withPhrase = (value: StructuredGenealogyDate, phrase: string): StructuredGenealogyDate => (phrase ? { ...value, phrase } : value)

/** The last balanced "(…)" of `text` and what comes before it, if `text` ends with one. */
function trailingGroup(text: string): { inner: string; before: string } | null {
  if (!text.endsWith(')')) return null
  let depth = 0
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++
    else if (text[i] === '(' && --depth === 0) return { inner: text.slice(i + 1, -1), before: text.slice(0, i).trimEnd() }
  }
  return null
}

/** A normalized text as a structured value, or null. */
function parseStructured(s: string, language: Language, calendar: Calendar): StructuredGenealogyDate | null {
  // No date is this long; bounding the input keeps the split search below cheap.
  if (!s || s.length > 100) return null
  for (const form of twoPointForms) {
    const body = form.opening.exec(s)?.[1]
    if (!body) continue
    for (const separator of body.matchAll(form.separator)) {
      const pair = parsePair(body.slice(0, separator.index), body.slice(separator.index + separator[0].length), language, calendar)
      if (pair) return { kind: form.kind, from: pair[0], to: pair[1] }
    }
  }
  // "1920-1925": a birth written as a span of years means somewhere between them.
  const span = /^(\d{3,4}) ?- ?(\d{3,4})$/.exec(s)
  if (span) {
    const from = makePoint(Number(span[1]), undefined, undefined, { calendar })
    const to = makePoint(Number(span[2]), undefined, undefined, { calendar })
    if (from && to && from.year < to.year) return { kind: 'between', from, to }
  }
  for (const { role, pattern } of onePointForms) {
    const body = pattern.exec(s)?.[1]
    const date = body === undefined ? null : parsePoint(body, language, calendar)
    if (!date) continue
    if (role === 'since') return { kind: 'period', from: date }
    if (role === 'until') return { kind: 'period', to: date }
    return { kind: role, date }
  }
  const date = parsePoint(s, language, calendar)
  return date ? { kind: 'date', date } : null
}

/** Two ends; the first may borrow what it leaves out from the second ("entre el 1 y el 3 de mayo de 1948"). */
function parsePair(first: string, second: string, language: Language, calendar: Calendar): [DatePoint, DatePoint] | null {
  const to = parsePoint(second, language, calendar)
  if (!to) return null
  const from = parsePoint(first, language, calendar) ?? borrowFrom(first, to)
  return from ? [from, to] : null
}

function borrowFrom(text: string, full: DatePoint): DatePoint | null {
  const tokens = wordTokens(stripArticle(text.trim()))
  if (!tokens) return null
  const [a, b] = tokens
  let day: number | undefined
  let month: number | undefined
  if (tokens.length === 1 && a?.month) month = a.month
  else if (tokens.length === 1 && a?.digits && a.digits <= 2) day = a.number
  else if (tokens.length === 2 && a?.digits && a.digits <= 2 && b?.month) [day, month] = [a.number, b.month]
  else if (tokens.length === 2 && a?.month && b?.digits && b.digits <= 2) [day, month] = [b.number, a.month]
  else return null
  month ??= full.month
  if (month === undefined) return null
  return makePoint(full.year, month, day, { bc: full.bc, dualYear: full.dualYear, calendar: full.calendar ?? 'gregorian' })
}

interface Token {
  month?: number
  number?: number
  digits?: number
  ordinal?: boolean
}

/** Words and numbers of a date in words ("17 de mayo de 1948", "May 17th, 1948"), fillers left out. */
function wordTokens(text: string): Token[] | null {
  const raw = text.split(/[\s,./-]+/).filter(Boolean)
  if (raw.length === 0 || fillers.has(raw[0]!)) return null
  const tokens: Token[] = []
  for (const word of raw) {
    if (fillers.has(word)) continue
    const month = monthByWord.get(word)
    const number = /^(\d{1,4})(er|re|st|nd|rd|th|º|ª|°|o)?$/.exec(word)
    if (month) tokens.push({ month })
    else if (number) tokens.push({ number: Number(number[1]), digits: number[1]!.length, ordinal: Boolean(number[2]) })
    else return null
  }
  return tokens
}

/** One date ("17 de mayo de 1948", "12 MAY 1948", "1948-05-17", "@#DJULIAN@ 1648/49", "44 B.C."). */
function parsePoint(text: string, language: Language, defaultCalendar: Calendar): DatePoint | null {
  let s = stripArticle(text.trim())
  let calendar = defaultCalendar
  const escape = /^(?:@#d([a-z ]+)@ ?|(gregorian|julian|hebrew|french_r|_\w+) )/.exec(s)
  if (escape) {
    const name = (escape[1] ?? escape[2])!.trim()
    // Hebrew and French Republican months are other months: such a date stays a phrase.
    if (name !== 'gregorian' && name !== 'julian') return null
    calendar = name
    s = stripArticle(s.slice(escape[0].length))
  }
  const calendarWord = / ?\(([^()]*)\)$/.exec(s)
  if (calendarWord) {
    const named = calendarByWord.get(calendarWord[1]!.trim())
    if (!named) return null
    calendar = named
    s = s.slice(0, calendarWord.index)
  }
  let bc = false
  s = s.replace(/(\d)(b\.?c\.?(?:e\.?)?)$/, '$1 $2')
  const last = s.split(' ')
  for (let n = Math.min(3, last.length - 1); n >= 1; n--) {
    const era = squash(last.slice(-n).join(' '))
    if (beforeChristWords.has(era) || afterChristWords.has(era)) {
      bc = beforeChristWords.has(era)
      s = last.slice(0, -n).join(' ')
      break
    }
  }
  let dualYear = false
  const dual = /(^| )(\d{3,4})\/(\d{2})$/.exec(s)
  if (dual && Number(dual[3]) === (Number(dual[2]) + 1) % 100) {
    dualYear = true
    s = s.slice(0, dual.index) + dual[1] + dual[2]
  }
  const options = { bc, dualYear, calendar }

  let m = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(s) ?? /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(s)
  if (m) return makePoint(Number(m[1]), Number(m[2]), m[3] === undefined ? undefined : Number(m[3]), options)
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{3,4})$/.exec(s)
  if (m) {
    const [first, second] = [Number(m[1]), Number(m[2])]
    // en: month first, as Americans write, unless the first number cannot be a month.
    const dayFirst = language !== 'en' || first > 12
    return makePoint(Number(m[3]), dayFirst ? second : first, dayFirst ? first : second, options)
  }
  m = /^(\d{1,2})[/.-](\d{3,4})$/.exec(s)
  if (m) return makePoint(Number(m[2]), Number(m[1]), undefined, options)

  const tokens = wordTokens(s)
  if (!tokens) return null
  const isDay = (t: Token | undefined) => t?.number !== undefined && t.digits! <= 2
  const isYear = (t: Token | undefined) => t?.number !== undefined && !t.ordinal
  const [a, b, c] = tokens
  if (tokens.length === 1 && isYear(a)) return makePoint(a!.number!, undefined, undefined, options)
  if (tokens.length === 2 && a?.month && isYear(b)) return makePoint(b!.number!, a.month, undefined, options)
  if (tokens.length === 3 && isDay(a) && b?.month && isYear(c)) return makePoint(c!.number!, b.month, a!.number, options)
  if (tokens.length === 3 && a?.month && isDay(b) && isYear(c)) return makePoint(c!.number!, a.month, b!.number, options)
  return null
}

/** A point if it is a real date; 31 February or month 13 is not "fixed", it is refused. */
function makePoint(year: number, month: number | undefined, day: number | undefined, options: { bc?: boolean | undefined; dualYear?: boolean | undefined; calendar: Calendar }): DatePoint | null {
  const { bc, dualYear, calendar } = options
  // A dual year's second year (the one GEDCOM 7.0 writes) must be a year too.
  if (!Number.isInteger(year) || year > (dualYear ? 9998 : 9999) || year < (bc ? 1 : 100) || (bc && dualYear)) return null
  if (month !== undefined && !(Number.isInteger(month) && month >= 1 && month <= 12)) return null
  if (day !== undefined && (month === undefined || !Number.isInteger(day) || day < 1 || day > daysInMonth(year, month, options))) return null
  const point: DatePoint = { year }
  if (month !== undefined) point.month = month
  if (day !== undefined) point.day = day
  if (bc) point.bc = true
  if (dualYear) point.dualYear = true
  if (calendar === 'julian') point.calendar = 'julian'
  return point
}

function daysInMonth(year: number, month: number, { bc, dualYear, calendar }: { bc?: boolean | undefined; dualYear?: boolean | undefined; calendar?: Calendar | undefined }): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  const astronomical = bc ? 1 - year : dualYear ? year + 1 : year
  const byFour = ((astronomical % 4) + 4) % 4 === 0
  // Double dating belongs to the Old Style, so its February follows the Julian rule.
  const julian = calendar === 'julian' || dualYear
  const leap = julian ? byFour : byFour && (astronomical % 100 !== 0 || astronomical % 400 === 0)
  return leap ? 29 : 28
}

// ---------------------------------------------------------------------------------------------
// Showing

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

const pointsOf = (value: StructuredGenealogyDate): DatePoint[] =>
  'date' in value ? [value.date] : [value.from, value.to].filter((p): p is DatePoint => p !== undefined)

// ---------------------------------------------------------------------------------------------
// Ordering and bounds

// Positions are ((year × 13 + month) × 32 + day) × 10 + slot, with month 0 for a year alone and
// day 0 for a month alone: only their order means anything. Calendars are not converted, so a
// Julian date sorts by the year, month and day it was written with (at most 13 days off).
const position = (year: number, month: number, day: number) => (year * 13 + month) * 32 + day
const astronomicalYear = (p: DatePoint) => (p.bc ? 1 - p.year : p.dualYear ? p.year + 1 : p.year)
const startOf = (p: DatePoint) => position(astronomicalYear(p), p.month ?? 0, p.day ?? 0)
const endOf = (p: DatePoint) => position(astronomicalYear(p), p.month ?? 12, p.day ?? 31)
/** A year, then "before" and the month, then "before" and each of its days, in order. */
const keyOf = (p: DatePoint) => startOf(p) * 10 + (p.day ? 6 : p.month ? 4 : 2)

/**
 * A number to sort by, or null for a phrase with no year in it. Earlier years first; within a
 * year, the year alone, then each month followed by its days; "before X" just before X; "after X"
 * after the last day X covers (after 1948 comes after 31 December 1948); about, estimated and
 * calculated X as X; "between A and B" and "from A to B" by A ("to B" alone by B); a phrase
 * such as "verano de 1936" as its first year.
 */
export function genealogyDateSortKey(value: GenealogyDate): number | null {
  switch (value.kind) {
    case 'phrase': {
      const foreign = foreignGedcomDate(value.text)
      const year = foreign ? foreign.gregorianYear : Number(/(?<!\d)(\d{3,4})(?!\d)/.exec(value.text)?.[1])
      const date = makePoint(year, undefined, undefined, { calendar: 'gregorian' })
      return date ? keyOf(date) : null
    }
    case 'before':
      return keyOf(value.date) - 1
    case 'after':
      return endOf(value.date) * 10 + 8
    case 'between':
      return keyOf(value.from)
    case 'period':
      return keyOf((value.from ?? value.to)!)
    default:
      return keyOf(value.date)
  }
}

/** For `Array.prototype.sort`: by `genealogyDateSortKey`, dates with no key (and no date) last. */
export function compareGenealogyDates(a: GenealogyDate | null, b: GenealogyDate | null): number {
  const [ka, kb] = [a && genealogyDateSortKey(a), b && genealogyDateSortKey(b)]
  if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1
  return ka - kb
}

/** The first and last positions a value can mean; null where it is open or too vague to say. */
function boundsOf(value: GenealogyDate, { nominal }: { nominal: boolean }): [number | null, number | null] {
  switch (value.kind) {
    case 'phrase':
      return [null, null]
    case 'about':
    case 'estimated':
      return nominal ? [startOf(value.date), endOf(value.date)] : [null, null]
    case 'before':
      return [null, startOf(value.date) - 0.5]
    case 'after':
      return [endOf(value.date) + 0.5, null]
    case 'between':
      return [startOf(value.from), endOf(value.to)]
    case 'period':
      return [value.from ? startOf(value.from) : null, value.to ? endOf(value.to) : null]
    default:
      return [startOf(value.date), endOf(value.date)]
  }
}

/**
 * True only when every day `a` can mean comes before every day `b` can mean: a death that is
 * surely before the birth. "about" and "estimated" are never sure, phrases neither.
 */
export function isCertainlyBefore(a: GenealogyDate, b: GenealogyDate): boolean {
  const last = boundsOf(a, { nominal: false })[1]
  const first = boundsOf(b, { nominal: false })[0]
  return last !== null && first !== null && last < first
}

export type GenealogyDateIssue = 'too_long' | 'in_future' | 'reversed_range'

/**
 * Reads a date a person typed and says what a form must refuse: text longer than
 * `genealogyDateMaxLength`, a date that can only be after `today` (`YYYY-MM-DD`, given by the
 * caller: births and deaths have happened), or a range whose end comes before its start.
 */
export function validateGenealogyDate(
  text: string,
  options: { language?: Language; today?: string } = {},
): { value: GenealogyDate | null; issue: GenealogyDateIssue | null } {
  if (text.trim().length > genealogyDateMaxLength) return { value: null, issue: 'too_long' }
  const value = parseGenealogyDate(text, options.language)
  if (!value) return { value, issue: null }
  if ((value.kind === 'between' || (value.kind === 'period' && value.from && value.to)) && startOf(value.from!) > endOf(value.to!)) {
    return { value, issue: 'reversed_range' }
  }
  if (options.today && isCalendarDate(options.today)) {
    const [y, m, d] = options.today.split('-').map(Number) as [number, number, number]
    const first = boundsOf(value, { nominal: true })[0]
    if (first !== null && first > position(y, m, d)) return { value, issue: 'in_future' }
  }
  return { value, issue: null }
}

// ---------------------------------------------------------------------------------------------
// Storing and GEDCOM

/** The `YYYY-MM-DD` of a plain Gregorian day (how every date was stored before), or null. */
export function toCalendarDate(value: GenealogyDate | null): string | null {
  if (!value || value.kind !== 'date' || value.phrase) return null
  const { year, month, day, bc, dualYear, calendar } = value.date
  if (!month || !day || bc || dualYear || calendar) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export const isExactCalendarDate = (value: GenealogyDate | null): boolean => toCalendarDate(value) !== null

/**
 * One language-neutral string to store, which `parseGenealogyDate` reads back to the same value
 * in any language: an exact Gregorian day stays `YYYY-MM-DD` (so rows stored before need no
 * migration and still sort as text), a phrase is `(text)`, any other date is its GEDCOM 5.5.1
 * text, with `INT … (phrase)` around it when it carries a phrase.
 */
export function serializeGenealogyDate(value: GenealogyDate): string {
  if (value.kind === 'phrase') return `(${value.text})`
  const exact = toCalendarDate(value)
  if (exact) return exact
  const text = gedcomText(value, '5.5.1')
  return value.phrase ? `INT ${text} (${value.phrase})` : text
}

export type GedcomVersion = '5.5.1' | '7.0'

/**
 * `date` is the DATE payload. `phrase` is 7.0's PHRASE substructure; in 5.5.1, where a phrase
 * can only sit in `INT <date> (<phrase>)`, it is set for wording the payload cannot carry (a
 * phrase on a range), for the exporter to keep in a NOTE.
 */
export interface GedcomDate {
  date: string
  phrase?: string
}

/**
 * The date as GEDCOM writes it. 7.0 has no dual years: it writes the new-style year and puts
 * the old form in PHRASE, as its spec advises ("30 JAN 1649" + "30 JAN 1648/49").
 */
export function toGedcomDate(value: GenealogyDate, version: GedcomVersion): GedcomDate {
  if (value.kind === 'phrase') {
    const foreign = foreignGedcomDate(value.text)
    if (foreign) return foreign[version] === null ? { date: '', phrase: value.text } : { date: foreign[version] }
    return version === '7.0' ? { date: '', phrase: oneLine(value.text) } : { date: `(${oneLine(value.text)})` }
  }
  const phrase = value.phrase && oneLine(value.phrase)
  const date = gedcomText(value, version)
  if (version === '7.0') {
    if (!pointsOf(value).some((p) => p.dualYear)) return phrase ? { date, phrase } : { date }
    const old = gedcomText(value, '5.5.1')
    return { date, phrase: phrase ? `${old} (${phrase})` : old }
  }
  if (!phrase) return { date }
  return value.kind === 'date' ? { date: `INT ${date} (${phrase})` } : { date, phrase }
}

/**
 * Reads a GEDCOM DATE payload with its 7.0 PHRASE, if any. A PHRASE that is our own 7.0 dual
 * year (its new-style date is the payload) gives the dual-year date back; any other PHRASE is
 * kept, word for word, with the date.
 */
export function fromGedcomDate(date: string, phrase?: string): GenealogyDate | null {
  const wording = phrase?.trim() ?? ''
  const value = parseGenealogyDate(date)
  if (!value) return wording ? { kind: 'phrase', text: wording } : null
  if (!wording) return value
  if (value.kind === 'phrase') return { kind: 'phrase', text: `${date.trim()} (${wording})` }
  const written = parseGenealogyDate(wording)
  if (written && written.kind !== 'phrase' && pointsOf(written).some((p) => p.dualYear) && gedcomText(written, '7.0') === gedcomText(value, '7.0')) return written
  return { ...value, phrase: wording }
}

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ')

function gedcomText(value: StructuredGenealogyDate, version: GedcomVersion): string {
  // Spec 7.0, appendix A: name every calendar once any date of the value is not Gregorian.
  const named = pointsOf(value).some((p) => p.calendar === 'julian')
  const point = (p: DatePoint) => {
    const parts: string[] = []
    if (named) parts.push(version === '7.0' ? p.calendar?.toUpperCase() ?? 'GREGORIAN' : `@#D${p.calendar?.toUpperCase() ?? 'GREGORIAN'}@`)
    if (p.day) parts.push(String(p.day))
    if (p.month) parts.push(gedcomMonths[p.month - 1]!)
    parts.push(p.dualYear && version === '7.0' ? String(p.year + 1) : yearText(p))
    if (p.bc) parts.push(version === '7.0' ? 'BCE' : 'B.C.')
    return parts.join(' ')
  }
  switch (value.kind) {
    case 'date':
      return point(value.date)
    case 'between':
      return `BET ${point(value.from)} AND ${point(value.to)}`
    case 'period':
      return [value.from && `FROM ${point(value.from)}`, value.to && `TO ${point(value.to)}`].filter(Boolean).join(' ')
    default:
      return `${{ about: 'ABT', calculated: 'CAL', estimated: 'EST', before: 'BEF', after: 'AFT' }[value.kind]} ${point(value.date)}`
  }
}

/**
 * A GEDCOM date in a calendar we keep but do not read (Hebrew, French Republican: French civil
 * records of 1793–1805 use the latter). It stays a phrase, goes back out as the same GEDCOM
 * date (the calendar named as each version spells it), and sorts near its Gregorian year.
 */
function foreignGedcomDate(text: string): { '5.5.1': string; '7.0': string | null; gregorianYear: number } | null {
  if (!/^[A-Z0-9 @#_/.]+$/.test(text)) return null
  const calendar = /(?:@#D(HEBREW|FRENCH R|ROMAN|UNKNOWN)@|\b(HEBREW|FRENCH_R) )/.exec(text)
  if (!calendar) return null
  const name = calendar[1] ?? calendar[2]!
  const year = Number(/(?:@#D[A-Z ]+@|HEBREW|FRENCH_R) (?:\d{1,2} )?(?:[A-Z]{3,4} )?(\d+)/.exec(text)?.[1])
  // Hebrew year 5700 began in autumn 1939; French Republican year 1 in autumn 1792.
  const offset = name === 'HEBREW' ? -3761 : name.startsWith('FRENCH') ? 1791 : 0
  return {
    '5.5.1': text.replace(/\b(HEBREW|FRENCH_R) /g, (_, name: string) => `@#D${name.replace('_', ' ')}@ `),
    // 7.0 dropped ROMAN and UNKNOWN: such a date can only travel as a phrase there.
    '7.0': /@#D(?:ROMAN|UNKNOWN)@/.test(text) ? null : text.replace(/@#D(HEBREW|FRENCH R)@/g, (_, name: string) => name.replace(' ', '_')),
    gregorianYear: year + offset,
  }
}
