import { useEffect, useMemo, useState } from 'react'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { useEveryoneWhole, useMembersByIds, useTreeIndex, useTreeView } from '../api/tree-page-queries.ts'
import { entryId } from '../lib/tree-index.ts'
import { TreePeople } from '../lib/tree-people.ts'

const noIds: string[] = []
const noPages: string[][] = []
const noUnions: Union[] = []

/** Unions of several reads, each once (the later read's when two hold one). */
function mergeUnions(lists: readonly (readonly Union[] | undefined)[]): readonly Union[] {
  const present = lists.filter((list) => list !== undefined && list.length > 0)
  if (present.length === 0) return noUnions
  if (present.length === 1) return present[0]!
  return [...new Map(present.flatMap((list) => list!.map((union) => [union.unionId, union] as const))).values()]
}

/**
 * What the tree page reads, and never more: the view around one person (the server's choice at
 * first: the reader's own card), then everyone's names (the index), and the member opened from
 * elsewhere. A tree small enough for one read of members (a family of a dozen) is read whole
 * besides, so its cards, forms and kinship know everyone's places, links and kinds as before.
 */
export function useTreePageReads(openedId: string | undefined) {
  const [asked, setAsked] = useState<{ centreId?: string; generations: number }>({ generations: treeViewLimits.defaultGenerations })
  const view = useTreeView(asked.centreId, asked.generations)
  const isViewSettled = view.data !== undefined || view.isError
  // Asked once the view has come, so the chart's people never wait behind everyone's names.
  const index = useTreeIndex(isViewSettled)
  // A centre that is no longer there (deleted elsewhere) gives way to the server's own choice.
  if (view.isError && asked.centreId !== undefined) setAsked({ generations: asked.generations })
  const entries = index.data?.people
  const fewIds = useMemo(() => (entries && entries.length > 0 && entries.length <= treeViewLimits.maxIds ? entries.map(entryId) : noIds), [entries])
  const everyoneRead = useEveryoneWhole(fewIds)
  const everyone = useMemo(() => {
    const data = fewIds.length > 0 ? everyoneRead.data : undefined
    const members = new Map((data?.members ?? []).map((member) => [member.memberId, member]))
    return { members, unions: data?.unions, isPending: fewIds.length > 0 && everyoneRead.isPending, isComplete: data !== undefined && fewIds.every((id) => members.has(id)) }
  }, [fewIds, everyoneRead.data, everyoneRead.isPending])
  // Someone the index has and that read has not (the tree changed elsewhere, an import): read everyone again.
  const isEveryoneBehind = everyoneRead.data !== undefined && !everyone.isComplete && !everyoneRead.isFetching
  const refetchEveryone = everyoneRead.refetch
  useEffect(() => {
    if (isEveryoneBehind) void refetchEveryone()
  }, [isEveryoneBehind, refetchEveryone])
  const viewMembers = view.data?.members
  const openedInView = openedId === undefined ? undefined : (viewMembers?.find((member) => member.memberId === openedId) ?? everyone.members.get(openedId))
  // Opening a card reads that member, unless they are read already.
  const openedRead = useMembersByIds(openedId !== undefined && isViewSettled && !openedInView && !everyone.isPending ? [[openedId]] : noPages)
  const openedRecord = openedInView ?? (openedId === undefined ? undefined : openedRead.members.get(openedId))
  const openedUnions = openedRecord && !openedInView ? openedRead.unionsOf(openedRecord.memberId) : undefined
  const viewUnions = view.data?.unions
  const everyoneUnions = everyone.unions
  const unions = useMemo(() => mergeUnions([everyoneUnions, viewUnions, openedUnions]), [everyoneUnions, viewUnions, openedUnions])
  const opened = useMemo(() => openedRecord && { member: openedRecord, unions: openedUnions ?? unions }, [openedRecord, openedUnions, unions])
  const everyoneMembers = everyone.members
  const people = useMemo(() => {
    const whole = new Map<string, Member>(everyoneMembers)
    for (const member of viewMembers ?? []) whole.set(member.memberId, member)
    if (opened) whole.set(opened.member.memberId, opened.member)
    return new TreePeople(whole, entries)
  }, [everyoneMembers, viewMembers, opened, entries])
  // What the list's cards name their relatives by: everyone's names (and, in a small tree, everyone
  // whole), the same while the view changes, so a re-centred chart does not draw every card again.
  const names = useMemo(() => new TreePeople(everyoneMembers, entries), [everyoneMembers, entries])
  return {
    names,
    /** The unions read with everyone (a small tree). */
    everyoneUnions: everyone.unions,
    setAsked,
    view,
    isViewSettled,
    index,
    /** Everyone's names have come (and, in a small tree, everyone whole). */
    isIndexReady: index.data !== undefined && !everyone.isPending,
    opened,
    people,
    unions,
    /** Everyone is read whole (a small tree): the list reads no pages of its own. */
    isEveryoneWhole: everyone.isComplete,
  }
}
