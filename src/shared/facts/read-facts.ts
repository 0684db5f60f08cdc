import { serializeGenealogyDate, type GenealogyDate } from '../genealogy-date/index.ts'
import type { Language } from '../limits.ts'
import { answerText, readName, sentences, skipSpaces, splitName, type Span } from './answer-text.ts'
import {
  isDateFactKind,
  isPlaceFactKind,
  isRelativeFactKind,
  type DateFactKind,
  type FactKind,
  type FactProposal,
  type PersonName,
  type PlaceFactKind,
  type RelativeFactKind,
} from './fact-kinds.ts'
import {
  answerOpenings,
  clauseBreak,
  doubt,
  nameOpenings,
  nicknameGivers,
  relativeWords,
  subjectPronouns,
  timeWords,
  tradeOpenings,
  triggers,
  type Event,
  type Trigger,
} from './fact-words.ts'
import { readNickname, readParts, readTrade, type Part, type PartContext } from './read-parts.ts'

export interface ReadFactsOptions {
  /** The facts the question asked for: a birthplace question makes a bare "En Pasto" a birth place. */
  asks?: readonly FactKind[] | undefined
  /**
   * Whom the answer is about. `isTeller` for one's own story (Cronos: "nací en Pasto"); otherwise a
   * relative (Ana: "nació en Pasto"). `names` are the words the teller may use for the relative as
   * a subject ("Aurora", "mi abuela"): a sentence whose subject is anyone else says nothing about
   * them. `birthYear` gives two-digit years their century.
   */
  subject?: { isTeller?: boolean | undefined; names?: readonly string[] | undefined; birthYear?: number | undefined } | undefined
  /** Today's year: a two-digit year never lands after it. */
  thisYear?: number | undefined
}

interface Context extends PartContext {
  isTeller: boolean
  names: string[]
  proposals: FactProposal[]
}

/**
 * The genealogical facts an answer states about the person it is about, each with the exact
 * words it came from. Only what the words say plainly is read; when unsure, nothing.
 */
