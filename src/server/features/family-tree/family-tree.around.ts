import type { LinkWithBirth } from './family-tree.read-columns.ts'
import type { TreeReadQueries } from './family-tree.reads.repository.ts'
import type { TreeSnapshot } from './family-tree.repository.ts'
import type { MemberRow } from './family-tree.tables.ts'

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byLink = (a: LinkWithBirth, b: LinkWithBirth) => (a.childId < b.childId ? -1 : a.childId > b.childId ? 1 : a.parentId < b.parentId ? -1 : a.parentId > b.parentId ? 1 : 0)

/**
 * The rows around these members, as a snapshot `indexLinks` reads as it reads the whole tree's:
 * their rows, their links up and down, the unions they are partners in (and `extraUnionIds`),
 * every child of those unions with their places, and stand-ins that carry only the birth key of
 * the children outside the list (what orders a family). Each member of the list gets every one of
 * their relation lists whole; a stand-in gets none and is no member to answer with.
 */
export async function snapshotAround(
  reads: TreeReadQueries,
  ownerId: string,
  memberIds: Iterable<string>,
  extraUnionIds: Iterable<string> = [],
): Promise<{ snapshot: TreeSnapshot; rowById: Map<string, MemberRow>; present: string[] }> {
  const wanted = [...new Set(memberIds)]
  const rows = await reads.membersByIds(ownerId, wanted)
  const rowById = new Map(rows.map((row) => [row.id, row]))
  const present = wanted.filter((id) => rowById.has(id))
  const [up, down, partnered, extra] = [
    await reads.linksOfChildren(ownerId, present),
    await reads.linksOfParents(ownerId, present),
    await reads.unionsOfPartners(ownerId, present),
    await reads.unionsByIds(ownerId, extraUnionIds),
  ]
  // In the whole tree's order (by id), which the sorts below keep among equals.
  const unionRows = [...new Map([...partnered, ...extra].map((union) => [union.id, union])).values()].sort(byId)
  // Every child of these unions, and the unions the children came through, with their places.
  const unionIds = new Set([...unionRows.map((union) => union.id), ...down.flatMap((link) => (link.unionId ? [link.unionId] : []))])
  const links = new Map<string, LinkWithBirth>()
  for (const link of [...up, ...down, ...(await reads.linksOfUnions(ownerId, unionIds))]) links.set(`${link.childId} ${link.parentId}`, link)
  const parentLinks = [...links.values()].sort(byLink)
  const stand = new Map<string, MemberRow>()
  for (const link of parentLinks) if (!rowById.has(link.childId)) stand.set(link.childId, { id: link.childId, birthDateSort: link.childBirthSort } as MemberRow)
  return { snapshot: { tree: undefined, members: [...[...rowById.values()].sort(byId), ...stand.values()], parentLinks, unions: unionRows }, rowById, present }
}
