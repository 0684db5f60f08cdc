import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf } from './test/family-api.ts'

describe.each(testDatabases)('family tree routes on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const family = (overrides: Record<string, unknown> = {}) => familyOf(t.app, overrides)

  it('has no tree until the first member, then names it after the owner', async () => {
    const f = await family({ name: 'Rosa Díaz', preferredLanguage: 'es' })
    expect(await f.tree()).toEqual({ tree: null, members: [], unions: [] })
    const me = await f.add({ firstName: ' Rosa ', lastName: 'Díaz', isSelf: true, relationshipToOwner: 'ignored' })
    expect(me).toMatchObject({
      firstName: 'Rosa',
      isSelf: true,
      relationshipToOwner: 'Yo mismo/a',
      parentMemberIds: [],
      spouseMemberIds: [],
      childrenMemberIds: [],
      interviewSegments: [],
      mediaAssetIds: [],
      deathDate: null,
      gender: '',
      linkedUserAccountId: null,
      connectionRequestSentBy: null,
      connectionStatus: null,
    })
    const { tree } = await f.tree()
    expect(tree).toMatchObject({ ownerId: f.user.id, treeName: 'Árbol de Rosa Díaz' })

    const english = await family({ name: '', preferredLanguage: 'en' })
    await english.add({ firstName: 'A', lastName: 'B', relationshipToOwner: 'Friend' })
    expect((await english.tree()).tree?.treeName).toBe(`Tree of ${english.user.email}`)
  })

  it('updates lastModified on every change', async () => {
    const f = await family()
    // The app stamps changes with its own clock: a fake one, stopped, puts a known minute between
    // them (it starts at the real time, so the session signed up just before stays valid).
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const added = new Date().toISOString()
      const a = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' })
      expect((await f.tree()).tree!.lastModified).toBe(added)
      vi.advanceTimersByTime(60_000)
      const changed = new Date().toISOString()
      expect((await f.patch(a.memberId, { bioSummary: 'Maestra' })).statusCode).toBe(200)
      expect((await f.tree()).tree!.lastModified).toBe(changed)
    } finally {
      vi.useRealTimers()
    }
  })

  it('requires first and last name, and a relationship unless the member is the owner', async () => {
    const f = await family()
    const cases: [object, { path: string; code: string }[]][] = [
      [{ firstName: ' ', lastName: 'X', relationshipToOwner: 'Tío' }, [{ path: 'firstName', code: 'member.first_name_required' }]],
      [{ firstName: 'X', relationshipToOwner: 'Tío' }, [{ path: 'lastName', code: 'member.last_name_required' }]],
      [{ firstName: 'X', lastName: 'Y' }, [{ path: 'relationshipToOwner', code: 'member.relationship_required' }]],
      [{ firstName: 'X', lastName: 'Y', relationshipToOwner: 'Tía', gender: 'Robot' }, [{ path: 'gender', code: 'validation.invalid' }]],
    ]
    for (const [payload, details] of cases) {
      const response = await f.request({ method: 'POST', url: '/api/family-tree/members', payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.details).toEqual(details)
    }
    expect((await f.tree()).tree).toBeNull()
  })

  it('recognises the owner by the relationship words and allows only one', async () => {
    const f = await family()
    const me = await f.add({ firstName: 'Yo', lastName: 'Mismo', relationshipToOwner: ' YÓ mismo ' })
    expect(me).toMatchObject({ isSelf: true, relationshipToOwner: 'Yo mismo/a' })
    for (const payload of [
      { firstName: 'Otro', lastName: 'Yo', isSelf: true },
      { firstName: 'Otro', lastName: 'Yo', relationshipToOwner: 'myself' },
    ]) {
      const response = await f.request({ method: 'POST', url: '/api/family-tree/members', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.details).toEqual([{ path: 'isSelf', code: 'member.self_exists' }])
    }
    const other = await f.add({ firstName: 'Luis', lastName: 'Mismo', relationshipToOwner: 'Hermano' })
    expect((await f.patch(other.memberId, { isSelf: true })).json().error.details).toEqual([{ path: 'isSelf', code: 'member.self_exists' }])
  })

  it('keeps a death date only for the deceased, and not before birth', async () => {
    const f = await family()
    const alive = await f.request({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'A', lastName: 'B', relationshipToOwner: 'Abuelo', deathDate: '2000-01-01' },
    })
    expect(alive.json().error.details).toEqual([{ path: 'deathDate', code: 'member.death_date_requires_deceased' }])
    const early = await f.request({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'A', lastName: 'B', relationshipToOwner: 'Abuelo', isDeceased: true, birthDate: '1950-01-01', deathDate: '1940-01-01' },
    })
    expect(early.json().error.details).toEqual([{ path: 'deathDate', code: 'member.death_before_birth' }])
    const grandpa = await f.add({ firstName: 'A', lastName: 'B', relationshipToOwner: 'Abuelo', isDeceased: true, birthDate: '1920-02-29', deathDate: '1999-12-31' })
    expect(grandpa).toMatchObject({ isDeceased: true, birthDate: '1920-02-29', deathDate: '1999-12-31' })
    const revived = await f.patch(grandpa.memberId, { isDeceased: false })
    expect(revived.json().error.details).toEqual([{ path: 'deathDate', code: 'member.death_date_requires_deceased' }])
    const cleared = await f.patch(grandpa.memberId, { isDeceased: false, deathDate: null })
    expect(cleared.json().member).toMatchObject({ isDeceased: false, deathDate: null })
  })

  it('derives children from parent links and keeps spouses symmetric', async () => {
    const f = await family()
    const mum = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' })
    const dad = await f.add({ firstName: 'Juan', lastName: 'Pérez', relationshipToOwner: 'Padre', spouseMemberIds: [mum.memberId] })
    const me = await f.add({ firstName: 'Eva', lastName: 'Pérez', isSelf: true, parentMemberIds: [mum.memberId, dad.memberId] })
    expect((await f.byId(mum.memberId)).spouseMemberIds).toEqual([dad.memberId])
    expect((await f.byId(dad.memberId)).childrenMemberIds).toEqual([me.memberId])
    expect((await f.byId(mum.memberId)).childrenMemberIds).toEqual([me.memberId])

    // Choosing children from the parent's side writes the same links.
    const kid = await f.add({ firstName: 'Leo', lastName: 'Pérez', relationshipToOwner: 'Hijo' })
    await f.patch(me.memberId, { childrenMemberIds: [kid.memberId] })
    expect((await f.byId(kid.memberId)).parentMemberIds).toEqual([me.memberId])

    await f.patch(dad.memberId, { spouseMemberIds: [] })
    expect((await f.byId(mum.memberId)).spouseMemberIds).toEqual([])
  })

  it('keeps undated children in the order they were added, whatever is saved after', async () => {
    const f = await family()
    const mum = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Madre' })
    const kids = []
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro'])
      kids.push(await f.add({ firstName: name, lastName: 'Ruiz', relationshipToOwner: 'Hermano', parentMemberIds: [mum.memberId] }))
    const order = kids.map((kid) => kid.memberId)
    expect((await f.byId(mum.memberId)).childrenMemberIds).toEqual(order)
    // Saving the first child's form writes its parent link again, after the others'.
    expect((await f.patch(kids[0]!.memberId, { parentMemberIds: [mum.memberId], notes: 'El mayor' })).statusCode).toBe(200)
    expect((await f.patch(kids[1]!.memberId, { parentMemberIds: [] })).statusCode).toBe(200)
    expect((await f.patch(kids[1]!.memberId, { parentMemberIds: [mum.memberId] })).statusCode).toBe(200)
    expect((await f.byId(mum.memberId)).childrenMemberIds).toEqual(order)
  })

  it('refuses a third parent, from either side', async () => {
    const f = await family()
    const [a, b, c] = [
      await f.add({ firstName: 'A', lastName: 'A', relationshipToOwner: 'x' }),
      await f.add({ firstName: 'B', lastName: 'B', relationshipToOwner: 'x' }),
      await f.add({ firstName: 'C', lastName: 'C', relationshipToOwner: 'x' }),
    ]
    const child = await f.add({ firstName: 'Niña', lastName: 'D', relationshipToOwner: 'Nieta', parentMemberIds: [a.memberId, b.memberId] })
    const three = await f.patch(child.memberId, { parentMemberIds: [a.memberId, b.memberId, c.memberId] })
    expect(three.statusCode).toBe(400)
    expect(three.json().error.details).toEqual([{ path: 'parentMemberIds', code: 'member.too_many_parents' }])
    const fromParent = await f.patch(c.memberId, { childrenMemberIds: [child.memberId] })
    expect(fromParent.json().error.details).toEqual([{ path: 'childrenMemberIds', code: 'member.child_has_two_parents', params: { name: 'Niña D' } }])
    expect((await f.byId(child.memberId)).parentMemberIds.sort()).toEqual([a.memberId, b.memberId].sort())
  })

  it('refuses relations to itself, to unknown people and the same person twice', async () => {
    const f = await family()
    const a = await f.add({ firstName: 'A', lastName: 'A', relationshipToOwner: 'x' })
    const stranger = await family()
    const theirs = await stranger.add({ firstName: 'S', lastName: 'S', relationshipToOwner: 'x' })
    const cases: [object, string, string][] = [
      [{ spouseMemberIds: [a.memberId] }, 'spouseMemberIds', 'member.related_to_itself'],
      [{ parentMemberIds: [theirs.memberId] }, 'parentMemberIds', 'member.unknown_relative'],
      [{ childrenMemberIds: ['no-such-member'] }, 'childrenMemberIds', 'member.unknown_relative'],
    ]
    for (const [payload, path, code] of cases) {
      const response = await f.patch(a.memberId, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.details).toEqual([{ path, code }])
    }
    const b = await f.add({ firstName: 'B', lastName: 'B', relationshipToOwner: 'x' })
    expect((await f.patch(a.memberId, { spouseMemberIds: [b.memberId, b.memberId] })).json().error.details).toEqual([
      { path: 'spouseMemberIds', code: 'member.duplicate_relative' },
    ])
  })

  it('refuses to make anyone their own ancestor, naming the loop', async () => {
    const f = await family()
    const grandma = await f.add({ firstName: 'Abuela', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })
    const mum = await f.add({ firstName: 'Mamá', lastName: 'Ruiz', relationshipToOwner: 'Madre', parentMemberIds: [grandma.memberId] })
    const me = await f.add({ firstName: 'Yo', lastName: 'Ruiz', isSelf: true, parentMemberIds: [mum.memberId] })
    const loop = await f.patch(grandma.memberId, { parentMemberIds: [me.memberId] })
    expect(loop.statusCode).toBe(400)
    expect(loop.json().error.message).toContain('Abuela Ruiz → Yo Ruiz → Mamá Ruiz → Abuela Ruiz')
    expect(loop.json().error.details).toEqual([{ path: 'parentMemberIds', code: 'member.cycle', params: { names: 'Abuela Ruiz → Yo Ruiz → Mamá Ruiz → Abuela Ruiz' } }])
    const asChild = await f.patch(me.memberId, { childrenMemberIds: [grandma.memberId] })
    expect(asChild.json().error.details[0]).toMatchObject({ path: 'childrenMemberIds', code: 'member.cycle' })
    expect((await f.byId(grandma.memberId)).parentMemberIds).toEqual([])
  })

  it('deletes a member with every link to it', async () => {
    const f = await family()
    const mum = await f.add({ firstName: 'Ana', lastName: 'R', relationshipToOwner: 'Madre' })
    const dad = await f.add({ firstName: 'Juan', lastName: 'P', relationshipToOwner: 'Padre', spouseMemberIds: [mum.memberId] })
    const me = await f.add({ firstName: 'Eva', lastName: 'P', isSelf: true, parentMemberIds: [mum.memberId, dad.memberId] })
    const deleted = await f.request({ method: 'DELETE', url: `/api/family-tree/members/${mum.memberId}` })
    expect(deleted.statusCode).toBe(200)
    const { members } = await f.tree()
    expect(members.map((m) => m.memberId).sort()).toEqual([dad.memberId, me.memberId].sort())
    expect((await f.byId(me.memberId)).parentMemberIds).toEqual([dad.memberId])
    expect((await f.byId(dad.memberId)).spouseMemberIds).toEqual([])
    const links = await t.db.selectFrom('memberParent').selectAll().where('parentId', '=', mum.memberId).execute()
    expect(links).toEqual([])
  })

  it('answers 404 for another user’s member on every verb and leaves it untouched', async () => {
    const owner = await family()
    const theirs = await owner.add({ firstName: 'Privada', lastName: 'P', relationshipToOwner: 'Tía' })
    const intruder = await family()
    await intruder.add({ firstName: 'I', lastName: 'I', isSelf: true })
    for (const request of [
      { method: 'PATCH' as const, url: `/api/family-tree/members/${theirs.memberId}`, payload: { firstName: 'Robada' } },
      { method: 'DELETE' as const, url: `/api/family-tree/members/${theirs.memberId}` },
    ]) {
      const response = await intruder.request(request)
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('not_found')
    }
    expect((await intruder.tree()).members.map((m) => m.firstName)).toEqual(['I'])
    expect((await owner.byId(theirs.memberId)).firstName).toBe('Privada')
    expect((await t.app.inject({ method: 'GET', url: '/api/family-tree' })).statusCode).toBe(401)
  })

  it('lists members by last name, then first name', async () => {
    const f = await family()
    for (const [firstName, lastName] of [
      ['Zoe', 'Álvarez'],
      ['Ana', 'Zapata'],
      ['Luis', 'Álvarez'],
    ])
      await f.add({ firstName, lastName, relationshipToOwner: 'x' })
    expect((await f.tree()).members.map((m) => `${m.firstName} ${m.lastName}`)).toEqual(['Luis Álvarez', 'Zoe Álvarez', 'Ana Zapata'])
  })
})
