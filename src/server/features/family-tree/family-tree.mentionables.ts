import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { livingOn } from '../../../shared/family-tree/living.ts'
import { createPacer } from '../../lib/cooperative.ts'
import type { IndexRow } from './family-tree.read-columns.ts'
import type { TreeReadQueries } from './family-tree.reads.repository.ts'

/**
 * Whether a reader meets a person closed, by name and relation only: a reader who does not see
 * the living, and a living person not opened up to viewers (`familyTreeForViewer`'s rule, read
 * from a row's columns).
 */
export function closedTo(reader: { seesLiving: boolean }): (row: Pick<IndexRow, 'isDeceased' | 'birthDate' | 'deathDate' | 'openToViewers'>) => boolean {
  if (reader.seesLiving) return () => false
  const isLiving = livingOn(todayCalendarDate())
  return (row) => !row.openToViewers && isLiving({ isDeceased: Boolean(row.isDeceased), birthDate: row.birthDate, deathDate: row.deathDate })
}

/** A person as what was told may name them: by their names, and by the places of their life. */
export interface MentionablePerson {
  memberId: string
  firstName: string
  lastName: string
  birthPlace: string
  deathPlace: string
  /** A living person the reader meets by name only: no places, and nothing told about them read. */
  isClosed: boolean
}

/** Everyone of a tree as what was told may name them, and the places their unions name. */
export interface MentionableTree {
  members: MentionablePerson[]
  unions: { marriagePlace: string }[]
}

/**
 * The tree's names and places as `reader` may see them, read in a few narrow columns: what finds
 * the tree's people and places in what was told (the constellations), without reading a tree of
 * 100,000 people whole. A person closed to the reader keeps their names and loses their places,
 * and so does a union with a closed partner, as `familyTreeForViewer` closes them.
 */
export async function mentionablesOf(reads: Pick<TreeReadQueries, 'mentionRows' | 'marriagePlaces'>, ownerId: string, reader: { seesLiving: boolean }): Promise<MentionableTree> {
  const isClosed = closedTo(reader)
  const pacer = createPacer()
  const members: MentionablePerson[] = []
  const closedIds = new Set<string>()
  for (const row of await reads.mentionRows(ownerId)) {
    const closed = isClosed(row)
    if (closed) closedIds.add(row.id)
    members.push({
      memberId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthPlace: closed ? '' : row.birthPlace,
      deathPlace: closed ? '' : row.deathPlace,
      isClosed: closed,
    })
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const isOpen = (id: string | null) => id === null || !closedIds.has(id)
  const unions = (await reads.marriagePlaces(ownerId))
    .filter((union) => isOpen(union.firstPartnerId) && isOpen(union.secondPartnerId))
    .map((union) => ({ marriagePlace: union.marriagePlace }))
  return { members, unions }
}
