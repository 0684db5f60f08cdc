import type { TreeIndex, TreeIndexEntry } from '../../../../shared/contracts/family-tree-view.ts'

/**
 * The index of names as a few flat pieces, what a worker that parsed it hands the page: one string
 * of every id and name (copied whole, one block, at a cost of the order of a memcpy) and typed arrays
 * moved without a copy. The page makes the entries back from them in slices, where parsing the JSON
 * of 100,000 people was one task of 100 ms on its main thread.
 */
export interface IndexColumns {
  tree: TreeIndex['tree']
  version: string
  /** Every person's id, first name and last name, one after another. */
  text: string
  /** Where each of those ends in `text`: three per person. */
  ends: Uint32Array
  /** `noYear` where the index says null. */
  birthYears: Int32Array
  deathYears: Int32Array
  flags: Int32Array
}

const noYear = -0x80000000

export function columnsOf(index: TreeIndex): IndexColumns {
  const count = index.people.length
  const ends = new Uint32Array(count * 3)
  const birthYears = new Int32Array(count)
  const deathYears = new Int32Array(count)
  const flags = new Int32Array(count)
  const parts: string[] = []
  let end = 0
  for (let at = 0; at < count; at += 1) {
    const [id, firstName, lastName, birthYear, deathYear, marks] = index.people[at]!
    parts.push(id, firstName, lastName)
    ends[at * 3] = end += id.length
    ends[at * 3 + 1] = end += firstName.length
    ends[at * 3 + 2] = end += lastName.length
    birthYears[at] = birthYear ?? noYear
    deathYears[at] = deathYear ?? noYear
    flags[at] = marks
  }
  return { tree: index.tree, version: index.version, text: parts.join(''), ends, birthYears, deathYears, flags }
}

/** What `postMessage` moves rather than copies. */
export const transferablesOf = (columns: IndexColumns): ArrayBuffer[] =>
  [columns.ends, columns.birthYears, columns.deathYears, columns.flags].map((array) => array.buffer as ArrayBuffer)

/** The index's people `from` (inclusive) `to` (exclusive), as the server wrote them. */
export function entriesBetween(columns: IndexColumns, from: number, to: number): TreeIndexEntry[] {
  const { text, ends, birthYears, deathYears, flags } = columns
  const entries: TreeIndexEntry[] = new Array<TreeIndexEntry>(to - from)
  let start = from === 0 ? 0 : ends[from * 3 - 1]!
  for (let at = from; at < to; at += 1) {
    const idEnd = ends[at * 3]!
    const firstEnd = ends[at * 3 + 1]!
    const lastEnd = ends[at * 3 + 2]!
    const birth = birthYears[at]!
    const death = deathYears[at]!
    entries[at - from] = [
      text.slice(start, idEnd),
      text.slice(idEnd, firstEnd),
      text.slice(firstEnd, lastEnd),
      birth === noYear ? null : birth,
      death === noYear ? null : death,
      flags[at]!,
    ]
    start = lastEnd
  }
  return entries
}

/** How many people the columns hold. */
export const peopleIn = (columns: IndexColumns) => columns.flags.length
