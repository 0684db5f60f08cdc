/** What a save reached: the members and unions to send again whole, and what is gone. */
export interface SaveReach {
  memberIds: Set<string>
  unionIds: Set<string>
  removedMemberIds: Set<string>
  removedUnionIds: Set<string>
}

export const emptyReach = (): SaveReach => ({ memberIds: new Set(), unionIds: new Set(), removedMemberIds: new Set(), removedUnionIds: new Set() })

/** `into` with everything `reach` holds; a member or union removed stays removed. */
export function mergeReach(into: SaveReach, reach: SaveReach): SaveReach {
  for (const key of ['memberIds', 'unionIds', 'removedMemberIds', 'removedUnionIds'] as const) for (const id of reach[key]) into[key].add(id)
  for (const id of into.removedMemberIds) into.memberIds.delete(id)
  for (const id of into.removedUnionIds) into.unionIds.delete(id)
  return into
}
