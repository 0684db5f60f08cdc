import { LRUCache } from 'lru-cache'
import type { Member, Union } from '../../../shared/contracts/family-tree.ts'
import type { SelfCard, TreeChanges, TreeHeader, TreeIndexEntry, TreeView } from '../../../shared/contracts/family-tree-view.ts'
import { indexFlags, treeViewLimits } from '../../../shared/family-tree/tree-view-limits.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { createViewerRedaction } from '../../../shared/family-tree/living.ts'
import { toIsoString } from '../../db/timestamps.ts'
import { notFound } from '../../lib/app-error.ts'
import { collationRanks, createPacer, pacedSortByKeys } from '../../lib/cooperative.ts'
import { indexLinks, toMember, toUnion, type MemberRelatedIds } from './family-tree.mapping.ts'
import type { TreeReadQueries } from './family-tree.reads.repository.ts'
import { snapshotAround } from './family-tree.around.ts'
import { closedTo, mentionablesOf } from './family-tree.mentionables.ts'
import type { SaveReach } from './family-tree.reach.ts'
import type { FamilyTreeRow } from './family-tree.tables.ts'

/**
 * One collator for every comparison of names, the tree's list and its index alike: `localeCompare`
 * with a locale builds one per call (slow at 10,000 people).
 */
export const byName = new Intl.Collator('es')

/** Who reads: whether they see the living, and their own card in the tree if they have one. */
export interface TreeReader {
  seesLiving: boolean
}

export function treeHeaderOf(ownerId: string, row: FamilyTreeRow | undefined): TreeHeader {
  return row ? { ownerId, treeName: row.treeName, createdAt: toIsoString(row.createdAt), lastModified: toIsoString(row.lastModified) } : null
}

/** The year of a date's sort key (`genealogyDateSortKey`: a position times ten plus a slot, a position counting 13 months of 32 days a year). */
export function sortKeyYear(key: number | null): number | null {
  return key === null ? null : Math.floor(Math.floor(key / 10) / 32 / 13)
}

interface Deps {
  reads: TreeReadQueries & {
    treeOf(ownerUserId: string): Promise<FamilyTreeRow | undefined>
    countMembers(ownerUserId: string): Promise<number>
    linkedMemberId(ownerUserId: string, userId: string): Promise<string | undefined>
  }
  relatedIds?(ownerId: string, memberIds: string[]): Promise<MemberRelatedIds>
  findSelfMemberId(ownerId: string): Promise<string | undefined>
}

/**
 * The tree page's reads (docs/decisions/0057): the part the chart draws around one person, the
 * index of names, members by ids, and what a save changed. Each reads the people it answers with
 * and those one link away, by ids, never the whole tree; members are mapped as the whole tree's
 * read maps them (`indexLinks`, `toMember`), so a member is the same whichever read answers it.
 */
