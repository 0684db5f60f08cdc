import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi, previewThroughApi } from './test/gedcom-api.ts'

// Who is who across imports, through the real API: two different files that both start at @I1@
// keep both families whole; the same file, or a newer export of the same tree, updates; a person
// keeps their UID from one program and version to another; our own export comes back into its
// tree as updates and into another tree as new people; rows imported before namespaces existed
// are still found by a new import of their file, and never by another file.

interface Person {
  xref: string
  name: string
  uid?: string
  birth?: string
}

function gedcom(people: Person[], options: { version?: '5.5.1' | '7.0'; uidTag?: string; head?: string[]; couple?: [string, string, string[]] } = {}): string {
  const version = options.version ?? '5.5.1'
  const lines = ['0 HEAD', ...(options.head ?? []), '1 GEDC', `2 VERS ${version}`, ...(version === '7.0' ? [] : ['2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'])]
  for (const person of people) {
    lines.push(`0 @${person.xref}@ INDI`, `1 NAME ${person.name}`)
    if (person.uid) lines.push(`1 ${options.uidTag ?? (version === '7.0' ? 'UID' : '_UID')} ${person.uid}`)
    if (person.birth) lines.push('1 BIRT', `2 DATE ${person.birth}`)
  }
  if (options.couple) {
    const [husband, wife, children] = options.couple
    lines.push('0 @F1@ FAM', `1 HUSB @${husband}@`, `1 WIFE @${wife}@`, ...children.map((child) => `1 CHIL @${child}@`))
  }
  lines.push('0 TRLR', '')
  return lines.join('\n')
}

const garcia: Person[] = [
  { xref: 'I1', name: 'Rosa /García/', birth: 'ABT 1920' },
  { xref: 'I2', name: 'Luis /García/' },
  { xref: 'I3', name: 'Ana /García/' },
]
const lopez: Person[] = [
  { xref: 'I1', name: 'Marta /López/' },
  { xref: 'I2', name: 'Jorge /López/' },
  { xref: 'I3', name: 'Inés /López/' },
]
const family = (people: Person[]) => gedcom(people, { couple: ['I2', 'I1', ['I3']] })

const names = (tree: FamilyTree) => tree.members.map((m) => `${m.firstName} ${m.lastName}`).sort()

