import { answerText, splitName } from '../../../shared/facts/answer-text.ts'
import { factKinds, isDateFactKind, isRelativeFactKind, type FactKind, type FactProposal, type FactQuote, type PersonName } from '../../../shared/facts/index.ts'
import { parseGenealogyDate, serializeGenealogyDate, type DatePoint, type GenealogyDate } from '../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../shared/limits.ts'
import type { AiProvider, JsonRequest } from './ai-provider.ts'

export interface FactListening {
  /** What the person told, as kept. */
  answer: string
  /** The question it answered, as asked; null for a memory told freely. */
  question: string | null
  language: Language
  /** Whom the answer is about: the teller themself (Cronos) or a relative by first name (Ana). */
  subject: { name: string; isTeller: boolean }
  /** Today's year: no fact happens after it. */
  thisYear: number
  /** The subject's birth year when the tree knows it: nothing but a birth happens before it. */
  birthYear?: number
  /** The safety settings of the persona the answer was told to. */
  safety?: JsonRequest['safety']
  signal?: AbortSignal
}

/** The most a model may take to listen; the answer is kept long before, and a late list is no use to anyone. */
const listeningTimeoutMs = 30_000
/** More facts than one answer plausibly states is a model listing everything it can. */
const mostFacts = 40

/**
 * What the model answers: a list of facts, each with its kind, its value as the answer says it
 * (a relative's whole name as said) and the words it came from. Every property required and no
 * others, as OpenAI's strict mode wants; Gemini gets it in its own words (gemini-provider.ts).
 */
export const factListSchema = {
  type: 'object',
  properties: {
    facts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...factKinds] },
          value: { type: 'string', description: 'The date, place, trade or nickname as the answer says it; for a relative, their name as said.' },
          quote: { type: 'string', description: 'The exact words of the answer the fact comes from, copied character for character.' },
        },
        required: ['kind', 'value', 'quote'],
        additionalProperties: false,
      },
    },
  },
  required: ['facts'],
  additionalProperties: false,
} as const

/** The instruction, in English whatever the answer's language: the model copies the answer's words, it never translates them. */
export function listeningInstruction(input: Pick<FactListening, 'question' | 'subject' | 'thisYear' | 'birthYear'>): string {
  const { name, isTeller } = input.subject
  const who = isTeller ? `the person speaking${name ? ` (${name})` : ''}` : `${name}, the relative the person is telling about`
  return [
    `You read one answer from a family-history interview and list the genealogical facts it states plainly about ${who}.`,
    `Only facts the answer states plainly about ${who}: nothing guessed or inferred, nothing said with doubt ("maybe", "I think"), nothing about anyone else.`,
    'Kinds: birthDate, birthPlace, deathDate, deathPlace, marriageDate, marriagePlace (their own birth, death and wedding); spouse, parent, sibling, child (one fact per relative, only when the answer names them); occupation; residence (a place where they lived); nickname.',
    'value: the date, place, trade or nickname in the answer’s own words and language; for a relative, their name exactly as said, never a word such as "mother". A date with its year in digits as the answer gives it.',
    'quote: the shortest words of the answer that state the fact, copied character for character from the answer, never rewritten or translated.',
    'When the answer states no such fact, the list is empty.',
    input.question ? `The question it answers: «${input.question}»` : 'It answers no question: the person told it freely.',
    `This year is ${input.thisYear}.${input.birthYear ? ` ${isTeller ? 'They were' : `${name} was`} born in ${input.birthYear}.` : ''}`,
  ].join('\n')
}

/**
 * The facts a model hears in an answer, each checked against the answer's own words: a fact whose
 * quote is not in the answer, whose value is not in its quote, whose kind Legado does not know,
 * whose date does not read as one or lands outside the subject's life is dropped. Nothing is ever
 * taken on the model's word alone. Without a model (the guided mode) it hears nothing, and a model
 * that fails hears nothing too: the answer is kept already, and the facts are only proposals.
 */
export async function listenForFacts(provider: AiProvider, input: FactListening): Promise<FactProposal[]> {
  if (!provider.completeJson || !input.answer.trim()) return []
  let answered: unknown
  try {
    const timeout = AbortSignal.timeout(listeningTimeoutMs)
    answered = await provider.completeJson({
      instruction: listeningInstruction(input),
      text: input.answer,
      schema: factListSchema,
      maxOutputTokens: 2048,
      ...(input.safety ? { safety: input.safety } : {}),
      signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    })
  } catch {
    return []
  }
  return checkedFacts(answered, input)
}

