import { foldText } from '../text/fold.ts'

type Named = { firstName: string; lastName: string }

/** How many people of the tree bear each first name, folded: a name borne by one alone names them. */
export function firstNameCounts(members: readonly Named[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const member of members) {
    const first = foldText(member.firstName).trim()
    if (first) counts.set(first, (counts.get(first) ?? 0) + 1)
  }
  return counts
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The words that name a member in a text, folded: their full name, and their first name when
 * nobody else in the tree bears it (and it is more than an initial or a nickname of two letters).
 */
export function nameTerms(member: Named, counts: ReadonlyMap<string, number>): string[] {
  const first = foldText(member.firstName).trim()
  const full = foldText(`${member.firstName} ${member.lastName}`).trim()
  return [...new Set([full, ...(first.length >= 3 && counts.get(first) === 1 ? [first] : [])])].filter(Boolean)
}

/**
 * Whether a text names the member: their full name, or a first name nobody else in the tree
 * bears, as whole words, letters compared without case or accents («Aurora», «AURORA ORDOÑEZ»).
 */
export function namesIn(member: Named, counts: ReadonlyMap<string, number>): (text: string) => boolean {
  const patterns = nameTerms(member, counts).map((term) => new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(term)}($|[^\\p{L}\\p{N}])`, 'u'))
  return (text) => {
    const plain = foldText(text)
    return patterns.some((pattern) => pattern.test(plain))
  }
}
