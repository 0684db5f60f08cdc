import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { TreeChanges, TreeIndex, TreeIndexEntry } from '../../../../shared/contracts/family-tree-view.ts'
import { indexFlags } from '../../../../shared/family-tree/tree-view-limits.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'

/** The server's order (last name, then first name, as a Spanish reader sorts them). */
const byName = new Intl.Collator('es')

export const entryId = (entry: TreeIndexEntry) => entry[0]

/** The year a stored date names first ("ABT 1920" → 1920), as the index says it; null without one. */
function yearOf(stored: Member['birthDate']): number | null {
  const year = stored === null ? undefined : /\d{3,4}/.exec(String(stored))?.[0]
  return year === undefined ? null : Number(year)
}

/** A member as the index lists them. */
export function indexEntryOf(member: Member): TreeIndexEntry {
  const flags = (isSelfMember(member) ? indexFlags.self : 0) | (member.isDeceased ? indexFlags.isDeceased : 0) | (member.linkedUserAccountId !== null ? indexFlags.linked : 0)
  return [member.memberId, member.firstName, member.lastName, yearOf(member.birthDate), yearOf(member.deathDate), flags]
}

function compareEntries(a: TreeIndexEntry, b: TreeIndexEntry): number {
  return byName.compare(a[2], b[2]) || byName.compare(a[1], b[1])
}

/**
 * The index with a save's changes: a changed person's name, years and marks as they are now (and
 * in their new place when their name changed), a new one in their sorted place, the removed gone.
 * Everyone else keeps the place the server gave them.
 */
export function withChanges(index: TreeIndex, changes: TreeChanges): TreeIndex {
  const removed = new Set(changes.removedMemberIds)
  const changed = new Map(changes.members.map((member) => [member.memberId, member]))
  if (removed.size === 0 && changed.size === 0) return { ...index, tree: changes.tree }
  const moved: TreeIndexEntry[] = []
  const people: TreeIndexEntry[] = []
  for (const entry of index.people) {
    const id = entry[0]
    if (removed.has(id)) continue
    const member = changed.get(id)
    if (!member) {
      people.push(entry)
      continue
    }
    changed.delete(id)
    const next = indexEntryOf(member)
    if (next[1] === entry[1] && next[2] === entry[2]) people.push(next)
    else moved.push(next)
  }
  for (const member of changed.values()) moved.push(indexEntryOf(member))
  for (const entry of moved) people.splice(sortedPlace(people, entry), 0, entry)
  // The version names what the server built; a changed index is no longer that one.
  return { ...index, tree: changes.tree, version: `${index.version}+`, people }
}

/** Where `entry` goes among `people` (sorted by name): after those it does not come before. */
function sortedPlace(people: readonly TreeIndexEntry[], entry: TreeIndexEntry): number {
  let low = 0
  let high = people.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareEntries(people[middle]!, entry) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/** People whose surname nobody knows come after the others, each group in the index's order (as the list always showed them). */
export function knownSurnamesFirstEntries(people: readonly TreeIndexEntry[]): readonly TreeIndexEntry[] {
  if (!people.some((entry) => isUnknownNamePart(entry[2]))) return people
  return [...people.filter((entry) => !isUnknownNamePart(entry[2])), ...people.filter((entry) => isUnknownNamePart(entry[2]))]
}

const stubBase: Omit<Member, 'memberId' | 'firstName' | 'lastName' | 'birthDate' | 'deathDate' | 'isDeceased' | 'isSelf'> = {
  relationshipToOwner: '',
  birthDateSortKey: null,
  deathDateSortKey: null,
  birthPlace: '',
  deathPlace: '',
  notes: '',
  sourceId: null,
  gender: '',
  bioSummary: '',
  parentMemberIds: [],
  parentLinks: [],
  spouseMemberIds: [],
  unionIds: [],
  childrenMemberIds: [],
  interviewSegments: [],
  keyLifeEvents: [],
  mediaAssetIds: [],
  portraitURL: null,
  linkedUserAccountId: null,
  connectionRequestSentBy: null,
  connectionStatus: null,
  openToViewers: false,
  createdAt: '',
  updatedAt: '',
}

/**
 * A person known only by the index, shaped as a member for what names and chooses people (the
 * pickers, the centre search, a relative's name on a card): their name, years and marks, and no
 * links. Built on a shared prototype, so a hundred thousand of them cost a few fields each.
 */
export function memberFromEntry(entry: TreeIndexEntry): Member {
  const [memberId, firstName, lastName, birthYear, deathYear, flags] = entry
  const stub = Object.create(stubBase) as Member
  stub.memberId = memberId
  stub.firstName = firstName
  stub.lastName = lastName
  stub.birthDate = birthYear === null ? null : asStoredDate(String(birthYear))
  stub.deathDate = deathYear === null ? null : asStoredDate(String(deathYear))
  stub.isDeceased = (flags & indexFlags.isDeceased) !== 0
  stub.isSelf = (flags & indexFlags.self) !== 0
  return stub
}