export function readFacts(answer: string, language: Language, options: ReadFactsOptions = {}): FactProposal[] {
  const text = answerText(answer)
  const ctx: Context = {
    answer: text,
    language,
    birthYear: options.subject?.birthYear,
    thisYear: options.thisYear,
    isTeller: options.subject?.isTeller ?? false,
    names: (options.subject?.names ?? []).map((name) => answerText(name.trim()).folded).filter(Boolean),
    proposals: [],
  }
  const spans = sentences(text).filter((s) => !doubt.test(text.folded.slice(s.start, s.end)))
  for (const sentence of spans) {
    readStatements(ctx, sentence)
    readNamedRelatives(ctx, sentence)
  }
  const asked = (options.asks ?? []).filter((kind) => !ctx.proposals.some((p) => p.kind === kind))
  // Only the answer's first sentence can be the fact alone; a doubtful one was left out above.
  const first = sentences(text)[0]
  if (asked.length > 0 && first && spans[0]?.start === first.start) readAskedAnswer(ctx, first, asked)
  return unique(ctx.proposals).sort((a, b) => a.quote.start - b.quote.start)
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const triggerPatterns = new Map<Language, { regex: RegExp; byPattern: Map<string, Trigger> }>()
function triggersOf(language: Language) {
  let found = triggerPatterns.get(language)
  if (!found) {
    const list = [...triggers[language]].sort((a, b) => b.pattern.length - a.pattern.length)
    found = { regex: new RegExp(`(?<![\\p{L}'])(?:${list.map((t) => escape(t.pattern)).join('|')})(?![\\p{L}])`, 'gu'), byPattern: new Map(list.map((t) => [t.pattern, t])) }
    triggerPatterns.set(language, found)
  }
  return found
}

/** Sentences with a verb of the facts: "nació en Pasto hacia 1931", "se casó con Luis", "le decían la Nena". */
function readStatements(ctx: Context, sentence: Span) {
  const { text, folded } = ctx.answer
  const { regex, byPattern } = triggersOf(ctx.language)
  const within = folded.slice(sentence.start, sentence.end)
  for (const m of within.matchAll(regex)) {
    const trigger = byPattern.get(m[0])!
    const start = sentence.start + m.index
    const after = start + m[0].length
    const zone = subjectZone(ctx, sentence.start, start, trigger.event)
    if (!zone) continue
    const person = trigger.person || zone.person
    if (trigger.person && zone.person && trigger.person !== zone.person) continue
    if ((person === 1 && !ctx.isTeller) || (person === 3 && ctx.isTeller && !zone.isNamed)) continue
    readEvent(ctx, trigger.event, zone, after, sentence.end, text)
  }
}

interface Zone {
  /** Where the quote starts: the subject, a date or place before the verb, or the verb itself. */
  start: number
  person: 0 | 1 | 3
  isNamed: boolean
  parts: Part[]
}

/** What stands before the verb in its clause must be the person the answer is about, or nothing. */
function subjectZone(ctx: Context, sentenceStart: number, verb: number, event: Event): Zone | null {
  const { text, folded } = ctx.answer
  let clauseStart = sentenceStart
  for (const b of folded.slice(sentenceStart, verb).matchAll(clauseBreak)) clauseStart = sentenceStart + b.index + b[0].length
  clauseStart = skipSpaces(text, clauseStart, verb)
  // A date or place may come first ("En 1950 se casó con Luis").
  const { parts, stop } = readParts(ctx, clauseStart, verb, { allowTwoDigitYear: event !== 'birth' })
  const subjectStart = parts.length > 0 ? skipSpaces(text, stop, verb) : clauseStart
  let subject = folded.slice(subjectStart, verb).trim()
  for (let changed = true; changed && subject;) {
    changed = false
    for (const word of timeWords) {
      if (subject === word || subject.endsWith(` ${word}`)) {
        subject = subject.slice(0, -word.length).trim()
        changed = true
      } else if (subject.startsWith(`${word} `)) {
        subject = subject.slice(word.length).trim()
        changed = true
      }
    }
  }
  const start = parts.length > 0 ? clauseStart : subject ? subjectStart : verb
  const pronouns = subjectPronouns[ctx.language]
  if (!subject || (event === 'nickname' && isNicknameGiver(subject))) return { start, person: 0, isNamed: false, parts }
  if (pronouns.first.includes(subject)) return { start, person: 1, isNamed: false, parts }
  if (pronouns.third.includes(subject)) return { start, person: 3, isNamed: false, parts }
  const bare = subject.replace(/^a\s+/, '')
  if (ctx.names.includes(bare)) return { start, person: 3, isNamed: true, parts }
  return null
}

/** "todos", or "en el pueblo todos": who gave a nickname, not whom it names. */
const isNicknameGiver = (subject: string) => nicknameGivers.some((giver) => subject === giver || new RegExp(`^(?:en|in|at|dans|au|a) [^,]{1,30} ${giver}$`).test(subject))

function readEvent(ctx: Context, event: Event, zone: Zone, after: number, end: number, text: string) {
  const add = (proposal: FactProposal) => ctx.proposals.push(proposal)
  const quote = (stop: number) => ({ text: text.slice(zone.start, stop), start: zone.start, end: stop })
  if (event === 'occupation') {
    const trade = readTrade(ctx, after, end)
    if (trade) add({ kind: 'occupation', value: text.slice(trade.start, trade.end), quote: quote(trade.end) })
    return
  }
  if (event === 'nickname') {
    const nickname = readNickname(ctx, after, end)
    if (nickname) add({ kind: 'nickname', value: nickname.value, quote: quote(nickname.span.end) })
    return
  }
  let pos = after
  let spouse: PersonName | undefined
  if (event === 'marriage') {
    const name = readName(text, skipSpaces(text, after, end), end)
    if (name) {
      spouse = splitName(text.slice(name.start, name.end))
      pos = name.end
    }
  }
  const tail = readParts(ctx, pos, end, { allowTwoDigitYear: event !== 'birth' })
  const next = skipSpaces(text, tail.stop, end)
  // "Nació su hermano en Quito": a subject after the verb is someone else's fact.
  if (tail.parts.length === 0 && !spouse && next < end && !/[,;:)]/.test(text[next]!)) return
  const parts = [...zone.parts, ...tail.parts]
  const stop = Math.max(tail.parts.length ? tail.stop : pos, zone.start)
  if (spouse) add({ kind: 'spouse', value: spouse, quote: quote(stop) })
  const kinds: Record<Exclude<Event, 'occupation' | 'nickname'>, [DateFactKind | null, PlaceFactKind]> = {
    birth: ['birthDate', 'birthPlace'],
    death: ['deathDate', 'deathPlace'],
    marriage: ['marriageDate', 'marriagePlace'],
    residence: [null, 'residence'],
  }
  const [dateKind, placeKind] = kinds[event]
  const date = parts.find((p) => p.type === 'date')
  const place = parts.find((p) => p.type === 'place')
  const withSpouse = spouse ? { spouse } : {}
  if (date && dateKind) addDate(ctx, dateKind, date.value as GenealogyDate, quote(stop), withSpouse)
  if (place) add({ kind: placeKind, value: place.value as string, quote: quote(stop), ...withSpouse })
}

