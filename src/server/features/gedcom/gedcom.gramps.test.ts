import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedBytes } from '../../lib/gedcom/test/shared-files.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { hasGramps, noticeMissingGramps } from './test/gramps.ts'
import { roundTripThroughGramps } from './test/gramps-round-trip.ts'

// A tree exported by Legado, read by Gramps (a real desktop program, from its command line) and
// exported by it, comes back into Legado as the same tree: every person, family, parent link with
// each parent's kind, date as written, marriage (with and without details), place and children's
// order. And Gramps's file brought back into the account it came from duplicates nobody.
// SQLite only: the database is not what this checks, and each Gramps run takes seconds.

noticeMissingSharedGedcom()
noticeMissingGramps()

// The torture test, remarriages and FamilySearch's examples with families. The large trees
// (royal92, pres2020) take the same round trip in gedcom.gramps-large.test.ts, a file of their
// own so that vitest runs their minutes beside this suite rather than after it.
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
    differences: [
      '5.5.1 people lost: N.N. N.N. | Otro |  |  |  | false',
      '5.5.1 people gained: N.N. N.N. |  |  |  |  | false',
      '7.0 people lost: N.N. N.N. | Otro |  |  |  | false',
      '7.0 people gained: N.N. N.N. |  |  |  |  | false',
    ],
  },
}

describe.skipIf(!hasSharedGedcom || !hasGramps)('GEDCOM through Gramps and back', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  const cases: [string, () => Buffer | string][] = [
    ['a genealogist’s family', () => genealogist],
    ...sharedFiles.map((file): [string, () => Buffer] => [file, () => readSharedBytes(file)]),
  ]

  it.concurrent.each(cases)(
    '%s comes back from Gramps, from both exports, as it went in',
    async (name, bytes) => {
      const { differences } = await roundTripThroughGramps(t, bytes(), { renamed: changedByGramps[name]?.renamed })
      expect(differences).toEqual(changedByGramps[name]?.differences ?? [])
    },
    // A few seconds of Gramps alone, but its runs wait their turn beside the large trees' file.
    300_000,
  )
})
