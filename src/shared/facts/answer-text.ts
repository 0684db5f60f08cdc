/**
 * The answer as the reader walks it. Every match runs on a folded copy (lower case, no accents,
 * one apostrophe) that keeps each character at its index, so a quote is always a slice of the
 * words as they were written, accents and capitals intact.
 */
export interface AnswerText {
  text: string
  folded: string
}

export function answerText(text: string): AnswerText {
  let folded = ''
  for (const ch of text) {
    const base = ch
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[’‘`´]/g, "'")
    folded += base.length === ch.length ? base : ch
  }
  return { text, folded }
}

export interface Span {
  start: number
  end: number
}

/** Sentences: ends at . ! ? ; … followed by a space or the end, and at line breaks. */
export function sentences(answer: AnswerText): Span[] {
  const spans: Span[] = []
  // A period after one to three capitals is an abbreviation ("EE. UU."), not the end of a sentence.
  const boundary = /(?<!(?:^|[\s(])\p{Lu}{1,3})[.!?;…]+(?=\s|$)|[!?;…]+(?=\s|$)|\n+/gu
  let start = 0
  for (const m of answer.text.matchAll(boundary)) {
    spans.push({ start, end: m.index })
    start = m.index + m[0].length
  }
  spans.push({ start, end: answer.text.length })
  return spans.map(trimSpan(answer.text)).filter((s) => s.end > s.start)
}

export const trimSpan =
  (text: string) =>
  ({ start, end }: Span): Span => {
    while (start < end && /[\s,:«»"“”]/.test(text[start]!)) start++
    while (end > start && /\s/.test(text[end - 1]!)) end--
    return { start, end }
  }

/** Index of the first character at or after `from` that is not a space. */
export function skipSpaces(text: string, from: number, end: number): number {
  while (from < end && /\s/.test(text[from]!)) from++
  return from
}

const word = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`
const nameWord = String.raw`\p{Lu}[\p{L}\p{M}'’-]*`
/** Capitalized words with the small words places keep inside ("San Juan de Pasto", "Aix-en-Provence"). */
const placeChunk = new RegExp(
  String.raw`(?:(?:el|la|los|las|le|les|the|l['’])\s*)?${word}(?:\s+(?:(?:de|del|la|las|los|el|do|da|dos|das|di|of|the|upon|sur|les|le|d['’])\s*){0,2}${word})*`,
  'uy',
)
const nameChunk = new RegExp(String.raw`${nameWord}(?:\s+(?:(?:de|del|la|las|los|van|von|da|di|du|le)\s+){0,2}${nameWord}){0,3}`, 'uy')

/**
 * What may follow a place or a name for it to be one: the end, a punctuation mark, or a small word
 * that starts the next part of the sentence. A capitalized word after a comma followed by
 * anything else ("en Pasto, Luis se fue") is a new clause, not part of the place.
 */
const endsPart =
  /^(?:\s*$|[,.;:!?)»”"…]|\s+(?:y|e|o|pero|and|or|but|et|ou|mais|en|in|at|a|à|au|aux|hacia|vers|about|around|circa|cerca|alrededor|el|le|la|on|the|de|del|du|antes|despues|después|before|after|avant|après|apres|entre|between|desde|from|since|depuis|hasta|until|jusqu|por|pour|for|con|with|avec|cuando|when|quand|donde|where|où|que|that|qui|durante|during|pendant)(?!\p{L})|\s+\d)/iu

export function followsPart(text: string, at: number, end: number): boolean {
  return endsPart.test(text.slice(at, end))
}

/** A place at `at` ("Pasto, Nariño"), its parts joined by commas while each one ends well. */
export function readPlace(whole: string, at: number, end: number): Span | null {
  const text = whole.slice(0, end)
  placeChunk.lastIndex = at
  const first = placeChunk.exec(text)
  if (!first || first.index + first[0].length > end) return null
  let stop = at + first[0].length
  if (!followsPart(text, stop, end)) return null
  for (;;) {
    const comma = /^,\s*/.exec(text.slice(stop, end))
    if (!comma) break
    placeChunk.lastIndex = stop + comma[0].length
    const next = placeChunk.exec(text)
    if (!next || next.index + next[0].length > end || !followsPart(text, next.index + next[0].length, end)) break
    // An article opens no later part of a place ("Pasto, la Nena…").
    if (/^(?:el|la|los|las|le|les|the|l['’])\s/iu.test(next[0])) break
    stop = next.index + next[0].length
  }
  // "En Pasto, Quito y Bogotá": a list, and no telling which commas are inside one place.
  if (/^\s+(?:y|e|o|and|or|et|ou)\s+\p{Lu}/u.test(text.slice(stop))) return null
  return { start: at, end: stop }
}

/** A person's name at `at` ("Luis", "Luis Pérez de la Cruz"). */
export function readName(whole: string, at: number, end: number): Span | null {
  const text = whole.slice(0, end)
  nameChunk.lastIndex = at
  const m = nameChunk.exec(text)
  if (!m || m.index + m[0].length > end) return null
  const stop = at + m[0].length
  return followsPart(text, stop, end) ? { start: at, end: stop } : null
}

export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/)
  return { first: words[0]!, last: words.slice(1).join(' ') }
}