describe.each(testDatabases)('who is who across GEDCOM imports, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()

  it('keeps two different files that both use @I1@ whole, and each file again changes nothing', async () => {
    const user = await createTestUser(t.app)
    expect((await importThroughApi(t.app, user, family(garcia), 'export.ged')).report!.members).toEqual({ created: 3, updated: 0 })
    const second = await importThroughApi(t.app, user, family(lopez), 'export.ged')
    expect(second.report).toMatchObject({ members: { created: 3, updated: 0 }, unions: { created: 1, updated: 0 } })
    const after = await tree(user)
    expect(names(after)).toEqual(['Ana García', 'Inés López', 'Jorge López', 'Luis García', 'Marta López', 'Rosa García'])
    expect(after.unions).toHaveLength(2)
    // Each couple still has its own child.
    const ana = after.members.find((m) => m.firstName === 'Ana')!
    expect(ana.parentMemberIds.map((id) => after.members.find((m) => m.memberId === id)!.lastName)).toEqual(['García', 'García'])

    for (const again of [family(garcia), family(lopez)]) {
      const job = await importThroughApi(t.app, user, again)
      expect(job.report).toMatchObject({ members: { created: 0, updated: 0 }, unions: { created: 0, updated: 0 }, links: { created: 0 } })
    }
    expect((await tree(user)).members).toHaveLength(6)
  }, 120_000)

  it('updates from a newer export of the same tree: same xrefs, a name corrected, a person added, another header', async () => {
    const user = await createTestUser(t.app)
    await importThroughApi(t.app, user, family(garcia))
    await importThroughApi(t.app, user, family(lopez))
    const newer = gedcom([...garcia.slice(0, 2), { xref: 'I3', name: 'Ana María /García/' }, { xref: 'I4', name: 'Pablo /García/' }], {
      head: ['1 SOUR GRAMPS', '1 DATE 24 NOV 2026'],
      couple: ['I2', 'I1', ['I3', 'I4']],
    })
    const job = await importThroughApi(t.app, user, newer, 'renamed.ged')
    expect(job.report).toMatchObject({ members: { created: 1, updated: 1 }, unions: { created: 0 } })
    const after = await tree(user)
    expect(names(after)).toContain('Ana María García')
    expect(names(after)).toContain('Inés López')
    expect(after.members).toHaveLength(7)
  }, 120_000)

  it('knows a person by UID across programs and versions, whatever the xref', async () => {
    const user = await createTestUser(t.app)
    const uid = 'bbcc0025-34cb-4542-8cfb-45ba201c9c2c'
    // Gramps and RootsMagic write _UID as 32 hex digits and a 4-digit checksum.
    const gramps = gedcom([
      { xref: 'I0001', name: 'Rosa /García/', uid: 'BBCC002534CB45428CFB45BA201C9C2C1A2B' },
      { xref: 'I0002', name: 'Luis /García/' },
    ])
    expect((await importThroughApi(t.app, user, gramps)).report!.members.created).toBe(2)
    const seven = gedcom([{ xref: 'X9', name: 'Rosa María /García/', uid }], { version: '7.0' })
    const job = await importThroughApi(t.app, user, seven)
    expect(job.report!.members).toEqual({ created: 0, updated: 1 })
    expect(names(await tree(user))).toEqual(['Luis García', 'Rosa María García'])
    // A different file that happens to reuse the xref, without the UID, is somebody else.
    expect((await importThroughApi(t.app, user, gedcom([{ xref: 'I0001', name: 'Marta /López/' }]))).report!.members.created).toBe(1)
  }, 120_000)

  it('brings an export back into its own tree as updates, and into another tree as new people once', async () => {
    const owner = await createTestUser(t.app)
    await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Yo', lastName: 'Mismo', isSelf: true } })
    await importThroughApi(t.app, owner, family(garcia))
    await importThroughApi(t.app, owner, family(lopez))
    const before = await tree(owner)
    for (const version of ['7.0', '5.5.1'] as const) {
      const text = await exportThroughApi(t.app, owner, version)
      expect(text).toMatch(version === '7.0' ? /^1 UID [0-9a-f-]{36}$/m : /^1 _UID [0-9A-F]{32}$/m)
      // Namespaces stay inside Legado: the file has the files' own xrefs.
      expect(text).not.toMatch(/@g[0-9a-f]{12}/)
      const home = await importThroughApi(t.app, owner, text)
      expect(home.report!.members).toEqual({ created: 0, updated: 0 })
      expect(home.report!.unions.created).toBe(0)

      const other = await createTestUser(t.app)
      expect((await importThroughApi(t.app, other, text)).report!.members.created).toBe(before.members.length)
      expect((await importThroughApi(t.app, other, text)).report!.members.created).toBe(0)
      // And back again from the other tree: still the same people.
      const back = await importThroughApi(t.app, owner, await exportThroughApi(t.app, other, version))
      expect(back.report!.members.created).toBe(0)
      expect(back.report!.unions.created).toBe(0)
    }
    expect(names(await tree(owner))).toEqual(names(before))
    // The original files still update their own people.
    expect((await importThroughApi(t.app, owner, family(garcia))).report!.members.created).toBe(0)
  }, 120_000)

  it('finds rows imported with a bare xref when their file comes again, and never from another file', async () => {
    const user = await createTestUser(t.app)
    const uidFile = gedcom(
      [
        { xref: 'E1', name: 'Eva /Mora/', uid: '9ead4205-5bad-4c05-91c1-0aecd3f5127d' },
        { xref: 'E2', name: 'Tomás /Mora/' },
      ],
      { version: '7.0' },
    )
    await importThroughApi(t.app, user, family(garcia))
    await importThroughApi(t.app, user, uidFile)
    // As an import before namespaces and UIDs left them: the xref alone.
    const bare: Record<string, string> = { Rosa: 'I1', Luis: 'I2', Ana: 'I3', Eva: 'E1', Tomás: 'E2' }
    for (const [firstName, sourceId] of Object.entries(bare))
      await t.db.updateTable('member').set({ sourceId }).where('ownerUserId', '=', user.id).where('firstName', '=', firstName).execute()
    await t.db.updateTable('familyUnion').set({ sourceId: 'F1' }).where('ownerUserId', '=', user.id).execute()

    for (const file of [family(garcia), uidFile]) {
      const again = await importThroughApi(t.app, user, file)
      expect(again.report).toMatchObject({ members: { created: 0, updated: 0 }, unions: { created: 0, updated: 0 }, links: { created: 0 } })
    }
    const other = await importThroughApi(t.app, user, family(lopez))
    expect(other.report!.members).toEqual({ created: 3, updated: 0 })
    const after = await tree(user)
    expect(names(after)).toEqual(['Ana García', 'Eva Mora', 'Inés López', 'Jorge López', 'Luis García', 'Marta López', 'Rosa García', 'Tomás Mora'])
    expect(after.unions).toHaveLength(2)
  }, 120_000)

  it('brings each person’s short biography and notes back to their own fields, in 7.0 and 5.5.1, and another program’s notes as before', async () => {
    const owner = await createTestUser(t.app)
    const people = [
      { firstName: 'Rosa', bioSummary: 'Maestra en Pasto.', notes: 'Partida de bautismo en la parroquia de San Juan.' },
      { firstName: 'Luis', bioSummary: '', notes: 'Dudas sobre su segundo apellido.' },
      { firstName: 'Ana', bioSummary: 'Cantaba boleros.', notes: '' },
      { firstName: 'Eva', bioSummary: 'Costurera.', notes: 'Costurera. Vivió en Ipiales.' },
    ]
    for (const person of people) {
      const added = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { ...person, lastName: 'Paz', relationshipToOwner: 'Prima' } })
      expect(added.statusCode, added.body).toBe(201)
    }
    const fields = (family: FamilyTree) => Object.fromEntries(family.members.map((m) => [m.firstName, { bioSummary: m.bioSummary, notes: m.notes }]))
    const expected = Object.fromEntries(people.map(({ firstName, ...rest }) => [firstName, rest]))
    for (const version of ['7.0', '5.5.1'] as const) {
      const file = await exportThroughApi(t.app, owner, version)
      expect(file).toContain('2 _LEGADO_SUMMARY Y')
      // Legado's own mark is read, not reported as a tag it skipped.
      expect((await previewThroughApi(t.app, owner, file)).json().skippedTags).not.toHaveProperty('_LEGADO_SUMMARY')
      const other = await createTestUser(t.app)
      expect((await importThroughApi(t.app, other, file)).status).toBe('done')
      expect(fields(await tree(other))).toEqual(expected)
    }
    // A file from another program: every note is a note, and the first is the biography too.
    const elsewhere = await createTestUser(t.app)
    const file = [
      '0 HEAD',
      '1 SOUR GRAMPS',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Rosa /Paz/',
      '1 NOTE Maestra.',
      '1 NOTE Nació en Pasto.',
      '0 TRLR',
      '',
    ].join('\n')
    await importThroughApi(t.app, elsewhere, file)
    expect(fields(await tree(elsewhere))).toEqual({ Rosa: { bioSummary: 'Maestra.', notes: 'Maestra.\n\nNació en Pasto.' } })
  }, 120_000)
})