/** The model's list as proposals Legado can stand behind; anything unreadable is left out, never guessed at. */
export function checkedFacts(answered: unknown, input: Pick<FactListening, 'answer' | 'language' | 'thisYear' | 'birthYear'>): FactProposal[] {
  const facts = typeof answered === 'object' && answered !== null && Array.isArray((answered as { facts?: unknown }).facts) ? (answered as { facts: unknown[] }).facts : []
  const proposals: FactProposal[] = []
  for (const fact of facts.slice(0, mostFacts)) {
    const proposal = checkedFact(fact, input)
    if (proposal && !proposals.some((p) => p.kind === proposal.kind && JSON.stringify(p.value) === JSON.stringify(proposal.value))) proposals.push(proposal)
  }
  return proposals.sort((a, b) => a.quote.start - b.quote.start)
}

function checkedFact(fact: unknown, input: Pick<FactListening, 'answer' | 'language' | 'thisYear' | 'birthYear'>): FactProposal | undefined {
  if (typeof fact !== 'object' || fact === null) return undefined
  const { kind, value, quote } = fact as Record<string, unknown>
  if (typeof kind !== 'string' || !(factKinds as readonly string[]).includes(kind) || typeof quote !== 'string') return undefined
  const factKind = kind as FactKind
  const span = locate(input.answer, quote, { start: 0, end: input.answer.length })
  if (!span) return undefined
  const words = input.answer.slice(span.start, span.end)
  const factQuote: FactQuote = { text: words, start: span.start, end: span.end }
  const said = typeof value === 'string' ? value : isName(value) ? `${value.first} ${value.last}` : undefined
  if (said === undefined) return undefined

  if (isDateFactKind(factKind)) {
    const date = parseGenealogyDate(said, input.language)
    if (!date || date.kind === 'phrase' || !isWithinLife(date, factKind, input) || !isYearIn(date, words)) return undefined
    return { kind: factKind, value: serializeGenealogyDate(date), quote: factQuote }
  }
  // A place, a trade, a nickname or a name is taken in the answer's own words, found inside the quote.
  const inAnswer = locate(input.answer, said, span, { wholeWords: true })
  if (!inAnswer) return undefined
  const text = input.answer.slice(inAnswer.start, inAnswer.end)
  if (isRelativeFactKind(factKind)) {
    // A name is written with a capital («Luis Pérez»); «su madre» is a relative, but no name.
    if (!/^\p{Lu}/u.test(text)) return undefined
    return { kind: factKind, value: splitName(text), quote: factQuote }
  }
  return { kind: factKind, value: text, quote: factQuote }
}

const isName = (value: unknown): value is PersonName =>
  typeof value === 'object' && value !== null && typeof (value as PersonName).first === 'string' && typeof (value as PersonName).last === 'string'

const pointsOf = (date: Exclude<GenealogyDate, { kind: 'phrase' }>): DatePoint[] =>
  'date' in date ? [date.date] : [date.from, date.to].filter((p): p is DatePoint => p !== undefined)

/** No fact happens after this year, and nothing but their birth happens before the subject is born. */
function isWithinLife(date: Exclude<GenealogyDate, { kind: 'phrase' }>, kind: FactKind, input: Pick<FactListening, 'thisYear' | 'birthYear'>): boolean {
  return pointsOf(date).every((point) => !point.bc && point.year <= input.thisYear && (kind === 'birthDate' || input.birthYear === undefined || point.year >= input.birthYear))
}

/** The year is in the quote, in digits: «1950», or «el 50» for 1950; a year the model worked out from words is not taken. */
function isYearIn(date: Exclude<GenealogyDate, { kind: 'phrase' }>, words: string): boolean {
  const numbers = words.match(/\d+/g) ?? []
  return pointsOf(date).every((point) => numbers.some((n) => n === String(point.year) || (n.length === 2 && n === String(point.year % 100).padStart(2, '0'))))
}

/** Punctuation and spaces a model adds or leaves at the ends of what it copies. */
const looseEnds = /^[\s.,;:!?¡¿«»"“”'‘’()…-]+|[\s.,;:!?¡¿«»"“”'‘’()…-]+$/gu
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Where `words` are in `answer` between `within.start` and `within.end`: exactly, or else with
 * other capitals, accents or spaces (the folded answer keeps every offset, so what is found maps
 * back to the answer's own words). With `wholeWords`, never inside a longer word («Ana» in «Mariana»).
 */
function locate(answer: string, words: string, within: { start: number; end: number }, options: { wholeWords?: boolean } = {}): { start: number; end: number } | undefined {
  const wanted = words.replace(looseEnds, '')
  if (!wanted) return undefined
  const region = answer.slice(within.start, within.end)
  const folded = answerText(region).folded
  const pattern = answerText(wanted).folded.split(/\s+/).map(escape).join('\\s+')
  const bounded = options.wholeWords ? `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])` : pattern
  const exact = new RegExp(options.wholeWords ? `(?<![\\p{L}\\p{N}])${escape(wanted)}(?![\\p{L}\\p{N}])` : escape(wanted), 'u').exec(region)
  const found = exact ?? new RegExp(bounded, 'u').exec(folded)
  return found ? { start: within.start + found.index, end: within.start + found.index + found[0].length } : undefined
}
