import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedBytes } from '../../lib/gedcom/test/shared-files.ts'
import { as, createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'
import { hasGramps, noticeMissingGramps, throughGramps } from './test/gramps.ts'

// A tree exported by Legado, read by Gramps (a real desktop program, from its command line) and
// exported by it, comes back into Legado as the same tree: every person, family, parent link with
// each parent's kind, date as written, marriage (with and without details), place and children's
// order. And Gramps's file brought back into the account it came from duplicates nobody.
// SQLite only: the database is not what this checks, and each Gramps run takes seconds.

noticeMissingSharedGedcom()
noticeMissingGramps()

// The torture test, remarriages and FamilySearch's examples with families. The large trees
// (royal92, pres2020) go through Gramps in seconds, but each adds about 30 s to this suite, and
// through 7.0 they only add dates Legado keeps as phrases, which Gramps 5.1 drops (it reads no PHRASE).
const sharedFiles = [
  'gedcom-5.5/torture-test/TGC551LF.ged',
  'gedcom-7.0/remarriage1.ged',
  'gedcom-7.0/familysearch-examples/remarriage2.ged',
  'gedcom-7.0/familysearch-examples/same-sex-marriage.ged',
  'gedcom-7.0/familysearch-examples/maximal70-tree1.ged',
]

// What the shared files lack: each parent's own kind, a marriage with nothing known, children
// neither alphabetical nor by birth, early years and an unknown sex.
const genealogist = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Jorge /Vidal/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE ABT 1920',
  '2 PLAC Pasto, Nariño, Colombia',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Marta /Sol/',
  '1 SEX F',
  '1 DEAT',
  '2 DATE 3 MAR 1990',
  '2 PLAC Quito',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I3@ INDI',
  '1 NAME Zoe /Sol/',
  '1 BIRT',
  '2 DATE 1960',
  '1 FAMC @F1@',
  '0 @I4@ INDI',
  '1 NAME Lucía /Vidal/',
  '1 SEX F',
  '1 FAMC @F1@',
  '0 @I5@ INDI',
  '1 NAME Ana /Vidal/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE BET 1950 AND 1952',
  '1 FAMC @F1@',
  '2 PEDI foster',
  '0 @I6@ INDI',
  '1 NAME Raúl /Sol/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 46',
  '1 FAMS @F2@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '2 _FREL Step',
  '2 _MREL Birth',
  '1 CHIL @I4@',
  '2 _FREL Birth',
  '2 _MREL Adopted',
  '1 CHIL @I5@',
  '1 MARR',
  '2 DATE 12 MAY 1948',
  '2 PLAC Ipiales',
  '0 @F2@ FAM',
  '1 HUSB @I6@',
  '1 WIFE @I2@',
  '1 MARR Y',
  '0 TRLR',
  '',
].join('\n')

/**
 * What Gramps 5.1 itself changes, which no file of ours can prevent: it rewrites the text of an
 * interpreted date, reads no 7.0 PHRASE, has no sex but male, female and unknown, and it writes a surname prefix (the torture test's `SPFX Le`, which the
 * file's NAME left out of its slashes) inside the NAME's slashes, where Legado reads the surname.
 * Differences are listed exactly, so a new one (or one of these going away) fails the test;
 * a renamed person is compared under their first name.
 */
const changedByGramps: Record<string, { renamed?: [string, string]; differences?: string[] }> = {
  'gedcom-5.5/torture-test/TGC551LF.ged': {
    renamed: ['Joseph Le Torture', 'Joseph Torture'],
    differences: [
      '5.5.1 people lost: William Joseph Torture ABT 1930 | Masculino |  | INT 1995 (from estimated age) |  | true',
      '5.5.1 people gained: William Joseph Torture ABT 1930 | Masculino |  | INT 1995 (from age) |  | true',
      '7.0 people lost: William Joseph Torture ABT 1930 | Masculino |  | INT 1995 (from estimated age) |  | true',
      '7.0 people gained: William Joseph Torture ABT 1930 | Masculino |  | 1995 |  | true',
    ],
  },
  'gedcom-7.0/familysearch-examples/maximal70-tree1.ged': {
    differences: ['5.5.1 people lost: N.N. N.N. | Otro |  |  |  | false', '7.0 people lost: N.N. N.N. | Otro |  |  |  | false'],
  },
}

