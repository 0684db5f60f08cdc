import type { Language } from '../limits.ts'
import { makePoint, type Calendar, type DatePoint } from './date-point.ts'
import { afterChristWords, beforeChristWords, calendarByWord, fillers, monthByWord, squash, stripArticle } from './parse-vocabulary.ts'

interface Token {
  month?: number
  number?: number
  digits?: number
  ordinal?: boolean
}

/** Words and numbers of a date in words ("17 de mayo de 1948", "May 17th, 1948"), fillers left out. */
export function wordTokens(text: string): Token[] | null {
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
export function parsePoint(text: string, language: Language, defaultCalendar: Calendar): DatePoint | null {
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
  // Three or four digits say a year on purpose, even one of the first century (`0046`).
  const options = { bc, dualYear, calendar, isYearWrittenOut: true }

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
  const as = (year: Token) => ({ ...options, isYearWrittenOut: year.digits! >= 3 })
  if (tokens.length === 1 && isYear(a)) return makePoint(a!.number!, undefined, undefined, as(a!))
  if (tokens.length === 2 && a?.month && isYear(b)) return makePoint(b!.number!, a.month, undefined, as(b!))
  if (tokens.length === 3 && isDay(a) && b?.month && isYear(c)) return makePoint(c!.number!, b.month, a!.number, as(c!))
  if (tokens.length === 3 && a?.month && isDay(b) && isYear(c)) return makePoint(c!.number!, a.month, b!.number, as(c!))
  return null
}
