import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedBytes, sharedFileCounts } from '../../lib/gedcom/test/shared-files.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { expectReadsAgreeWithTree } from '../../test/tree-reads.ts'
import { exportThroughApi, importThroughApi, previewThroughApi } from './test/gedcom-api.ts'

// Every public GEDCOM file (../shared/gedcom, beside the repository) through the real API: each
// previews and imports with its people and families, and the big and the tricky ones come back
// from our own export with every person, family and parent link.

noticeMissingSharedGedcom()

const roundTrips = [
  'gedcom-5.5/large/royal92.ged',
  'gedcom-5.5/large/pres2020.ged',
  'gedcom-5.5/torture-test/TGC551.ged',
  'gedcom-5.5/torture-test/TGC551LF.ged',
  'gedcom-5.5/torture-test/TGC55C.ged',
  'gedcom-5.5/torture-test/TGC55CLF.ged',
  'gedcom-7.0/maximal70.ged',
]

/** The tree as comparable facts, without ids: who each person is, each couple, each parent link with its kind. */
function shape(tree: FamilyTree) {
  const who = new Map(tree.members.map((m) => [m.memberId, [m.firstName, m.lastName, m.birthDate, m.birthPlace, m.deathDate, m.deathPlace, m.gender].join('|')]))
  return {
    people: tree.members.map((m) => who.get(m.memberId)!).sort(),
    couples: tree.unions.map((u) => [who.get(u.firstPartnerId ?? ''), who.get(u.secondPartnerId ?? ''), u.marriageDate, u.marriagePlace].join(' + ')).sort(),
    links: tree.members.flatMap((m) => m.parentLinks.map((l) => `${who.get(l.parentId)} → ${who.get(m.memberId)} (${l.kind})`)).sort(),
  }
}

describe.skipIf(!hasSharedGedcom).each(testDatabases)('public GEDCOM files through the API, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())
  const treeOf = async (user: Awaited<ReturnType<typeof createTestUser>>): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()

  it.each(Object.entries(sharedFileCounts))(
    '%s previews and imports with its people and families',
    async (file, [people, families]) => {
      const user = await createTestUser(t.app)
      const bytes = readSharedBytes(file)
      const preview = await previewThroughApi(t.app, user, bytes)
      expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200)
      expect(preview.json().counts).toMatchObject({ people, families })
      const job = await importThroughApi(t.app, user, bytes)
      expect(job.status, JSON.stringify(job).slice(0, 500)).toBe('done')
      expect(job.report!.members).toEqual({ created: people, updated: 0 })
      expect(job.report!.problems.filter((p) => p.item === 'member' && p.outcome === 'skipped')).toEqual([])
      const tree = await treeOf(user)
      expect(tree.members).toHaveLength(people)
      expect(tree.unions).toHaveLength(families)
      // The tree page reads parts of it (views, the index, members by ids): each as the whole tree has it.
      await expectReadsAgreeWithTree(as(t.app, user), tree)
    },
    120_000,
  )

  it.each(roundTrips)(
    '%s comes back from GEDCOM 7.0 and 5.5.1 exports with every person, family and link',
    async (file) => {
      const user = await createTestUser(t.app)
      expect((await importThroughApi(t.app, user, readSharedBytes(file))).status).toBe('done')
      const original = shape(await treeOf(user))
      expect(original.people.length).toBe(sharedFileCounts[file]![0])
      for (const version of ['7.0', '5.5.1'] as const) {
        const copy = await createTestUser(t.app)
        const job = await importThroughApi(t.app, copy, await exportThroughApi(t.app, user, version))
        expect(job.status).toBe('done')
        const again = shape(await treeOf(copy))
        // 5.5.1 has no X: someone who fits neither M nor F comes back unspecified.
        expect(again.people).toEqual(version === '5.5.1' ? original.people.map((person) => person.replace(/\|Otro$/, '|')).sort() : original.people)
        expect(again.couples).toEqual(original.couples)
        expect(again.links).toEqual(original.links)
      }
      // The same file again into the same tree updates: nobody is duplicated.
      const second = await importThroughApi(t.app, user, readSharedBytes(file))
      expect(second.report!.members.created).toBe(0)
      expect((await treeOf(user)).members).toHaveLength(original.people.length)
    },
    180_000,
  )
})