/** The tree as comparable facts, without ids. */
function facts(tree: FamilyTree) {
  const who = new Map(tree.members.map((m) => [m.memberId, [m.firstName, m.lastName, m.birthDate ?? ''].join(' ').trim()]))
  const name = (id: string | null) => (id === null ? '?' : who.get(id)!)
  return {
    people: tree.members.map((m) => [who.get(m.memberId), m.gender, m.birthPlace, m.deathDate, m.deathPlace, m.isDeceased].join(' | ')).sort(),
    couples: tree.unions
      .map((u) =>
        [[name(u.firstPartnerId), name(u.secondPartnerId)].sort().join(' + '), u.isMarried ? 'married' : 'partners', u.marriageDate, u.marriagePlace, u.divorceDate].join(' | '),
      )
      .sort(),
    links: tree.members.flatMap((m) => m.parentLinks.map((l) => `${name(l.parentId)} → ${name(m.memberId)} (${l.kind})`)).sort(),
    childrenOrder: tree.unions
      .filter((u) => u.children.length > 1)
      .map((u) => `${[name(u.firstPartnerId), name(u.secondPartnerId)].sort().join(' + ')}: ${u.children.map((c) => name(c.childId)).join(', ')}`)
      .sort(),
  }
}

describe.skipIf(!hasSharedGedcom || !hasGramps)('GEDCOM through Gramps and back', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())
  const treeOf = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()

  const cases: [string, () => Buffer | string][] = [
    ['a genealogist’s family', () => genealogist],
    ...sharedFiles.map((file): [string, () => Buffer] => [file, () => readSharedBytes(file)]),
  ]

  it.concurrent.each(cases)(
    '%s comes back from Gramps, from both exports, as it went in',
    async (name, bytes) => {
      const owner = await createTestUser(t.app)
      expect((await importThroughApi(t.app, owner, bytes())).status).toBe('done')
      const original = facts(await treeOf(owner))
      const versions = ['5.5.1', '7.0'] as const
      const fromGramps = await Promise.all(versions.map(async (version) => (await throughGramps(await exportThroughApi(t.app, owner, version))).gedcom))
      // Every difference at once, as what went missing and what appeared, per version and facet.
      const differences: string[] = []
      for (const [index, gedcom] of fromGramps.entries()) {
        const copy = await createTestUser(t.app)
        const job = await importThroughApi(t.app, copy, gedcom)
        expect(job.status).toBe('done')
        const again = facts(await treeOf(copy))
        const renamed = changedByGramps[name]?.renamed
        if (renamed) for (const facet of Object.values(again)) facet.forEach((fact, at) => (facet[at] = fact.replaceAll(renamed[0], renamed[1])))
        for (const facet of Object.keys(original) as (keyof typeof original)[]) {
          for (const fact of original[facet]) if (!again[facet].includes(fact)) differences.push(`${versions[index]} ${facet} lost: ${fact}`)
          for (const fact of again[facet]) if (!original[facet].includes(fact)) differences.push(`${versions[index]} ${facet} gained: ${fact}`)
        }
      }
      expect(differences).toEqual(changedByGramps[name]?.differences ?? [])
      // Gramps keeps each record's _UID: its file brought back into the same account updates everyone.
      const again = await importThroughApi(t.app, owner, fromGramps[0]!)
      expect(again.report!.members.created).toBe(0)
      expect(again.report!.unions.created).toBe(0)
      const after = await treeOf(owner)
      expect([after.members.length, after.unions.length]).toEqual([original.people.length, original.couples.length])
    },
    120_000,
  )
})
