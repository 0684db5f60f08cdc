import type { BookPlan } from '../../../shared/contracts/book.ts'
import { printable } from './book.pdf-fonts.ts'
import { foldText } from '../../../shared/text/fold.ts'

/** The pages each person of the index is named on, gathered while the chapters are laid out. */
export interface Mentions {
  /** A text drawn whole on one page. */
  onPage(text: string, page: number): void
  /** A paragraph drawn in lines (`start`: where each begins in `text`): a name is on the page of the line it starts in. */
  inLines(text: string, lines: { start: number; page: number }[]): void
  /** A page that shows this person (the chart's boxes). */
  add(personId: string, page: number): void
  pagesOf(personId: string): number[]
}

const isWordCharacter = (character: string) => /[\p{L}\p{N}]/u.test(character)
const foldCharacter = foldText

/**
 * A text as its words compared: accents and case aside, every run of other characters one space,
 * with a space at each end, as the plan's terms were found (book.chart.ts); `origin[i]` is where
 * the folded text's character `i` came from, to tell the line a name landed on.
 */
function foldedWords(text: string): { folded: string; origin: number[] } {
  let folded = ' '
  const origin = [0]
  let offset = 0
  for (const character of text) {
    if (isWordCharacter(character)) {
      for (const piece of foldCharacter(character)) {
        folded += piece
        origin.push(offset)
      }
    } else if (!folded.endsWith(' ')) {
      folded += ' '
      origin.push(offset)
    }
    offset += character.length
  }
  if (!folded.endsWith(' ')) {
    folded += ' '
    origin.push(offset)
  }
  return { folded, origin }
}

/** Finds, while the book is laid out, the pages where any of a person's terms (plan.people) is printed as whole words. */
export function createMentions(people: BookPlan['people']): Mentions {
  const searched = people.flatMap((person) =>
    person.terms
      .map((term) => foldedWords(printable(term)).folded)
      .filter((term) => term.trim().length >= 2)
      .map((term) => ({ id: person.id, term })),
  )
  const pages = new Map<string, Set<number>>()
  const add = (personId: string, page: number) => {
    let set = pages.get(personId)
    if (!set) pages.set(personId, (set = new Set()))
    set.add(page)
  }
  const inLines = (text: string, lines: { start: number; page: number }[]) => {
    if (lines.length === 0) return
    const { folded, origin } = foldedWords(printable(text))
    for (const { id, term } of searched) {
      for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
        const start = origin[at + 1]!
        let page = lines[0]!.page
        for (const line of lines) if (line.start <= start) page = line.page
        add(id, page)
      }
    }
  }
  return {
    onPage: (text, page) => inLines(text, [{ start: 0, page }]),
    inLines,
    add,
    pagesOf: (personId) => [...(pages.get(personId) ?? [])].sort((a, b) => a - b),
  }
}