function addDate(ctx: Context, kind: DateFactKind, value: GenealogyDate, quote: FactProposal['quote'], extra: { spouse?: PersonName }) {
  ctx.proposals.push({ kind, value: serializeGenealogyDate(value), quote, ...extra })
  // A four-digit birth year said in the answer gives the later "en el 50" its century.
  if (kind === 'birthDate' && ctx.birthYear === undefined && 'date' in value && !value.date.bc) ctx.birthYear = value.date.year
  if (kind === 'birthDate' && ctx.birthYear === undefined && value.kind === 'between') ctx.birthYear = value.from.year
}

const relativePatterns = new Map<Language, RegExp>()
/** "Su padre se llamaba Juan", "Her brother was called Tom", "Sa sœur s'appelait Jeanne". */
function readNamedRelatives(ctx: Context, sentence: Span) {
  const { text, folded } = ctx.answer
  const words = relativeWords[ctx.language]
  let regex = relativePatterns.get(ctx.language)
  if (!regex) {
    const all = (list: string[]) =>
      [...list]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|')
    const kinds = Object.values(words.kinds).flat()
    regex = new RegExp(`(?<![\\p{L}])(${all([...words.possessive.first, ...words.possessive.third])}) (${all(kinds)})(?:'s name (?:was|is)| (?:${all(words.naming)})) `, 'gu')
    relativePatterns.set(ctx.language, regex)
  }
  for (const m of folded.slice(sentence.start, sentence.end).matchAll(regex)) {
    const isOwn = words.possessive.first.includes(m[1]!)
    if (isOwn !== ctx.isTeller) continue
    const kind = (Object.entries(words.kinds) as [RelativeFactKind, string[]][]).find(([, list]) => list.includes(m[2]!))?.[0]
    const start = sentence.start + m.index
    const name = readName(text, start + m[0].length, sentence.end)
    if (!kind || !name) continue
    // "Su madre era Colombiana": after a plain "was", only a full name is surely a name.
    if (/ (?:era|es|was|is|etait) $/.test(m[0]) && !/\s/.test(text.slice(name.start, name.end))) continue
    ctx.proposals.push({ kind, value: splitName(text.slice(name.start, name.end)), quote: { text: text.slice(start, name.end), start, end: name.end } })
  }
}

