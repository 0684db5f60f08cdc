import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { staleMemberEditSchema, type Member } from '../../../shared/contracts/family-tree.ts'
import { cookieHeader, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf } from './test/family-api.ts'

// Two people editing one relative never overwrite each other unseen: an edit that says which
// version it was made on (`expectedUpdatedAt`) is refused with 409 once someone else saved, and
// the answer carries the member as stored now. Two sessions of one owner are the same race.

describe.each(testDatabases)('an edit made on a member someone changed meanwhile, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The owner on two devices: their first session, and a second one signed in through the route. */
  async function twoSessions() {
    const f = await familyOf(t.app)
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: f.user.email, password: 'un-recuerdo-largo' } })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const phone = cookieHeader(signIn)
    const patchFromPhone = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/family-tree/members/${id}`, payload, headers: { cookie: phone } })
    const readFromPhone = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/family-tree', headers: { cookie: phone } })).json<{ members: Member[] }>().members.find((m) => m.memberId === id)!
    return { ...f, patchFromPhone, readFromPhone }
  }

  it('answers the second of two edits 409 conflict with the member as stored now, keeping the first whole', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela', birthDate: '1930', birthPlace: 'Cádiz', language: 'es' })
    const onComputer = await f.byId(carmen.memberId)
    const onPhone = await f.readFromPhone(carmen.memberId)
    expect(onPhone.updatedAt).toBe(onComputer.updatedAt)

    const first = await f.patch(carmen.memberId, { birthDate: '1931', birthPlace: 'Sevilla', language: 'es', expectedUpdatedAt: onComputer.updatedAt })
    expect(first.statusCode, first.body).toBe(200)
    const saved = first.json<{ member: Member }>().member
    expect(saved.updatedAt).not.toBe(onComputer.updatedAt)

    const second = await f.patchFromPhone(carmen.memberId, { birthPlace: 'Jerez', notes: 'Cantaba coplas.', expectedUpdatedAt: onPhone.updatedAt })
    expect(second.statusCode, second.body).toBe(409)
    const body = staleMemberEditSchema.parse(second.json())
    expect(body.error.code).toBe('conflict')
    expect(body.error.current).toEqual(saved)
    expect(body.error.current).toMatchObject({ birthDate: '1931', birthPlace: 'Sevilla', notes: '' })

    // Nothing of the second edit was written, nothing of the first was lost.
    expect(await f.byId(carmen.memberId)).toEqual(saved)

    // Made again on what is stored now, the edit goes through.
    const again = await f.patchFromPhone(carmen.memberId, { birthPlace: 'Jerez', notes: 'Cantaba coplas.', expectedUpdatedAt: body.error.current!.updatedAt })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<{ member: Member }>().member).toMatchObject({ birthDate: '1931', birthPlace: 'Jerez', notes: 'Cantaba coplas.' })
  })

  it('saves an edit without expectedUpdatedAt whatever happened meanwhile, as before', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    expect((await f.patch(carmen.memberId, { birthPlace: 'Sevilla' })).statusCode).toBe(200)
    const old = await f.patchFromPhone(carmen.memberId, { notes: 'Cantaba coplas.' })
    expect(old.statusCode, old.body).toBe(200)
    expect(old.json<{ member: Member }>().member).toMatchObject({ birthPlace: 'Sevilla', notes: 'Cantaba coplas.' })
  })

  it('lets exactly one of several edits sent at once on the same version through', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    for (let round = 0; round < 4; round += 1) {
      const { updatedAt } = await f.byId(carmen.memberId)
      const answers = await Promise.all(
        ['Cádiz', 'Sevilla', 'Jerez', 'Huelva'].map((place, index) =>
          (index % 2 === 0 ? f.patch : f.patchFromPhone)(carmen.memberId, { birthPlace: `${place} ${round}`, expectedUpdatedAt: updatedAt }),
        ),
      )
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409, 409])
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ member: Member }>().member
      expect(await f.byId(carmen.memberId)).toMatchObject({ birthPlace: winner.birthPlace, updatedAt: winner.updatedAt })
    }
  })

  it('gives two saves in the same millisecond stamps of their own, so an edit on the first is still refused', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(Date.parse(carmen.updatedAt) + 60_000))
    const first = (await f.patch(carmen.memberId, { birthPlace: 'Sevilla', expectedUpdatedAt: carmen.updatedAt })).json<{ member: Member }>().member
    const second = await f.patch(carmen.memberId, { notes: 'Cantaba coplas.', expectedUpdatedAt: first.updatedAt })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json<{ member: Member }>().member.updatedAt).not.toBe(first.updatedAt)
    const stale = await f.patchFromPhone(carmen.memberId, { birthPlace: 'Jerez', expectedUpdatedAt: first.updatedAt })
    expect(stale.statusCode, stale.body).toBe(409)
    expect(await f.byId(carmen.memberId)).toMatchObject({ birthPlace: 'Sevilla', notes: 'Cantaba coplas.' })
  })

  it('changes a member’s version when another member’s edit changes their children or marriage', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    const pedro = await f.add({ firstName: 'Pedro', lastName: 'Gil', relationshipToOwner: 'Abuelo' })
    const ana = await f.add({ firstName: 'Ana', lastName: 'Gil', relationshipToOwner: 'Madre' })
    const carmenOpened = await f.readFromPhone(carmen.memberId)
    const pedroOpened = await f.readFromPhone(pedro.memberId)

    // Ana's card gives her Carmen as mother: Carmen's form, opened before, would send her children without Ana.
    expect((await f.patch(ana.memberId, { parentLinks: [{ parentId: carmen.memberId, kind: 'birth' }] })).statusCode).toBe(200)
    const carmenForm = await f.patchFromPhone(carmen.memberId, { childLinks: [], expectedUpdatedAt: carmenOpened.updatedAt })
    expect(carmenForm.statusCode, carmenForm.body).toBe(409)
    expect(staleMemberEditSchema.parse(carmenForm.json()).error.current?.childrenMemberIds).toEqual([ana.memberId])
    expect((await f.byId(ana.memberId)).parentMemberIds).toEqual([carmen.memberId])

    // Carmen's card marries her to Pedro: his form, opened before, knows no marriage.
    const carmenNow = await f.byId(carmen.memberId)
    const married = await f.patch(carmen.memberId, { unions: [{ spouseId: pedro.memberId, marriageDate: '1952', isMarried: true }], expectedUpdatedAt: carmenNow.updatedAt })
    expect(married.statusCode, married.body).toBe(200)
    const pedroForm = await f.patchFromPhone(pedro.memberId, { unions: [], expectedUpdatedAt: pedroOpened.updatedAt })
    expect(pedroForm.statusCode, pedroForm.body).toBe(409)
    expect((await f.byId(pedro.memberId)).spouseMemberIds).toEqual([carmen.memberId])

    // An edit of Ana's own facts leaves her mother's version as it was.
    const carmenBefore = await f.byId(carmen.memberId)
    expect((await f.patch(ana.memberId, { birthPlace: 'Sevilla' })).statusCode).toBe(200)
    expect((await f.byId(carmen.memberId)).updatedAt).toBe(carmenBefore.updatedAt)
  })

  it('refuses an expectedUpdatedAt that is not an instant with 400 validation_failed', async () => {
    const f = await twoSessions()
    const carmen = await f.add({ firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela' })
    const answer = await f.patch(carmen.memberId, { notes: 'x', expectedUpdatedAt: 'ayer' })
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json().error.details).toEqual([{ path: 'expectedUpdatedAt', code: 'validation.invalid' }])
  })
})
