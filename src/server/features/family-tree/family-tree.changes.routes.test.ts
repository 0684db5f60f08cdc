import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member, Union } from '../../../shared/contracts/family-tree.ts'
import { memberDeletedSchema, memberSavedSchema, treeViewSchema, type TreeChanges, type TreeHeader, type TreeView } from '../../../shared/contracts/family-tree-view.ts'
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createRandom } from '../../lib/gedcom/test/generate-tree.ts'
import { familyOf } from './test/family-api.ts'

/** What a page keeps of the tree: members and unions by id, and the tree's row. */
interface Kept {
  tree: TreeHeader
  members: Map<string, Member>
  unions: Map<string, Union>
}

const keep = (read: { tree: TreeHeader; members: Member[]; unions: Union[] }): Kept => ({
  tree: read.tree,
  members: new Map(read.members.map((m) => [m.memberId, m])),
  unions: new Map(read.unions.map((u) => [u.unionId, u])),
})

/** What the page does with a save's answer. */
function apply(kept: Kept, changes: TreeChanges): Kept {
  const members = new Map(kept.members)
  const unions = new Map(kept.unions)
  for (const id of changes.removedMemberIds) members.delete(id)
  for (const id of changes.removedUnionIds) unions.delete(id)
  for (const member of changes.members) members.set(member.memberId, member)
  for (const union of changes.unions) unions.set(union.unionId, union)
  return { tree: changes.tree, members, unions }
}

const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1))