/** An answer that is the fact itself, read as the question asked it: "En Pasto, Nariño", "Costurera", "Juan y María". */
function readAskedAnswer(ctx: Context, sentence: Span, asked: FactKind[]) {
  const { text, folded } = ctx.answer
  const { end } = sentence
  const start = sentence.start + (answerOpenings.exec(text.slice(sentence.start, end))?.[0].length ?? 0)
  const quote = (stop: number) => ({ text: text.slice(start, stop), start, end: stop })
  const placeKinds = asked.filter(isPlaceFactKind)
  const dateKinds = asked.filter(isDateFactKind)
  if (placeKinds.length === 1 || dateKinds.length === 1) {
    const { parts, stop } = readParts(ctx, start, end, { isBare: true, allowTwoDigitYear: !dateKinds.includes('birthDate') })
    const date = parts.find((p) => p.type === 'date')
    // Two places answering one question ("Quito, en Pasto"): no telling which is the answer.
    const place = parts.filter((p) => p.type === 'place').length === 1 ? parts.find((p) => p.type === 'place') : undefined
    // "En Pasto vivió su hermano" is no answer about the person asked for.
    if (parts.length > 0 && /^(?:$|[,;:.!?]|\s+(?:y|e|and|et|pero|but|mais|donde|where|où)\b)/u.test(text.slice(stop, end))) {
      if (date && dateKinds.length === 1) addDate(ctx, dateKinds[0]!, date.value as GenealogyDate, quote(stop), {})
      if (place && placeKinds.length === 1) ctx.proposals.push({ kind: placeKinds[0]!, value: place.value as string, quote: quote(stop) })
    }
  }
  if (asked.includes('occupation')) {
    const opening = tradeOpenings[ctx.language].filter((o) => folded.startsWith(`${o} `, start)).sort((a, b) => b.length - a.length)[0]
    const trade = readTrade(ctx, opening ? start + opening.length : start, end, { allowCapital: !opening })
    const isWhole = trade && (opening || /^(?:$|,)/.test(text.slice(trade.end, end)))
    if (trade && isWhole) ctx.proposals.push({ kind: 'occupation', value: text.slice(trade.start, trade.end), quote: quote(trade.end) })
  }
  if (asked.includes('nickname')) {
    const nickname = readNickname(ctx, start, end)
    if (nickname) ctx.proposals.push({ kind: 'nickname', value: nickname.value, quote: quote(nickname.span.end) })
  }
  const relativeKinds = asked.filter(isRelativeFactKind)
  if (relativeKinds.length === 1) readAskedNames(ctx, { start, end }, relativeKinds[0]!)
}

/** "Juan Pérez y María Díaz", "Se llamaba Luis": one name for a spouse, up to two for parents. */
function readAskedNames(ctx: Context, sentence: Span, kind: RelativeFactKind) {
  const { text, folded } = ctx.answer
  const { start, end } = sentence
  const opening = nameOpenings[ctx.language].find((o) => folded.startsWith(`${o} `, start))
  let pos = opening ? start + opening.length + 1 : start
  const names: Span[] = []
  for (;;) {
    const name = readName(text, skipSpaces(text, pos, end), end)
    if (!name) break
    names.push(name)
    const joint = /\s*(?:,|\s(?:y|e|and|et))\s+/uy
    joint.lastIndex = name.end
    if (!joint.exec(folded)) break
    pos = joint.lastIndex
  }
  if (names.length === 0) return
  const last = names[names.length - 1]!
  const isWhole = /^(?:$|[,.;:])/.test(text.slice(last.end, end).trim())
  const most = kind === 'spouse' ? 1 : kind === 'parent' ? 2 : Infinity
  // A lone capitalized word opening an answer may be any word ("Nada."): it takes two names, a full name, or "Se llamaba".
  const isSurelyNames = opening || names.length > 1 || /\s/.test(text.slice(names[0]!.start, names[0]!.end).trim())
  if (!isWhole || names.length > most || !isSurelyNames) return
  for (const name of names) ctx.proposals.push({ kind, value: splitName(text.slice(name.start, name.end)), quote: { text: text.slice(start, last.end), start, end: last.end } })
}

function unique(proposals: FactProposal[]): FactProposal[] {
  const seen = new Set<string>()
  return proposals.filter((p) => {
    const key = `${p.kind}:${JSON.stringify(p.value)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
