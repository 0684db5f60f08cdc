import type { Gender, Member, ParentKind, ParentLink, Union } from '../../../shared/contracts/family-tree.ts'
import type { StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { toIsoString } from '../../db/timestamps.ts'
import { createPacer, pacedSort, pacedSortByKeys, sortByKeys, type Pacer } from '../../lib/cooperative.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import type { ProposedMember } from './family-tree.rules.ts'
import type { MemberRow, UnionRow } from './family-tree.tables.ts'

// Between rows and the API: relation lists come from the link and union rows, booleans from 0/1
// or true/false.

/** Relation lists per member, built once per snapshot (a tree may hold thousands of people). */
export interface LinkIndex {
  parentLinksOf: Map<string, ParentLink[]>
  childrenOf: Map<string, string[]>
  spousesOf: Map<string, string[]>
  unionsOf: Map<string, string[]>
  /** Children of each union, with their kind. */
  unionChildren: Map<string, { childId: string; kind: ParentKind }[]>
  /** The snapshot's unions in the order a person's marriages are told (`unionOrder`). */
  unionsInOrder: UnionRow[]
}

const add = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Unions in the order a person's marriages are told: position, then marriage date. */
export function unionOrder(a: UnionRow, b: UnionRow): number {
  return a.position - b.position || (a.marriageDateSort ?? Infinity) - (b.marriageDateSort ?? Infinity) || 0
}

/**
 * Each member's relation lists, in the order a family is told. Runs on every whole-tree read of up
 * to 100,000 people, so it goes in slices (see cooperative.ts).
 */
export async function indexLinks(snapshot: TreeSnapshot, pacer: Pacer = createPacer()): Promise<LinkIndex> {
  const index: LinkIndex = {
    parentLinksOf: new Map(),
    childrenOf: new Map(),
    spousesOf: new Map(),
    unionsOf: new Map(),
    unionChildren: new Map(),
    unionsInOrder: await pacedSort(snapshot.unions, unionOrder, pacer),
  }
  const step = () => pacer.step()
  const birthSort = new Map<string, number>()
  for (const member of snapshot.members) {
    birthSort.set(member.id, member.birthDateSort ?? Infinity)
    const waiting = step()
    if (waiting) await waiting
  }
  const birthOf = (childId: string) => birthSort.get(childId) ?? Infinity
  /** A child in a union, with its place there as the source ordered the children (the others follow by birth). */
  type InUnion = { childId: string; kind: ParentKind; place: number }
  const inUnions = new Map<string, InUnion[]>()
  // Each list grows by lookups, never by searching the list: a union may have thousands of
  // children and a person thousands of unions in a forged tree.
  const inUnionByKey = new Map<string, InUnion>()
  /** Each parent's children, with the union each came through, ordered below. */
  const childrenThrough = new Map<string, { childId: string; unionId: string | null; inUnion: InUnion | undefined }[]>()
  for (const link of snapshot.parentLinks) {
    add(index.parentLinksOf, link.childId, { parentId: link.parentId, unionId: link.unionId, kind: link.kind as ParentKind })
    let inUnion: InUnion | undefined
    if (link.unionId) {
      const key = `${link.unionId} ${link.childId}`
      inUnion = inUnionByKey.get(key)
      if (!inUnion) {
        inUnionByKey.set(key, (inUnion = { childId: link.childId, kind: link.kind as ParentKind, place: Infinity }))
        add(inUnions, link.unionId, inUnion)
      }
      if (link.childPosition !== null && link.childPosition !== undefined) inUnion.place = link.childPosition
    }
    add(childrenThrough, link.parentId, { childId: link.childId, unionId: link.unionId, inUnion })
    const waiting = step()
    if (waiting) await waiting
  }
  const spouses = new Set<string>()
  const addSpouse = (a: string, b: string) => {
    if (spouses.has(`${a} ${b}`)) return
    spouses.add(`${a} ${b}`)
    add(index.spousesOf, a, b)
  }
  for (const union of index.unionsInOrder) {
    const { id, firstPartnerId: a, secondPartnerId: b } = union
    for (const partner of new Set([a, b])) if (partner) add(index.unionsOf, partner, id)
    if (a && b && a !== b) {
      addSpouse(a, b)
      addSpouse(b, a)
    }
    const waiting = step()
    if (waiting) await waiting
  }
  for (const [unionId, list] of inUnions) {
    const keysOf = (child: InUnion) => [child.place, birthOf(child.childId)]
    // A long list is sorted with the pacer; most hold a few people, for whom a promise would cost more than the sort.
    const sorted = list.length > 512 ? await pacedSortByKeys(list, keysOf, pacer) : sortByKeys(list, keysOf)
    index.unionChildren.set(
      unionId,
      sorted.map(({ childId, kind }) => ({ childId, kind })),
    )
    const waiting = step()
    if (waiting) await waiting
  }
  // A parent's children family by family (their unions in order, then children of no union), each family in its order.
  for (const [parentId, list] of childrenThrough) {
    const unions = index.unionsOf.get(parentId) ?? []
    // Most people are in one or two unions: a search of so short a list costs less than a map.
    const unionRank = unions.length > 8 ? new Map(unions.map((unionId, at) => [unionId, at])) : undefined
    const rank = (unionId: string | null) => {
      const at = unionId === null ? -1 : unionRank ? (unionRank.get(unionId) ?? -1) : unions.indexOf(unionId)
      return at < 0 ? Infinity : at
    }
    const keysOf = (child: { childId: string; unionId: string | null; inUnion: InUnion | undefined }) => [
      rank(child.unionId),
      child.inUnion?.place ?? Infinity,
      birthOf(child.childId),
    ]
    const sorted = list.length > 512 ? await pacedSortByKeys(list, keysOf, pacer) : sortByKeys(list, keysOf)
    index.childrenOf.set(
      parentId,
      sorted.map(({ childId }) => childId),
    )
    const waiting = step()
    if (waiting) await waiting
  }
  return index
}

export function toProposed(row: MemberRow, links: LinkIndex): ProposedMember {
  const parentLinks = links.parentLinksOf.get(row.id) ?? []
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    relationshipToOwner: row.relationshipToOwner,
    isSelf: Boolean(row.isSelf),
    isDeceased: Boolean(row.isDeceased),
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    birthPlace: row.birthPlace,
    deathPlace: row.deathPlace,
    notes: row.notes,
    sourceId: row.sourceId,
    gender: row.gender as Gender,
    bioSummary: row.bioSummary,
    keyLifeEvents: JSON.parse(row.keyLifeEvents) as string[],
    parentMemberIds: parentLinks.map((link) => link.parentId),
    parentLinks,
    spouseMemberIds: links.spousesOf.get(row.id) ?? [],
    childrenMemberIds: links.childrenOf.get(row.id) ?? [],
  }
}

