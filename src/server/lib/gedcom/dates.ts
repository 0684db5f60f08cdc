// Converting a DATE between GEDCOM 5.5.1 and 7.0 spellings, never interpreting it: the text says
// the same thing afterwards. 7.0 names calendars with keywords instead of @#D…@ escapes, writes BCE
// instead of B.C., and moved the free-text parts (`INT … (…)`, `(…)`) into a PHRASE line.

const MONTHS =
  'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|TSH|CSH|KSL|TVT|SHV|ADR|ADS|NSN|IYR|SVN|TMZ|AAV|ELL|VEND|BRUM|FRIM|NIVO|PLUV|VENT|GERM|FLOR|PRAI|MESS|THER|FRUC|COMP'
const EXTENSION = '_[A-Z0-9_]+'

const DATE_7 = `(?:(?:GREGORIAN|JULIAN|FRENCH_R|HEBREW|${EXTENSION}) )?(?:(?:\\d+ )?(?:${MONTHS}|${EXTENSION}) )?\\d+(?: (?:BCE|${EXTENSION}))?`
const VALUE_7 = new RegExp(`^(?:${DATE_7}|(?:ABT|CAL|EST|BEF|AFT|TO) ${DATE_7}|BET ${DATE_7} AND ${DATE_7}|FROM ${DATE_7}(?: TO ${DATE_7})?)$`)

// Dual years as 5.5.1 writes them (1699/00) and as PAF wrote them (1699/1700).
const DATE_551 = `(?:@#D(?:GREGORIAN|JULIAN|HEBREW|FRENCH R|ROMAN|UNKNOWN)@\\s*)?(?:(?:\\d{1,2}\\s+)?(?:${MONTHS})\\s+)?\\d{1,4}(?:/\\d{1,4})?(?:\\s*\\(?B\\.?C\\.?\\)?)?`
const VALUE_551 = new RegExp(
  `^\\s*(?:${DATE_551}|(?:ABT|CAL|EST|BEF|AFT|TO)\\s+${DATE_551}|BET\\s+${DATE_551}\\s+AND\\s+${DATE_551}|FROM\\s+${DATE_551}(?:\\s+TO\\s+${DATE_551})?|INT\\s+${DATE_551}\\s*\\(.*\\)|\\(.*\\))\\s*$`,
  'i',
)

const CALENDARS: [escape: string, keyword: string][] = [
  ['@#DGREGORIAN@', 'GREGORIAN'],
  ['@#DJULIAN@', 'JULIAN'],
  ['@#DHEBREW@', 'HEBREW'],
  ['@#DFRENCH R@', 'FRENCH_R'],
]

const CALENDAR_ESCAPES: Record<string, string> = Object.fromEntries(CALENDARS.map(([escape, keyword]) => [keyword, escape]))
const CALENDAR_KEYWORD = /(^|\s)(GREGORIAN|JULIAN|HEBREW|FRENCH_R)(?=\s)/g

export function isGedcom551Date(text: string): boolean {
  return VALUE_551.test(text)
}

/**
 * A 5.5.1 date as 7.0 writes it: a DATE value plus, when needed, a PHRASE. 7.0 has no dual years:
 * a date with one (12 JAN 1699/00) is written with its new-style year (12 JAN 1700) and the old
 * form whole in the phrase, as 7.0's spec advises, so a reader that skips phrases still has the
 * date. Other text 7.0's grammar cannot hold (a free-form date) stays whole in the phrase, with an
 * empty value, so nothing is lost.
 */
export function toGedcom7Date(text: string): { value: string; phrase?: string } {
  const trimmed = text.trim()
  const phraseOnly = /^\((.*)\)$/s.exec(trimmed)
  if (phraseOnly) return { value: '', phrase: phraseOnly[1] ?? '' }
  const interpreted = /^INT\s+(.*?)\s*\((.*)\)$/is.exec(trimmed)
  if (interpreted) {
    const value = convertTo7(interpreted[1] ?? '')
    if (VALUE_7.test(value)) return { value, phrase: interpreted[2] ?? '' }
    return { value: '', phrase: trimmed }
  }
  const value = convertTo7(trimmed)
  if (VALUE_7.test(value)) return { value }
  const newStyle = withNewStyleYears(value)
  return newStyle !== undefined && VALUE_7.test(newStyle) ? { value: newStyle, phrase: trimmed } : { value: '', phrase: trimmed }
}

/**
 * Each dual year (1699/00, 1699/1700) as its new-style year (1700), or undefined when a slash
 * holds something else: two years that do not follow each other (1056/1060) are no dual year.
 */
function withNewStyleYears(value: string): string | undefined {
  let isDual = true
  const converted = value.replace(/\b(\d{1,4})\/(\d{1,4})\b/g, (_whole, old: string, written: string) => {
    const next = Number(old) + 1
    const isNext = written.length >= old.length ? Number(written) === next : Number(written) === next % 10 ** written.length
    if (!isNext) isDual = false
    return String(next)
  })
  return isDual && converted !== value ? converted : undefined
}

function convertTo7(text: string): string {
  let value = text.replace(/\s+/g, ' ').trim().toUpperCase()
  if (value.includes('@#D')) for (const [escape, keyword] of CALENDARS) value = value.replaceAll(`${escape} `, `${keyword} `).replaceAll(escape, `${keyword} `)
  return value.replace(/ ?\(?B\.?C\.?\)?(?= |$)/g, ' BCE')
}

/**
 * A 7.0 DATE value and PHRASE as one 5.5.1 date. A phrase that is itself a 5.5.1 date (one
 * `toGedcom7Date` had to keep whole) comes back as it was; a phrase beside a plain date becomes
 * `INT date (phrase)`; beside a range or approximation 5.5.1 has no room for it, and it is dropped.
 */
export function toGedcom551Date(value: string | undefined, phrase?: string): string | undefined {
  let date = value?.trim() || undefined
  if (date !== undefined) {
    date = date.replace(CALENDAR_KEYWORD, (_whole, space: string, keyword: string) => `${space}${CALENDAR_ESCAPES[keyword] ?? keyword}`)
    date = date.replace(/(\d) BCE\b/g, '$1 B.C.')
  }
  if (phrase === undefined) return date
  if (date === undefined) return isGedcom551Date(phrase) ? phrase : `(${phrase})`
  // A dual year 7.0 wrote with its new-style year is the phrase again.
  if (isGedcom551Date(phrase) && toGedcom7Date(phrase).value === value?.trim().replace(/\s+/g, ' ').toUpperCase()) return phrase
  return /^(ABT|CAL|EST|BEF|AFT|BET|FROM|TO|INT)\b/i.test(date) ? date : `INT ${date} (${phrase})`
}
