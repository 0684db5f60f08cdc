import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import type { OnThisDay, PersonTimeline } from '../../../shared/contracts/timeline.ts'
import { formatStoredDate } from '../../../shared/genealogy-date/index.ts'
import { tellAna } from '../../test/heard-facts.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// Rosa keeps the tree of her grandmother Aurora, born «hacia 1920», married to Juan in 1945,
// mother of Carmen (living). Rosa remembers her, Ana interviewed Rosa about her, and a photo of
// her carries the day it was taken in its EXIF. Tomás only views the tree.

describe.each(testDatabases)('a life on a timeline, and on this day, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let tomas: TestUser
  let stranger: TestUser
  let aurora: Member
  let juan: Member
  let carmen: Member

  const call = (user: TestUser) => as(t.app, user)
  async function add(user: TestUser, payload: object): Promise<Member> {
    const response = await call(user)({ method: 'POST', url: '/api/family-tree/members', payload: { language: 'es', ...payload } })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member
  }
  const timelineOf = async (user: TestUser, memberId: string): Promise<PersonTimeline> => {
    const response = await call(user)({ method: 'GET', url: `/api/timeline/members/${memberId}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const onThisDay = async (user: TestUser, today: string): Promise<OnThisDay> => {
    const response = await call(user)({ method: 'GET', url: `/api/dashboard/on-this-day?today=${today}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa' })
    tomas = await createTestUser(t.app, { name: 'Tomás' })
    stranger = await createTestUser(t.app)
    expect((await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez', birthDate: '1975' } })).statusCode).toBe(201)
    aurora = await add(rosa, {
      firstName: 'Aurora',
      lastName: 'Gómez',
      relationshipToOwner: 'Abuela',
      birthDate: 'hacia 1920',
      birthPlace: 'Pasto',
      isDeceased: true,
      deathDate: '2001-02-03',
    })
    juan = await add(rosa, {
      firstName: 'Juan',
      lastName: 'Pérez',
      relationshipToOwner: 'Abuelo',
      birthDate: '1918-04-10',
      isDeceased: true,
      unions: [{ spouseId: aurora.memberId, marriageDate: '1945-06-02', marriagePlace: 'Ipiales' }],
    })
    carmen = await add(rosa, {
      firstName: 'Carmen',
      lastName: 'Pérez',
      relationshipToOwner: 'Madre',
      birthDate: '1950-03-01',
      parentLinks: [
        { parentId: aurora.memberId, kind: 'birth' },
        { parentId: juan.memberId, kind: 'birth' },
      ],
    })
    const treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    await joinByInvitation(t.app, { inviter: rosa, invitee: tomas, treeId, role: 'viewer' })
  })
  afterAll(() => t.close())

  it('places a life in order, an approximate birth labelled, with ages, a photo by the day its EXIF says it was taken, and the undated apart', async () => {
    const memory = await call(rosa)({
      method: 'POST',
      url: '/api/biography/entries',
      payload: { content: 'Aurora Gómez me enseñó a coser en su máquina Singer.', eventDate: '1962', language: 'es' },
    })
    expect(memory.statusCode, memory.body).toBe(201)
    await call(rosa)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Aurora Gómez cantaba boleros.', language: 'es' } })
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a0522d' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Kodak' }, IFD2: { DateTimeOriginal: '1987:08:15 18:30:00' } })
      .toBuffer()
    const uploaded = await tusClient(t.app, rosa).createWithData(photo, {
      filename: 'playa.jpg',
      filetype: 'image/jpeg',
      caption: 'En la playa',
      linkedToType: 'member',
      linkedToId: aurora.memberId,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)

    const timeline = await timelineOf(rosa, aurora.memberId)
    expect(timeline.events.map((event) => [event.kind, event.date && formatStoredDate(event.date, 'es')])).toEqual([
      ['birth', 'hacia 1920'],
      ['marriage', '2 de junio de 1945'],
      ['child', '1 de marzo de 1950'],
      ['memory', '1962'],
      ['photo', '15 de agosto de 1987'],
      ['death', '3 de febrero de 2001'],
    ])
    const [birth, marriage, child, remembered, taken] = timeline.events
    expect(birth).toMatchObject({ isApproximate: true, place: 'Pasto', age: null })
    expect(marriage).toMatchObject({ isApproximate: false, relative: { memberId: juan.memberId, firstName: 'Juan' }, place: 'Ipiales', age: { years: 25, isApproximate: true } })
    expect(child).toMatchObject({ relative: { memberId: carmen.memberId, firstName: 'Carmen' } })
    expect(remembered).toMatchObject({ title: 'Aurora Gómez me enseñó a coser en su máquina Singer.', targetId: memory.json().id })
    expect(taken).toMatchObject({ title: 'En la playa', thumbnailURL: expect.stringContaining('/thumbnail') })
    expect(timeline.undated.map((event) => [event.kind, event.title])).toEqual([['memory', 'Aurora Gómez cantaba boleros.']])
  })

  it('answers 404 for another person’s relative, and shows a viewer no date of the living', async () => {
    expect((await call(stranger)({ method: 'GET', url: `/api/timeline/members/${aurora.memberId}` })).statusCode).toBe(404)
    expect((await call(rosa)({ method: 'GET', url: '/api/timeline/members/no-such-member' })).statusCode).toBe(404)

    const livingForViewer = await timelineOf(tomas, carmen.memberId)
    expect(livingForViewer.person).toMatchObject({ firstName: 'Carmen', birthDate: null })
    expect([...livingForViewer.events, ...livingForViewer.undated]).toEqual([])
    expect((await timelineOf(rosa, carmen.memberId)).events.map((event) => event.kind)).toEqual(['birth'])

    const grandmother = await timelineOf(tomas, aurora.memberId)
    expect(grandmother.events.map((event) => event.kind)).not.toContain('child')
    expect(grandmother.undated.find((event) => event.kind === 'child')).toMatchObject({ date: null, relative: { firstName: 'Carmen' } })
    expect(JSON.stringify(grandmother)).not.toContain('1950')
  })

  it('remembers this day’s memories and dreams of earlier years', async () => {
    await call(rosa)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'El día que nació mi hermano.', eventDate: '2014-05-17', language: 'es' } })
    await call(rosa)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Hacia un mayo cualquiera.', eventDate: 'hacia mayo de 2014', language: 'es' } })
    await call(rosa)({ method: 'POST', url: '/api/dreams', payload: { content: 'Soñé con el mar de Tumaco.', dreamDate: '2020-05-17' } })
    await call(rosa)({ method: 'POST', url: '/api/dreams', payload: { content: 'Un sueño de ayer.', dreamDate: '2020-05-16' } })

    const day = await onThisDay(rosa, '2026-05-17')
    expect(day.memories.map((m) => [m.kind, m.title, m.yearsAgo])).toEqual([
      ['dream', 'Soñé con el mar de Tumaco.', 6],
      ['memory', 'El día que nació mi hermano.', 12],
    ])
    expect((await onThisDay(stranger, '2026-05-17')).memories).toEqual([])
  })

  it('lists the coming birthdays across the turn of the year, the living and the remembered, never from an approximate date', async () => {
    const lucia = await add(rosa, { firstName: 'Lucía', lastName: 'Pérez', relationshipToOwner: 'Prima', birthDate: '1990-01-02' })
    const pilar = await add(rosa, { firstName: 'Pilar', lastName: 'Gómez', relationshipToOwner: 'Tía abuela', birthDate: '1931-01-03', isDeceased: true })
    await add(rosa, { firstName: 'Ramón', lastName: 'Gómez', relationshipToOwner: 'Tío', birthDate: 'hacia el 3 de enero de 1940' })
    // Fourteen days ahead is the first day past the fortnight.
    await add(rosa, { firstName: 'Lejana', lastName: 'Pérez', relationshipToOwner: 'Prima', birthDate: '1991-01-10', isDeceased: true })

    const rosas = await onThisDay(rosa, '2026-12-27')
    expect(rosas.coming.map((c) => [c.kind, c.person.firstName, c.date, c.inDays, c.years, c.isLiving])).toEqual([
      ['birthday', 'Lucía', '2027-01-02', 6, 37, true],
      ['birthday', 'Pilar', '2027-01-03', 7, 96, false],
    ])
    // A viewer hears of the remembered, never of the living.
    expect((await onThisDay(tomas, '2026-12-27')).coming.map((c) => c.person.memberId)).toEqual([pilar.memberId])
    void lucia
  })

  it('keeps 29 February birthdays on 28 February in other years, and wedding anniversaries of the remembered', async () => {
    await add(rosa, { firstName: 'Bisiesto', lastName: 'Gómez', relationshipToOwner: 'Tío', birthDate: '1932-02-29', isDeceased: true })
    const common = await onThisDay(rosa, '2027-02-20')
    expect(common.coming.filter((c) => c.person.firstName === 'Bisiesto').map((c) => [c.person.firstName, c.date, c.years])).toEqual([['Bisiesto', '2027-02-28', 95]])
    const leap = await onThisDay(rosa, '2028-02-20')
    expect(leap.coming.filter((c) => c.person.firstName === 'Bisiesto').map((c) => [c.person.firstName, c.date])).toEqual([['Bisiesto', '2028-02-29']])

    const june = await onThisDay(rosa, '2026-05-30')
    expect(june.coming.find((c) => c.kind === 'anniversary')).toMatchObject({ date: '2026-06-02', years: 81, isLiving: false, partner: { firstName: expect.any(String) } })
  })

  it('places a photo that does not say when it was taken by the memory it is attached to, never by its upload', async () => {
    const scan = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#7a5c3e' } })
      .jpeg()
      .toBuffer()
    const uploaded = await tusClient(t.app, rosa).createWithData(scan, {
      filename: 'escaneada.jpg',
      filetype: 'image/jpeg',
      caption: 'La casa de Pasto',
      linkedToType: 'member',
      linkedToId: aurora.memberId,
    })
    const photoId = String(uploaded.headers['legado-media-id'])
    const before = await timelineOf(rosa, aurora.memberId)
    expect(before.undated.find((event) => event.targetId === photoId)).toMatchObject({ kind: 'photo', date: null })

    const memory = await call(rosa)({
      method: 'POST',
      url: '/api/biography/entries',
      payload: { content: 'En la casa de Aurora Gómez en Pasto había un limonero.', eventDate: 'hacia 1970', language: 'es', mediaAssetIds: [photoId] },
    })
    expect(memory.statusCode, memory.body).toBe(201)
    const after = await timelineOf(rosa, aurora.memberId)
    const photo = after.events.find((event) => event.targetId === photoId)
    expect(photo).toMatchObject({ kind: 'photo', isApproximate: true, title: 'La casa de Pasto' })
    expect(formatStoredDate(photo!.date, 'es')).toBe('hacia 1970')
  })

  it('places an interview about her as one moment, on the day the sitting began, for whoever may read it', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10)
    // Two answers told one after the other: one sitting.
    await tellAna(t.app, rosa, aurora.memberId, 'Aurora Gómez bordaba manteles para la feria.')
    await tellAna(t.app, rosa, aurora.memberId, 'Y los vendía en la plaza de Pasto.')
    const dayAfter = new Date().toISOString().slice(0, 10)
    for (const reader of [rosa, tomas]) {
      const timeline = await timelineOf(reader, aurora.memberId)
      const sittings = timeline.events.filter((event) => event.kind === 'interview')
      expect(sittings).toHaveLength(1)
      expect(sittings[0]).toMatchObject({ isApproximate: false, title: expect.stringContaining('bordaba manteles') })
      expect([dayBefore, dayAfter]).toContain(sittings[0]!.date)
      expect(timeline.undated.filter((event) => event.kind === 'interview')).toEqual([])
    }
    expect((await timelineOf(rosa, juan.memberId)).events.map((event) => event.kind)).not.toContain('interview')
  })

  it('refuses a today that is no date', async () => {
    const response = await call(rosa)({ method: 'GET', url: '/api/dashboard/on-this-day?today=2026-02-30' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('validation_failed')
  })

  it('gives the family’s timeline by date, of one branch when asked, and 404 for a branch outside the tree', async () => {
    const outsider = await add(rosa, { firstName: 'Vecino', lastName: 'Ruiz', relationshipToOwner: 'Amigo', birthDate: '1960-01-01' })
    const whole = (await call(rosa)({ method: 'GET', url: '/api/timeline/family' })).json()
    expect(whole.events.map((e: { person: { memberId: string } }) => e.person.memberId)).toContain(outsider.memberId)
    const branch = (await call(rosa)({ method: 'GET', url: `/api/timeline/family?branch=${carmen.memberId}` })).json()
    expect(branch.events.map((e: { kind: string; person: { firstName: string } }) => `${e.kind} ${e.person.firstName}`)).toEqual([
      'birth Juan',
      'birth Aurora',
      'marriage Juan',
      'birth Carmen',
      'death Aurora',
    ])
    expect(branch.next).toBeNull()
    // A viewer meets the living without dates: Carmen's birth is not on their family's timeline.
    const viewed = (await call(tomas)({ method: 'GET', url: `/api/timeline/family?branch=${carmen.memberId}` })).json()
    expect(viewed.events.map((e: { kind: string; person: { firstName: string } }) => `${e.kind} ${e.person.firstName}`)).toEqual([
      'birth Juan',
      'birth Aurora',
      'marriage Juan',
      'death Aurora',
    ])
    expect((await call(stranger)({ method: 'GET', url: `/api/timeline/family?branch=${carmen.memberId}` })).statusCode).toBe(404)
  })
})
