import type { Gender, Member } from '../../../shared/contracts/family-tree.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import type { ProposedMember } from './family-tree.rules.ts'
import type { MemberRow } from './family-tree.tables.ts'

// Between rows and the API: relation lists come from the link rows, booleans from 0/1 or true/false.

/** Relation lists per member, built once per snapshot (a tree may hold thousands of people). */
export interface LinkIndex {
  parentsOf: Map<string, string[]>
  childrenOf: Map<string, string[]>
  spousesOf: Map<string, string[]>
}

export function indexLinks(snapshot: TreeSnapshot): LinkIndex {
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key)
    if (list) list.push(value)
    else map.set(key, [value])
  }
  const index: LinkIndex = { parentsOf: new Map(), childrenOf: new Map(), spousesOf: new Map() }
  for (const { childId, parentId } of snapshot.parentLinks) {
    add(index.parentsOf, childId, parentId)
    add(index.childrenOf, parentId, childId)
  }
  for (const { memberId, spouseId } of snapshot.spouseLinks) add(index.spousesOf, memberId, spouseId)
  return index
}

export function toProposed(row: MemberRow, links: LinkIndex): ProposedMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    relationshipToOwner: row.relationshipToOwner,
    isSelf: Boolean(row.isSelf),
    isDeceased: Boolean(row.isDeceased),
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    gender: row.gender as Gender,
    bioSummary: row.bioSummary,
    keyLifeEvents: JSON.parse(row.keyLifeEvents) as string[],
    parentMemberIds: links.parentsOf.get(row.id) ?? [],
    spouseMemberIds: links.spousesOf.get(row.id) ?? [],
    childrenMemberIds: links.childrenOf.get(row.id) ?? [],
  }
}

/** Ids that other features keep about each member: their interview sessions and their media. */
export interface MemberRelatedIds {
  interviewSegments: ReadonlyMap<string, string[]>
  mediaAssetIds: ReadonlyMap<string, string[]>
}

export function toMember(row: MemberRow, links: LinkIndex, related?: MemberRelatedIds): Member {
  const { id, ...fields } = toProposed(row, links)
  return {
    memberId: id,
    ...fields,
    interviewSegments: related?.interviewSegments.get(id) ?? [],
    mediaAssetIds: related?.mediaAssetIds.get(id) ?? [],
    linkedUserAccountId: null,
    connectionRequestSentBy: null,
    connectionStatus: null,
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
  }
}

/** The member's own columns, as written. */
export function columns(member: ProposedMember) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    relationshipToOwner: member.relationshipToOwner,
    isSelf: member.isSelf ? 1 : 0,
    isDeceased: member.isDeceased ? 1 : 0,
    birthDate: member.birthDate,
    deathDate: member.deathDate,
    gender: member.gender,
    bioSummary: member.bioSummary,
    keyLifeEvents: JSON.stringify(member.keyLifeEvents),
  } as const
}