describe.each(testDatabases)('what every save answers it changed, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())
  /** The kinds of save the runs below made (the tree's rules refuse some). */
  const saved = new Set<string>()

  it.each([20_261_129, 7, 4242])('gives, applied to what the page holds, what a fresh read answers, over a run of random saves (seed %i)', async (seed) => {
    const f = await familyOf(t.app)
    const random = createRandom(seed)
    let kept = keep(await f.tree())
    const years = ['1901', '1925', '1950', '1950', '1977', '2001', 'hacia 1930', 'antes de 1900', null]
    const someIds = (count: number) => {
      const ids = [...kept.members.keys()]
      return [...new Set(Array.from({ length: count }, () => random.pick(ids)))]
    }
    for (let step = 0; step < 80; step += 1) {
      const ids = [...kept.members.keys()]
      const kind = ids.length < 4 ? 'add' : random.pick(['add', 'add', 'fields', 'birth', 'parents', 'children', 'spouses', 'unions', 'delete'])
      const target = ids.length > 0 ? random.pick(ids) : undefined
      let response
      switch (kind) {
        case 'add':
          response = await f.request({
            method: 'POST',
            url: '/api/family-tree/members',
            payload: {
              firstName: `P${step}`,
              lastName: random.pick(['Ruiz', 'Álvarez', 'Zamora', 'ruiz']),
              relationshipToOwner: 'Pariente',
              birthDate: random.pick(years),
              ...(ids.length > 0 && random.chance(0.6) ? { parentMemberIds: someIds(2) } : {}),
              ...(ids.length > 0 && random.chance(0.3) ? { spouseMemberIds: someIds(1) } : {}),
              ...(ids.length > 0 && random.chance(0.2) ? { childrenMemberIds: someIds(2) } : {}),
            },
          })
          break
        case 'fields':
          response = await f.patch(target!, { bioSummary: `Paso ${step}`, lastName: random.pick(['Ruiz', 'Abad', 'Soto']) })
          break
        case 'birth':
          response = await f.patch(target!, { birthDate: random.pick(years) })
          break
        case 'parents':
          response = await f.patch(target!, { parentMemberIds: random.chance(0.2) ? [] : someIds(2) })
          break
        case 'children':
          response = await f.patch(target!, { childrenMemberIds: someIds(3) })
          break
        case 'spouses':
          response = await f.patch(target!, { spouseMemberIds: random.chance(0.2) ? [] : someIds(2) })
          break
        case 'unions':
          response = await f.patch(target!, {
            unions: someIds(2).map((spouseId) => ({ spouseId, marriageDate: random.pick(years), marriagePlace: `Lugar ${step}` })),
          })
          break
        default:
          response = await f.request({ method: 'DELETE', url: `/api/family-tree/members/${target}` })
      }
      // A save the tree's rules refuse (a loop, a third parent) changes nothing.
      if (response.statusCode === 400) continue
      expect(response.statusCode, `${kind}: ${response.body}`).toBeLessThan(300)
      saved.add(kind)
      const { changes } = kind === 'delete' ? memberDeletedSchema.parse(response.json()) : memberSavedSchema.parse(response.json())
      if (kind !== 'delete') expect(changes.members.map((m) => m.memberId)).toContain(memberSavedSchema.parse(response.json()).member.memberId)
      kept = apply(kept, changes)
      const fresh = keep(await f.tree())
      expect(kept.tree, `after ${kind}`).toEqual(fresh.tree)
      expect(sorted(kept.members), `after ${kind} at step ${step}`).toEqual(sorted(fresh.members))
      expect(sorted(kept.unions), `after ${kind} at step ${step}`).toEqual(sorted(fresh.unions))
    }
  })

  it('ran every kind of save above', () => {
    expect([...saved].sort()).toEqual(['add', 'birth', 'children', 'delete', 'fields', 'parents', 'spouses', 'unions'])
  })

  it('answers what changed when a card is made from a name and when someone says a card is them', async () => {
    const f = await familyOf(t.app)
    const view = async (centre = '') => treeViewSchema.parse((await f.request({ method: 'GET', url: `/api/family-tree/view?centre=${centre}` })).json()) as TreeView
    const own = await f.request({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Díaz', birthDate: '1970' } })
    expect(own.statusCode, own.body).toBe(201)
    const made = memberSavedSchema.parse(own.json())
    let kept = keep(await view(made.member.memberId))
    expect(kept.members.get(made.member.memberId)).toEqual(made.changes.members.find((m) => m.memberId === made.member.memberId))
    const mother = await f.request({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' } })
    kept = apply(kept, memberSavedSchema.parse(mother.json()).changes)
    // The card from a file that is really her, with a mother: the one from her name is only a stand-in.
    const twin = await f.add({ firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Hermana', parentMemberIds: [mother.json().member.memberId], birthDate: '1970' })
    // The page shows her twin's part of the tree when she says it is her.
    kept = keep(await view(twin.memberId))
    const chosen = await f.request({ method: 'POST', url: `/api/family-tree/members/${twin.memberId}/is-me` })
    expect(chosen.statusCode, chosen.body).toBe(200)
    const { changes } = memberSavedSchema.parse(chosen.json())
    // The stand-in card from the name gives way.
    expect(changes.removedMemberIds).toEqual([made.member.memberId])
    kept = apply(kept, changes)
    const fresh = keep(await view(twin.memberId))
    expect(fresh.members.size).toBe(2)
    for (const [id, member] of fresh.members) expect(kept.members.get(id)).toEqual(member)
    for (const [id, union] of fresh.unions) expect(kept.unions.get(id)).toEqual(union)
    expect(kept.tree).toEqual(fresh.tree)
  })

  it('answers a refused save with no changes and leaves another tree’s members alone', async () => {
    const f = await familyOf(t.app)
    const other = await familyOf(t.app)
    const theirs = await other.add({ firstName: 'Otro', lastName: 'Árbol', isSelf: true })
    expect((await f.patch(theirs.memberId, { bioSummary: 'x' })).statusCode).toBe(404)
    expect((await f.request({ method: 'DELETE', url: `/api/family-tree/members/${theirs.memberId}` })).statusCode).toBe(404)
    const stale = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' })
    expect((await f.patch(stale.memberId, { bioSummary: 'x' })).statusCode).toBe(200)
    const conflict = await f.patch(stale.memberId, { bioSummary: 'y', expectedUpdatedAt: stale.updatedAt })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json()).not.toHaveProperty('changes')
    const whole = (await f.tree()) as FamilyTree
    expect(whole.members.map((m) => m.bioSummary)).toEqual(['x'])
  })
})
