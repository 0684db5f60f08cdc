import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf } from './test/family-api.ts'

describe.each(testDatabases)('dates, places, notes and marriages of the family tree on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const family = (overrides: Record<string, unknown> = {}) => familyOf(t.app, overrides)

  it('keeps a date as written in any of the three languages, with its place and a sort key', async () => {
    const f = await family({ preferredLanguage: 'es' })
    const grandma = await f.add({ firstName: 'Carmen', lastName: 'Díaz', relationshipToOwner: 'Abuela', birthDate: 'hacia 1920', birthPlace: ' Pasto, Nariño ' })
    expect(grandma).toMatchObject({ birthDate: 'ABT 1920', birthPlace: 'Pasto, Nariño', deathDate: null, notes: '' })
    const english = await f.add({ firstName: 'Ann', lastName: 'Lee', relationshipToOwner: 'Aunt', birthDate: 'between 1920 and 1925', language: 'en' })
    expect(english.birthDate).toBe('BET 1920 AND 1925')
    const french = await f.add({
      firstName: 'Jean',
      lastName: 'Roy',
      relationshipToOwner: 'Oncle',
      birthDate: 'avant 1948',
      language: 'fr',
      isDeceased: true,
      deathDate: 'vers 1990',
      deathPlace: 'Lyon',
    })
    expect(french).toMatchObject({ birthDate: 'BEF 1948', deathDate: 'ABT 1990', deathPlace: 'Lyon' })
    // An exact day stays YYYY-MM-DD, as every date was stored before.
    const exact = await f.add({ firstName: 'Eva', lastName: 'Díaz', relationshipToOwner: 'Hija', birthDate: '17 de mayo de 1948' })
    expect(exact.birthDate).toBe('1948-05-17')
    const phrase = await f.add({ firstName: 'Tío', lastName: 'Díaz', relationshipToOwner: 'Tío', birthDate: 'poco después de la guerra' })
    expect(phrase).toMatchObject({ birthDate: '(poco después de la guerra)', birthDateSortKey: null })

    const sorted = (await f.tree()).members.filter((m) => m.birthDateSortKey !== null).sort((a, b) => a.birthDateSortKey! - b.birthDateSortKey!)
    expect(sorted.map((m) => m.firstName)).toEqual(['Carmen', 'Ann', 'Jean', 'Eva'])
  })

  it('refuses a date in the future, a range back to front and one too long, naming the field', async () => {
    const f = await family()
    const cases: [object, { path: string; code: string }[]][] = [
      [{ birthDate: '2999' }, [{ path: 'birthDate', code: 'validation.date_in_future' }]],
      [{ birthDate: 'entre 1925 y 1920' }, [{ path: 'birthDate', code: 'member.date_range_reversed' }]],
      [{ birthDate: 'x'.repeat(121) }, [{ path: 'birthDate', code: 'validation.too_long' }]],
      [{ birthDate: '1950', isDeceased: true, deathDate: 'antes de 1940' }, [{ path: 'deathDate', code: 'member.death_before_birth' }]],
      [{ unions: [{ spouseId: null, marriageDate: 'entre 1950 y 1940' }] }, [{ path: 'unions.0.marriageDate', code: 'member.date_range_reversed' }]],
    ]
    for (const [extra, details] of cases) {
      const response = await f.post({ firstName: 'A', lastName: 'B', relationshipToOwner: 'Tía', ...extra })
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
      expect(response.json().error.details).toEqual(details)
    }
    // "About 1950" and "before 1952" may be the same year: not surely reversed, so accepted.
    await f.add({ firstName: 'A', lastName: 'B', relationshipToOwner: 'Tía', birthDate: 'hacia 1950', isDeceased: true, deathDate: 'antes de 1952' })
    expect((await f.tree()).members).toHaveLength(1)
  })

  it('records several marriages with a date and place each, and derives the spouse lists', async () => {
    const f = await family()
    const first = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })
    const second = await f.add({ firstName: 'Marta', lastName: 'Gil', relationshipToOwner: 'Abuela' })
    const grandpa = await f.add({
      firstName: 'Luis',
      lastName: 'Díaz',
      relationshipToOwner: 'Abuelo',
      unions: [
        { spouseId: first.memberId, marriageDate: '1945', marriagePlace: 'Pasto' },
        { spouseId: second.memberId, marriageDate: 'hacia 1960', marriagePlace: 'Cali' },
      ],
    })
    expect(grandpa.spouseMemberIds).toEqual([first.memberId, second.memberId])
    const { unions, members } = await f.tree()
    expect(unions.map((u) => [u.secondPartnerId, u.marriageDate, u.marriagePlace])).toEqual([
      [first.memberId, '1945', 'Pasto'],
      [second.memberId, 'ABT 1960', 'Cali'],
    ])
    expect(members.find((m) => m.memberId === second.memberId)!.spouseMemberIds).toEqual([grandpa.memberId])

    // A child of the second marriage joins that union; changing a marriage keeps its id and child.
    const child = await f.add({ firstName: 'Eva', lastName: 'Díaz', relationshipToOwner: 'Madre', parentMemberIds: [grandpa.memberId, second.memberId] })
    expect(child.parentLinks.map((l) => l.unionId)).toEqual([unions[1]!.unionId, unions[1]!.unionId])
    const edited = await f.patch(grandpa.memberId, {
      unions: [{ unionId: unions[1]!.unionId, spouseId: second.memberId, marriageDate: '3 de marzo de 1961', marriagePlace: 'Cali' }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().member.spouseMemberIds).toEqual([second.memberId])
    const after = await f.tree()
    expect(after.unions).toMatchObject([{ unionId: unions[1]!.unionId, marriageDate: '1961-03-03', children: [{ childId: child.memberId, kind: 'birth' }] }])
    expect(after.members.find((m) => m.memberId === first.memberId)!.spouseMemberIds).toEqual([])
  })

  it('refuses a union that is not the member’s own, from another tree or another person', async () => {
    const owner = await family()
    const a = await owner.add({ firstName: 'A', lastName: 'A', relationshipToOwner: 'x' })
    const b = await owner.add({ firstName: 'B', lastName: 'B', relationshipToOwner: 'x', spouseMemberIds: [a.memberId] })
    const theirUnion = (await owner.tree()).unions[0]!.unionId
    const stranger = await family()
    const mine = await stranger.add({ firstName: 'S', lastName: 'S', relationshipToOwner: 'x' })
    const stolen = await stranger.patch(mine.memberId, { unions: [{ unionId: theirUnion, spouseId: null, marriagePlace: 'Robado' }] })
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().error.details).toEqual([{ path: 'unions.0.unionId', code: 'member.unknown_union' }])
    const c = await owner.add({ firstName: 'C', lastName: 'C', relationshipToOwner: 'x' })
    const notHers = await owner.patch(c.memberId, { unions: [{ unionId: theirUnion, spouseId: a.memberId }] })
    expect(notHers.json().error.details).toEqual([{ path: 'unions.0.unionId', code: 'member.unknown_union' }])
    expect((await owner.tree()).unions).toMatchObject([{ unionId: theirUnion, firstPartnerId: b.memberId, secondPartnerId: a.memberId, marriagePlace: '' }])
  })

  it('keeps notes and places through a change of other fields, and clears a date with an empty text', async () => {
    const f = await family()
    const m = await f.add({ firstName: 'A', lastName: 'B', relationshipToOwner: 'Tía', birthDate: '1930', birthPlace: 'Ipiales', notes: 'Según el acta de bautismo.' })
    const renamed = (await f.patch(m.memberId, { firstName: 'Ana' })).json().member
    expect(renamed).toMatchObject({ firstName: 'Ana', birthDate: '1930', birthPlace: 'Ipiales', notes: 'Según el acta de bautismo.' })
    const cleared = (await f.patch(m.memberId, { birthDate: '', birthPlace: '' })).json().member
    expect(cleared).toMatchObject({ birthDate: null, birthDateSortKey: null, birthPlace: '' })
  })

  it('drops a childless marriage with the partner who is deleted, and keeps a family with children', async () => {
    const f = await family()
    const a = await f.add({ firstName: 'A', lastName: 'A', relationshipToOwner: 'x' })
    const b = await f.add({ firstName: 'B', lastName: 'B', relationshipToOwner: 'x', spouseMemberIds: [a.memberId] })
    const c = await f.add({ firstName: 'C', lastName: 'C', relationshipToOwner: 'x', spouseMemberIds: [a.memberId] })
    await f.add({ firstName: 'K', lastName: 'C', relationshipToOwner: 'x', parentMemberIds: [a.memberId, c.memberId] })
    expect((await f.request({ method: 'DELETE', url: `/api/family-tree/members/${a.memberId}` })).statusCode).toBe(200)
    const { unions } = await f.tree()
    expect(unions).toHaveLength(1)
    expect(unions[0]).toMatchObject({ firstPartnerId: c.memberId, secondPartnerId: null })
    expect(unions[0]!.children).toHaveLength(1)
    expect(b.spouseMemberIds).toEqual([a.memberId])
  })
})