/** Ids that other features keep about each member: their interview sessions and their media. */
export interface MemberRelatedIds {
  interviewSegments: ReadonlyMap<string, string[]>
  mediaAssetIds: ReadonlyMap<string, string[]>
  /** The thumbnail of each member's first photo, for members with one. */
  portraitURLs?: ReadonlyMap<string, string>
}

export function toMember(row: MemberRow, links: LinkIndex, related?: MemberRelatedIds): Member {
  const { id, ...fields } = toProposed(row, links)
  return {
    memberId: id,
    ...fields,
    birthDateSortKey: row.birthDateSort,
    deathDateSortKey: row.deathDateSort,
    unionIds: links.unionsOf.get(id) ?? [],
    interviewSegments: related?.interviewSegments.get(id) ?? [],
    mediaAssetIds: related?.mediaAssetIds.get(id) ?? [],
    portraitURL: related?.portraitURLs?.get(id) ?? null,
    linkedUserAccountId: row.linkedUserId ?? null,
    connectionRequestSentBy: row.connectionRequestedBy ?? null,
    connectionStatus: row.connectionStatus === 'pending' || row.connectionStatus === 'accepted' ? row.connectionStatus : null,
    openToViewers: Boolean(row.openToViewers),
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
  }
}

export function toUnion(row: UnionRow, links: LinkIndex): Union {
  return {
    unionId: row.id,
    firstPartnerId: row.firstPartnerId,
    secondPartnerId: row.secondPartnerId,
    marriageDate: row.marriageDate,
    marriageDateSortKey: row.marriageDateSort,
    marriagePlace: row.marriagePlace,
    isMarried: Boolean(row.isMarried),
    divorceDate: row.divorceDate,
    divorcePlace: row.divorcePlace,
    notes: row.notes,
    sourceId: row.sourceId,
    position: row.position,
    children: links.unionChildren.get(row.id) ?? [],
  }
}

/** The member's own columns, as written, with the sort keys their dates give. */
export function columns(member: ProposedMember, sortKeyOf: (stored: StoredGenealogyDate | null) => number | null) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    relationshipToOwner: member.relationshipToOwner,
    isSelf: member.isSelf ? 1 : 0,
    isDeceased: member.isDeceased ? 1 : 0,
    birthDate: member.birthDate,
    deathDate: member.deathDate,
    birthDateSort: sortKeyOf(member.birthDate),
    deathDateSort: sortKeyOf(member.deathDate),
    birthPlace: member.birthPlace,
    deathPlace: member.deathPlace,
    notes: member.notes,
    sourceId: member.sourceId,
    gender: member.gender,
    bioSummary: member.bioSummary,
    keyLifeEvents: JSON.stringify(member.keyLifeEvents),
  } as const
}