export function createTreeReads({ reads, relatedIds, findSelfMemberId }: Deps) {
  /**
   * These members whole, and the unions they are partners in (with `extraUnionIds`), as
   * `getTree` answers them. A member's lists need their links up and down, their unions, those
   * unions' children and the birth dates that order children: all read by ids.
   */
  async function wholeMembers(
    ownerId: string,
    memberIds: Iterable<string>,
    reader: TreeReader,
    extraUnionIds: Iterable<string> = [],
  ): Promise<{ members: Member[]; unions: Union[] }> {
    const { snapshot, rowById, present } = await snapshotAround(reads, ownerId, memberIds, extraUnionIds)
    const unionRows = snapshot.unions
    const index = await indexLinks(snapshot)
    const related = present.length > 0 ? await relatedIds?.(ownerId, present) : undefined
    let members = present.map((id) => toMember(rowById.get(id)!, index, related))
    const unionAnswer = index.unionsInOrder.map((row) => toUnion(row, index))
    if (reader.seesLiving) return { members, unions: unionAnswer }
    // A union is judged by both partners: those outside the list are read for it too.
    const redaction = createViewerRedaction({ today: todayCalendarDate(), openedUp: new Set() })
    members = members.map(redaction.member)
    const outside = new Set(unionRows.flatMap((union) => [union.firstPartnerId, union.secondPartnerId]).filter((id): id is string => id !== null && !rowById.has(id)))
    for (const row of await reads.membersByIds(ownerId, outside)) redaction.member(toMember(row, index))
    return { members, unions: unionAnswer.map(redaction.union) }
  }

  /** Everyone, sorted as the list shows them, with the years a reader may see. */
  async function buildIndex(ownerId: string, reader: TreeReader): Promise<{ tree: TreeHeader; people: TreeIndexEntry[] }> {
    const pacer = createPacer()
    const tree = treeHeaderOf(ownerId, await reads.treeOf(ownerId))
    const rows = await reads.indexRows(ownerId)
    const names: string[] = []
    for (const row of rows) {
      names.push(row.lastName, row.firstName)
      const waiting = pacer.step()
      if (waiting) await waiting
    }
    const rankOf = await collationRanks(names, byName, pacer)
    const sorted = await pacedSortByKeys(rows, (row) => [rankOf.get(row.lastName)!, rankOf.get(row.firstName)!], pacer)
    const closed = closedTo(reader)
    const people: TreeIndexEntry[] = []
    for (const row of sorted) {
      const flags = (row.isSelf ? indexFlags.self : 0) | (row.isDeceased ? indexFlags.isDeceased : 0) | (row.linkedUserId ? indexFlags.linked : 0)
      const shut = closed(row)
      people.push([row.id, row.firstName, row.lastName, shut ? null : sortKeyYear(row.birthDateSort), shut ? null : sortKeyYear(row.deathDateSort), flags])
      const waiting = pacer.step()
      if (waiting) await waiting
    }
    return { tree, people }
  }

  /**
   * The first person by name, as the index would list them (last name, first name, then id), kept
   * per version of the tree: an imported tree with no card of the keeper's opens on them. Found
   * among the tree's last names, then the first names of the first one, each read from the
   * (owner, last name, first name) index, not by sorting or reading everyone: this is on the way
   * to the first card a person sees (a second at 100,000 people, sorted).
   */
  const firstIds = new LRUCache<string, { id: string | null }>({ max: 1000 })
  const centres = new LRUCache<string, { id: string | null }>({ max: 1000 })
  /** How many people each version of a tree holds: counting them reads the whole owner index. */
  const totals = new LRUCache<string, { total: number }>({ max: 1000 })
  async function totalOf(ownerId: string): Promise<number> {
    const version = await reads.treeVersion(ownerId)
    const key = `${ownerId} ${version}`
    const kept = version === null ? undefined : totals.get(key)
    if (kept) return kept.total
    const total = await reads.countMembers(ownerId)
    if (version !== null) totals.set(key, { total })
    return total
  }
  async function firstByName(ownerId: string, version: string | null): Promise<string | null> {
    const key = `${ownerId} ${version}`
    const kept = version === null ? undefined : firstIds.get(key)
    if (kept) return kept.id
    const least = <T>(items: readonly T[], compare: (a: T, b: T) => number) =>
      items.reduce<T | undefined>((best, item) => (best === undefined || compare(item, best) < 0 ? item : best), undefined)
    const lastName = least(await reads.lastNames(ownerId), byName.compare)
    const firstNames = lastName === undefined ? [] : await reads.firstNamesOf(ownerId, lastName)
    const firstName = least(firstNames, byName.compare)
    // Among names the collator holds equal, the first by id, as in the index.
    const equals = firstName === undefined ? [] : firstNames.filter((name) => byName.compare(name, firstName) === 0)
    const id = (lastName !== undefined && (await reads.firstIdNamed(ownerId, lastName, equals))) || null
    if (version !== null) firstIds.set(key, { id })
    return id
  }

  /** The people the view adds in one step, those already in it left out. */
  async function parentsOf(ownerId: string, ids: Iterable<string>): Promise<string[]> {
    return (await reads.linksOfChildren(ownerId, ids)).map((link) => link.parentId)
  }

  return {
    wholeMembers,
    buildIndex,

    /** The keeper's own card, whole, as this reader may see it (none when the tree has none). */
    async selfCard(ownerId: string, reader: TreeReader): Promise<SelfCard> {
      const tree = treeHeaderOf(ownerId, await reads.treeOf(ownerId))
      const selfId = await findSelfMemberId(ownerId)
      const member = selfId === undefined ? undefined : (await wholeMembers(ownerId, [selfId], reader)).members[0]
      return { tree, member: member ?? null }
    },

    /** Everyone's names and places as `reader` may see them (what finds them in what was told), without reading the tree whole. */
    mentionables: (ownerId: string, reader: TreeReader) => mentionablesOf(reads, ownerId, reader),

    /** The tree's version: the database replaces it with every write to the tree's row or its people (migration 0026). */
    version: (ownerId: string) => reads.treeVersion(ownerId),

    /** The reader's own card, else the keeper's, else the first by name. */
    async defaultCentre(ownerId: string, readerId: string): Promise<string | null> {
      // Kept per version of the tree and reader; a new version finds it again by indexes alone
      // (the flagged card, the cards with a relationship, the first by name).
      const version = await reads.treeVersion(ownerId)
      const key = `${ownerId} ${version} ${readerId}`
      const kept = version === null ? undefined : centres.get(key)
      if (kept) return kept.id
      const own = readerId === ownerId ? undefined : await reads.linkedMemberId(ownerId, readerId)
      const id = own ?? (await findSelfMemberId(ownerId)) ?? (await firstByName(ownerId, version))
      if (version !== null) centres.set(key, { id })
      return id
    },

    /**
     * The part the chart draws: the centre with their partners and siblings, then generation by
     * generation their ancestors and descendants with everyone's partners and the other parents of
     * their children, while `maxPeople` allows. Each generation is read by the ids of the one
     * before; a person met again (a loop an import kept) is not walked twice, so the walk ends.
     */
    async view(ownerId: string, centreId: string | null, generations: number, reader: TreeReader): Promise<TreeView> {
      const tree = treeHeaderOf(ownerId, await reads.treeOf(ownerId))
      const total = await totalOf(ownerId)
      if (centreId === null) return { tree, centreId: null, generations, more: { up: false, down: false }, truncated: false, total, members: [], unions: [] }
      if ((await reads.membersByIds(ownerId, [centreId])).length === 0) throw notFound('Member')
      const { maxPeople } = treeViewLimits
      const shown = new Set<string>([centreId])
      let truncated = false
      /** Adds in order while the budget allows; false once someone was left out. */
      const addCut = (ids: Iterable<string>) => {
        for (const id of ids) {
          if (shown.has(id)) continue
          if (shown.size >= maxPeople) return !(truncated = true)
          shown.add(id)
        }
        return true
      }
      const partnersOf = async (ids: Iterable<string>) =>
        (await reads.unionsOfPartners(ownerId, ids)).flatMap((union) => [union.firstPartnerId, union.secondPartnerId]).filter((id): id is string => id !== null)
      // Children are read as far as the budget could take them, and one more to know there is more.
      const childrenOf = async (ids: Iterable<string>) => (await reads.linksOfParents(ownerId, ids, maxPeople + 1)).map((link) => link.childId)
      const fresh = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => !shown.has(id))

      // The first generation, most wanted first: what is past the budget in it is left out.
      const parents = fresh(await parentsOf(ownerId, [centreId]))
      const siblings = fresh(await childrenOf(parents))
      addCut(await partnersOf([centreId]))
      let lineUp = [centreId]
      let lineDown = [centreId]
      let included = 0
      if (generations >= 1) {
        const children = fresh(await childrenOf([centreId]))
        addCut(parents)
        addCut(await partnersOf(parents))
        addCut(children)
        addCut([...(await parentsOf(ownerId, children)), ...(await partnersOf(children))])
        lineUp = parents.filter((id) => shown.has(id))
        lineDown = children.filter((id) => shown.has(id))
        const more = { up: parents.some((id) => !shown.has(id)), down: children.some((id) => !shown.has(id)) }
        addCut(siblings)
        included = 1
        if (truncated) return { tree, centreId, generations: included, more, truncated, total, ...(await wholeMembers(ownerId, shown, reader)) }
      } else addCut(siblings)

      // Then a generation each way at a time, whole or not at all; one more is read to tell whether there is more.
      let more = { up: false, down: false }
      for (let generation = included + 1; ; generation += 1) {
        const nextUp = fresh(await parentsOf(ownerId, lineUp))
        const nextDown = fresh(await childrenOf(lineDown))
        more = { up: nextUp.length > 0, down: nextDown.length > 0 }
        if (generation > generations || (!more.up && !more.down)) break
        const step = fresh([...nextUp, ...nextDown, ...(await partnersOf([...nextUp, ...nextDown])), ...(await parentsOf(ownerId, nextDown))])
        if (shown.size + step.length > maxPeople) break
        for (const id of step) shown.add(id)
        lineUp = nextUp
        lineDown = nextDown
        included = generation
      }
      // A tree that ends before the generations asked for has them all.
      if (!more.up && !more.down) included = generations
      return { tree, centreId, generations: included, more, truncated, total, ...(await wholeMembers(ownerId, shown, reader)) }
    },

    /** What a save reached, whole, as a view shows it, with the tree's row as it is now. */
    async changes(ownerId: string, reach: SaveReach, reader: TreeReader): Promise<TreeChanges> {
      const { members, unions } = await wholeMembers(ownerId, reach.memberIds, reader, reach.unionIds)
      const found = new Set(unions.map((union) => union.unionId))
      return {
        tree: treeHeaderOf(ownerId, await reads.treeOf(ownerId)),
        members,
        unions,
        removedMemberIds: [...reach.removedMemberIds],
        // A union the save reached and that is gone now (a childless couple's, when one of them goes).
        removedUnionIds: [...new Set([...reach.removedUnionIds, ...[...reach.unionIds].filter((id) => !found.has(id))])],
      }
    },
  }
}
export type TreeReads = ReturnType<typeof createTreeReads>
