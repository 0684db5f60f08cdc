import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member, Union } from '../../../shared/contracts/family-tree.ts'
import {
  membersByIdsSchema,
  selfCardSchema,
  treeIndexSchema,
  treeViewSchema,
  type MembersByIds,
  type TreeIndex,
  type TreeView,
} from '../../../shared/contracts/family-tree-view.ts'
import { indexFlags, treeViewLimits } from '../../../shared/family-tree/tree-view-limits.ts'
import { newId } from '../../lib/ids.ts'
import { createTestApp, createTestUser, testDatabases, as, type TestApp } from '../../test/test-app.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'
import { familyOf } from './test/family-api.ts'

type Requester = ReturnType<typeof as>

const byMemberId = (members: Member[]) => new Map(members.map((m) => [m.memberId, m]))
const byUnionId = (unions: Union[]) => new Map(unions.map((u) => [u.unionId, u]))

describe.each(testDatabases)('the tree page reads on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  /** A family of three generations with a second marriage, through the member API. */
  async function threeGenerations() {
    const f = await familyOf(t.app)
    const me = await f.add({ firstName: 'Rosa', lastName: 'Díaz', isSelf: true, birthDate: '1970-03-02' })
    const mother = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre', birthDate: '1945', childrenMemberIds: [me.memberId] })
    const father = await f.add({ firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Padre', childrenMemberIds: [me.memberId], spouseMemberIds: [mother.memberId] })
    const grandma = await f.add({ firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true, childrenMemberIds: [mother.memberId] })
    const brother = await f.add({ firstName: 'Pablo', lastName: 'Díaz', relationshipToOwner: 'Hermano', parentMemberIds: [mother.memberId, father.memberId] })
    const husband = await f.add({ firstName: 'Juan', lastName: 'Soto', relationshipToOwner: 'Esposo', spouseMemberIds: [me.memberId] })
    const son = await f.add({ firstName: 'Leo', lastName: 'Soto', relationshipToOwner: 'Hijo', parentMemberIds: [me.memberId, husband.memberId], birthDate: '2001' })
    const grandson = await f.add({ firstName: 'Teo', lastName: 'Soto', relationshipToOwner: 'Nieto', parentMemberIds: [son.memberId], birthDate: '2024' })
    const stranger = await f.add({ firstName: 'Zoe', lastName: 'Alba', relationshipToOwner: 'Amiga' })
    return { f, me, mother, father, grandma, brother, husband, son, grandson, stranger }
  }

  const view = async (request: Requester, query = '') => {
    const response = await request({ method: 'GET', url: `/api/family-tree/view${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return treeViewSchema.parse(response.json()) as TreeView
  }

  it('draws around the reader’s own card by default, each member as the whole tree answers them', async () => {
    const { f, me, mother, father, grandma, brother, husband, son, grandson, stranger } = await threeGenerations()
    const answer = await view(f.request)
    expect(answer.centreId).toBe(me.memberId)
    const ids = answer.members.map((m) => m.memberId)
    for (const person of [me, mother, father, grandma, brother, husband, son, grandson]) expect(ids).toContain(person.memberId)
    expect(ids).not.toContain(stranger.memberId)
    expect(answer).toMatchObject({ generations: 3, more: { up: false, down: false }, truncated: false, total: 9 })
    const whole = await f.tree()
    expect(answer.tree).toEqual(whole.tree)
    const wholeMembers = byMemberId(whole.members)
    for (const member of answer.members) expect(member).toEqual(wholeMembers.get(member.memberId))
    const wholeUnions = byUnionId(whole.unions)
    for (const union of answer.unions) expect(union).toEqual(wholeUnions.get(union.unionId))
    // Every union any of them is a partner in.
    expect(answer.unions.map((u) => u.unionId).sort()).toEqual(
      whole.unions
        .filter((u) => ids.includes(u.firstPartnerId ?? '') || ids.includes(u.secondPartnerId ?? ''))
        .map((u) => u.unionId)
        .sort(),
    )
  })

  it('goes as many generations as asked and says when there is more', async () => {
    const { f, me, mother, grandma, son, grandson, brother } = await threeGenerations()
    const one = await view(f.request, `?centre=${me.memberId}&generations=1`)
    const ids = one.members.map((m) => m.memberId)
    expect(ids).toContain(mother.memberId)
    expect(ids).toContain(son.memberId)
    expect(ids).toContain(brother.memberId)
    expect(ids).not.toContain(grandma.memberId)
    expect(ids).not.toContain(grandson.memberId)
    expect(one).toMatchObject({ generations: 1, more: { up: true, down: true }, truncated: false })
    const none = await view(f.request, `?centre=${me.memberId}&generations=0`)
    expect(none.members.map((m) => m.memberId)).not.toContain(mother.memberId)
    expect(none.members.map((m) => m.memberId)).toContain(brother.memberId)
    expect(none).toMatchObject({ generations: 0, more: { up: true, down: true } })
    const fromTop = await view(f.request, `?centre=${grandma.memberId}&generations=2`)
    expect(fromTop.members.map((m) => m.memberId)).toContain(me.memberId)
    expect(fromTop.members.map((m) => m.memberId)).not.toContain(son.memberId)
    expect(fromTop.more).toEqual({ up: false, down: true })
    expect((await f.request({ method: 'GET', url: `/api/family-tree/view?generations=${treeViewLimits.maxGenerations + 1}` })).statusCode).toBe(400)
  })

  it('answers 404 for a centre that is not in the reader’s tree, and an empty view for an empty tree', async () => {
    const { f } = await threeGenerations()
    const other = await familyOf(t.app)
    const theirs = await other.add({ firstName: 'Otro', lastName: 'Árbol', isSelf: true })
    expect((await f.request({ method: 'GET', url: `/api/family-tree/view?centre=${theirs.memberId}` })).statusCode).toBe(404)
    expect((await f.request({ method: 'GET', url: `/api/family-tree/view?centre=nobody` })).statusCode).toBe(404)
    const empty = await familyOf(t.app)
    expect(await view(empty.request)).toEqual({ tree: null, centreId: null, generations: 3, more: { up: false, down: false }, truncated: false, total: 0, members: [], unions: [] })
    expect((await t.app.inject({ method: 'GET', url: '/api/family-tree/view' })).statusCode).toBe(401)
  })

  it('opens on the first by name when nobody in the tree is the keeper', async () => {
    const f = await familyOf(t.app)
    await f.add({ firstName: 'Bea', lastName: 'Zamora', relationshipToOwner: 'Tía' })
    const first = await f.add({ firstName: 'Álvaro', lastName: 'Ábalos', relationshipToOwner: 'Tío' })
    await f.add({ firstName: 'Carlos', lastName: 'Bueno', relationshipToOwner: 'Primo' })
    // Same last name, an accent and a capital apart: the index's order decides.
    await f.add({ firstName: 'Bruno', lastName: 'ábalos', relationshipToOwner: 'Primo' })
    await f.add({ firstName: 'Álvaro', lastName: 'Abalos', relationshipToOwner: 'Primo' })
    const centre = (await view(f.request)).centreId
    const index = (await f.request({ method: 'GET', url: '/api/family-tree/index' })).json() as TreeIndex
    expect(centre).toBe(index.people[0]![0])
    expect(centre).not.toBe(first.memberId)
  })

  it('finds the first by name again once the tree has changed, and counts its people again', async () => {
    const f = await familyOf(t.app)
    const bea = await f.add({ firstName: 'Bea', lastName: 'Zamora', relationshipToOwner: 'Tía' })
    await f.add({ firstName: 'Carlos', lastName: 'Bueno', relationshipToOwner: 'Primo' })
    expect(await view(f.request)).toMatchObject({ centreId: (await f.tree()).members.find((m) => m.lastName === 'Bueno')!.memberId, total: 2 })
    const first = await f.add({ firstName: 'ana', lastName: 'Álamo', relationshipToOwner: 'Prima' })
    expect(await view(f.request)).toMatchObject({ centreId: first.memberId, total: 3 })
    // A card whose relationship says it is the keeper's comes before anyone's name.
    await f.request({ method: 'PATCH', url: `/api/family-tree/members/${bea.memberId}`, payload: { relationshipToOwner: 'Yo mismo' } })
    expect(await view(f.request)).toMatchObject({ centreId: bea.memberId, total: 3 })
  })

  it('gives members by ids, leaving out ids of other trees and unknown ones', async () => {
    const { f, me, son, husband } = await threeGenerations()
    const other = await familyOf(t.app)
    const theirs = await other.add({ firstName: 'Otro', lastName: 'Árbol', isSelf: true })
    const response = await f.request({ method: 'GET', url: `/api/family-tree/members?ids=${son.memberId},${theirs.memberId},nobody,${me.memberId}` })
    expect(response.statusCode, response.body).toBe(200)
    const answer = membersByIdsSchema.parse(response.json()) as MembersByIds
    expect(answer.members.map((m) => m.memberId)).toEqual([son.memberId, me.memberId])
    const whole = await f.tree()
    const wholeMembers = byMemberId(whole.members)
    for (const member of answer.members) expect(member).toEqual(wholeMembers.get(member.memberId))
    // The unions they are partners in: Rosa's with Juan.
    expect(answer.unions).toEqual(whole.unions.filter((u) => [u.firstPartnerId, u.secondPartnerId].includes(me.memberId)))
    expect(answer.unions[0]!.firstPartnerId === husband.memberId || answer.unions[0]!.secondPartnerId === husband.memberId).toBe(true)
    const tooMany = Array.from({ length: treeViewLimits.maxIds + 1 }, (_, at) => `id${at}`).join(',')
    expect((await f.request({ method: 'GET', url: `/api/family-tree/members?ids=${tooMany}` })).statusCode).toBe(400)
  })

  it('indexes everyone by last then first name, answers 304 while nothing changed, and a new version after a save', async () => {
    const { f, me, grandma } = await threeGenerations()
    const first = await f.request({ method: 'GET', url: '/api/family-tree/index' })
    expect(first.statusCode).toBe(200)
    const index = treeIndexSchema.parse(first.json()) as TreeIndex
    const whole = await f.tree()
    expect(index.people.map(([id]) => id)).toEqual(whole.members.map((m) => m.memberId))
    expect(index.tree).toEqual(whole.tree)
    expect(index.people.find(([id]) => id === me.memberId)).toEqual([me.memberId, 'Rosa', 'Díaz', 1970, null, indexFlags.self])
    expect(index.people.find(([id]) => id === grandma.memberId)![5]).toBe(indexFlags.isDeceased)
    const etag = first.headers.etag as string
    expect(etag).toBe(`W/"${index.version}"`)
    const again = await f.request({ method: 'GET', url: '/api/family-tree/index', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect((await f.patch(me.memberId, { lastName: 'Abad' })).statusCode).toBe(200)
    const changed = await f.request({ method: 'GET', url: '/api/family-tree/index', headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    const after = treeIndexSchema.parse(changed.json()) as TreeIndex
    expect(after.version).not.toBe(index.version)
    expect(after.people[0]).toEqual([me.memberId, 'Rosa', 'Abad', 1970, null, indexFlags.self])
    // A write behind the API's back (an import, a restore, a hand-run statement) changes it too.
    await t.db.updateTable('member').set({ firstName: 'Rosalía' }).where('id', '=', me.memberId).execute()
    const direct = treeIndexSchema.parse((await f.request({ method: 'GET', url: '/api/family-tree/index' })).json()) as TreeIndex
    expect(direct.version).not.toBe(after.version)
    expect(direct.people[0]![1]).toBe('Rosalía')
  })

  it('shows a viewer the living closed, in the view, the members and the index', async () => {
    const { f, me, grandma, mother } = await threeGenerations()
    const viewer = await createTestUser(t.app)
    const treeId = (await t.db.selectFrom('familyTree').select('id').where('ownerUserId', '=', f.user.id).executeTakeFirstOrThrow()).id
    await joinByInvitation(t.app, { inviter: f.user, invitee: viewer, treeId, role: 'viewer' })
    const request = as(t.app, viewer)
    const wholeForViewer = (await request({ method: 'GET', url: '/api/family-tree' })).json<{ members: Member[]; unions: Union[] }>()
    const expected = byMemberId(wholeForViewer.members)
    const seen = await view(request, `?centre=${me.memberId}`)
    expect(seen.members.find((m) => m.memberId === me.memberId)!.birthDate).toBeNull()
    for (const member of seen.members) expect(member).toEqual(expected.get(member.memberId))
    const unions = byUnionId(wholeForViewer.unions)
    for (const union of seen.unions) expect(union).toEqual(unions.get(union.unionId))
    const listed = membersByIdsSchema.parse((await request({ method: 'GET', url: `/api/family-tree/members?ids=${mother.memberId},${grandma.memberId}` })).json())
    for (const member of listed.members) expect(member).toEqual(expected.get(member.memberId))
    const index = treeIndexSchema.parse((await request({ method: 'GET', url: '/api/family-tree/index' })).json()) as TreeIndex
    expect(index.people.find(([id]) => id === me.memberId)!.slice(3, 5)).toEqual([null, null])
    const keepers = treeIndexSchema.parse((await f.request({ method: 'GET', url: '/api/family-tree/index' })).json()) as TreeIndex
    expect(index.version).not.toBe(keepers.version)
  })

  const selfCard = async (request: Requester) => {
    const response = await request({ method: 'GET', url: '/api/family-tree/self-card' })
    expect(response.statusCode, response.body).toBe(200)
    return selfCardSchema.parse(response.json())
  }

  it('answers the keeper’s own card alone, as the whole tree does, and nothing for a tree without one', async () => {
    const { f, me } = await threeGenerations()
    const whole = await f.tree()
    const own = await selfCard(f.request)
    expect(own).toEqual({ tree: whole.tree, member: whole.members.find((m) => m.memberId === me.memberId) })

    // A card worded as the keeper's counts as it does on every page; a tree with neither has none.
    const worded = await familyOf(t.app)
    const yo = await worded.add({ firstName: 'Julián', lastName: 'Peña', relationshipToOwner: 'Yo mismo' })
    expect((await selfCard(worded.request)).member?.memberId).toBe(yo.memberId)
    const without = await familyOf(t.app)
    await without.add({ firstName: 'Aurora', lastName: 'Peña', relationshipToOwner: 'Abuela' })
    expect(await selfCard(without.request)).toEqual({ tree: (await without.tree()).tree, member: null })
    const empty = await createTestUser(t.app)
    expect(await selfCard(as(t.app, empty))).toEqual({ tree: null, member: null })
  })

  it('shows a viewer the keeper’s card as the tree shows it to them, the living closed', async () => {
    const { f, me } = await threeGenerations()
    const viewer = await createTestUser(t.app)
    const treeId = (await t.db.selectFrom('familyTree').select('id').where('ownerUserId', '=', f.user.id).executeTakeFirstOrThrow()).id
    await joinByInvitation(t.app, { inviter: f.user, invitee: viewer, treeId, role: 'viewer' })
    const request = as(t.app, viewer)
    const wholeForViewer = (await request({ method: 'GET', url: '/api/family-tree' })).json<{ members: Member[] }>()
    const seen = await selfCard(request)
    expect(seen.tree?.ownerId).toBe(f.user.id)
    expect(seen.member).toEqual(wholeForViewer.members.find((m) => m.memberId === me.memberId))
    expect(seen.member?.birthDate).toBeNull()
  })

  it('keeps a view within its budget around a family of more children than it can show', async () => {
    const f = await familyOf(t.app)
    const mother = await f.add({ firstName: 'Eva', lastName: 'Prima', relationshipToOwner: 'Madre' })
    const father = await f.add({ firstName: 'Adán', lastName: 'Primo', relationshipToOwner: 'Padre', spouseMemberIds: [mother.memberId] })
    const tree = await t.db.selectFrom('familyTree').select('id').where('ownerUserId', '=', f.user.id).executeTakeFirstOrThrow()
    const union = await t.db.selectFrom('familyUnion').select('id').where('ownerUserId', '=', f.user.id).executeTakeFirstOrThrow()
    const now = new Date().toISOString()
    const children = Array.from({ length: treeViewLimits.maxPeople + 200 }, (_, at) => ({
      id: newId(),
      treeId: tree.id,
      ownerUserId: f.user.id,
      firstName: `Hijo ${at}`,
      lastName: 'Primo',
      relationshipToOwner: '',
      birthDate: null,
      deathDate: null,
      birthDateSort: null,
      deathDateSort: null,
      sourceId: null,
      isDeceased: 0 as const,
      gender: '',
      bioSummary: '',
      isSelf: 0 as const,
      keyLifeEvents: '[]',
      createdAt: now,
      updatedAt: now,
    }))
    for (let at = 0; at < children.length; at += 200) {
      const slice = children.slice(at, at + 200)
      await t.db.insertInto('member').values(slice).execute()
      await t.db
        .insertInto('memberParent')
        .values(
          slice.flatMap((child) => [mother, father].map((parent) => ({ childId: child.id, parentId: parent.memberId, ownerUserId: f.user.id, unionId: union.id, kind: 'birth' }))),
        )
        .execute()
    }
    const fromParent = await view(f.request, `?centre=${mother.memberId}`)
    expect(fromParent.members.length).toBe(treeViewLimits.maxPeople)
    expect(fromParent).toMatchObject({ truncated: true, generations: 1, more: { down: true }, total: children.length + 2 })
    // Each member is whole: the mother names every child, though the view holds only some.
    expect(fromParent.members.find((m) => m.memberId === mother.memberId)!.childrenMemberIds.length).toBe(children.length)
    const fromChild = await view(f.request, `?centre=${children[0]!.id}`)
    expect(fromChild.members.length).toBe(treeViewLimits.maxPeople)
    expect(fromChild.truncated).toBe(true)
    expect(fromChild.members.slice(0, 3).map((m) => m.memberId)).toEqual([children[0]!.id, mother.memberId, father.memberId])
  })

  it('ends its walk in a tree whose links go round in a loop', async () => {
    const f = await familyOf(t.app)
    const a = await f.add({ firstName: 'A', lastName: 'Bucle', isSelf: true })
    const b = await f.add({ firstName: 'B', lastName: 'Bucle', relationshipToOwner: 'Padre', childrenMemberIds: [a.memberId] })
    const c = await f.add({ firstName: 'C', lastName: 'Bucle', relationshipToOwner: 'Abuelo', childrenMemberIds: [b.memberId] })
    // An import may keep what the form refuses: A is their own great-grandparent.
    await t.db.insertInto('memberParent').values({ childId: c.memberId, parentId: a.memberId, ownerUserId: f.user.id, unionId: null, kind: 'birth' }).execute()
    const answer = await view(f.request, `?centre=${a.memberId}&generations=${treeViewLimits.maxGenerations}`)
    expect(answer.members.map((m) => m.memberId).sort()).toEqual([a.memberId, b.memberId, c.memberId].sort())
    expect(answer.more).toEqual({ up: false, down: false })
  })
})
