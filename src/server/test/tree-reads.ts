import { expect } from 'vitest'
import type { FamilyTree } from '../../shared/contracts/family-tree.ts'
import { membersByIdsSchema, treeIndexSchema, treeViewSchema } from '../../shared/contracts/family-tree-view.ts'
import { treeViewLimits } from '../../shared/family-tree/tree-view-limits.ts'
import type { as } from './test-app.ts'

type Requester = ReturnType<typeof as>

/** A few ids spread over the list, always the first and the last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items]
  return Array.from({ length: count }, (_, at) => items[Math.round((at * (items.length - 1)) / (count - 1))]!)
}

/**
 * The tree page's reads agree with the whole tree, whatever it holds: the index lists everyone in
 * the list's order, members by ids are the whole tree's members, and a view around each of
 * `centres` people answers only people of the tree, each exactly as the whole tree has them, with
 * the centre's parents, partners and children when it could show them all. `tree` is the answer
 * of `GET /api/family-tree` read by the same person.
 */
export async function expectReadsAgreeWithTree(request: Requester, tree: FamilyTree, { centres = 12 } = {}): Promise<void> {
  const whole = new Map(tree.members.map((member) => [member.memberId, member]))
  const wholeUnions = new Map(tree.unions.map((union) => [union.unionId, union]))

  const index = await request({ method: 'GET', url: '/api/family-tree/index' })
  expect(index.statusCode, index.body.slice(0, 300)).toBe(200)
  const people = treeIndexSchema.parse(index.json()).people
  expect(people.map(([id]) => id)).toEqual(tree.members.map((member) => member.memberId))
  for (const [id, firstName, lastName] of people) expect([firstName, lastName]).toEqual([whole.get(id)!.firstName, whole.get(id)!.lastName])

  for (let at = 0; at < tree.members.length; at += treeViewLimits.maxIds) {
    const ids = tree.members.slice(at, at + treeViewLimits.maxIds).map((member) => member.memberId)
    const read = await request({ method: 'GET', url: `/api/family-tree/members?ids=${ids.map(encodeURIComponent).join(',')}` })
    expect(read.statusCode, read.body.slice(0, 300)).toBe(200)
    const { members, unions } = membersByIdsSchema.parse(read.json())
    expect(members.map((member) => member.memberId).sort()).toEqual([...ids].sort())
    for (const member of members) expect(member).toEqual(whole.get(member.memberId))
    for (const union of unions) expect(union).toEqual(wholeUnions.get(union.unionId))
  }

  for (const centre of spread(tree.members, centres)) {
    const read = await request({ method: 'GET', url: `/api/family-tree/view?centre=${encodeURIComponent(centre.memberId)}&generations=2` })
    expect(read.statusCode, read.body.slice(0, 300)).toBe(200)
    const view = treeViewSchema.parse(read.json())
    expect(view.centreId).toBe(centre.memberId)
    expect(view.total).toBe(tree.members.length)
    expect(view.members.length).toBeLessThanOrEqual(treeViewLimits.maxPeople)
    for (const member of view.members) expect(member, `${member.memberId} in the view around ${centre.memberId}`).toEqual(whole.get(member.memberId))
    for (const union of view.unions) expect(union).toEqual(wholeUnions.get(union.unionId))
    if (view.truncated) continue
    const shown = new Set(view.members.map((member) => member.memberId))
    for (const id of [...centre.parentMemberIds, ...centre.spouseMemberIds, ...centre.childrenMemberIds]) expect(shown.has(id), `${id} one link from ${centre.memberId}`).toBe(true)
  }
}
