import { normaliseRelationship } from '../../../../shared/family-tree/self-member.ts'

/** Names as a search compares them, each worked out once: a keystroke scans thousands of people. */
const searchKeys = new Map<string, string>()

/** `text` as a search compares it: lower case, without accents, spaces collapsed. */
export function searchKey(text: string): string {
  let key = searchKeys.get(text)
  if (key === undefined) {
    // Bounded: names of trees left long ago need not stay.
    if (searchKeys.size >= 200_000) searchKeys.clear()
    searchKeys.set(text, (key = normaliseRelationship(text)))
  }
  return key
}

/** The words of what was typed, as `searchKey` writes names; none for an empty search. */
export function searchWords(query: string): string[] {
  return normaliseRelationship(query).split(' ').filter(Boolean)
}

/** Whether every word typed is in `text` ("ana diaz" finds «Ana María Díaz»), accents and case ignored. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  const key = searchKey(text)
  return words.every((word) => key.includes(word))
}
