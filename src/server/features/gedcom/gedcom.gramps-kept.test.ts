import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { hasGramps, noticeMissingGramps, throughGramps } from './test/gramps.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'

// Legado → Gramps 5.1 → Legado: each note once, names with their titles and nicknames, accented
// names unharmed, and what Legado keeps without showing it (a burial, sources, coordinates, an
// occupation) all come back.

noticeMissingGramps()

const file = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Dr. Rosa "Rosita" /Núñez/',
  '2 GIVN Rosa',
  '2 SURN Núñez',
  '2 NPFX Dr.',
  '2 NICK Rosita',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 12 MAR 1920',
  '2 PLAC Pasto',
  '3 MAP',
  '4 LATI N1.2136',
  '4 LONG W77.2811',
  '2 SOUR @S1@',
  '3 PAGE folio 12',
  '1 OCCU Maestra',
  '1 NOTE Cantaba boleros.',
  '1 NOTE Bailaba cumbia.',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Jan /Zieliński/',
  '1 SEX M',
  '1 BURI',
  '2 PLAC Cementerio de Quito',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '0 @S1@ SOUR',
  '1 TITL Parroquia de Pasto, libro 3',
  '0 TRLR',
].join('\n')

describe.skipIf(!hasGramps).each(testDatabases)('a round trip through Gramps of what Legado keeps, on %s', (database) => {
  let t: TestApp
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
  const byName = (value: FamilyTree, firstName: string) => value.members.find((member) => member.firstName === firstName)!

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it.each(['7.0', '5.5.1'] as const)(
    'a %s export comes back from Gramps with each note once, the names, the burial, the source and the coordinates',
    async (version) => {
      const user = await createTestUser(t.app)
      await importThroughApi(t.app, user, file)
      const rosa = byName(await tree(user), 'Rosa')
      const gramps = await throughGramps(await exportThroughApi(t.app, user, version))
      // Gramps read the accents as UTF-8 (no "NÃºÃ±ez") and wrote each note once.
      expect(gramps.gedcom).toContain('/Núñez/')
      expect(gramps.gedcom).toContain('/Zieliński/')
      expect(gramps.gedcom.split('Cantaba boleros.').length).toBe(2)

      const back = await createTestUser(t.app)
      expect((await importThroughApi(t.app, back, gramps.gedcom)).status).toBe('done')
      const after = await tree(back)
      expect(byName(after, 'Rosa')).toMatchObject({ lastName: 'Núñez', notes: rosa.notes, bioSummary: rosa.bioSummary })
      expect(byName(after, 'Jan')).toMatchObject({ lastName: 'Zieliński', isDeceased: true })
      const again = await exportThroughApi(t.app, back, '5.5.1')
      for (const line of ['2 NPFX Dr.', '2 NICK Rosita', '1 OCCU Maestra', '1 BURI', 'Cementerio de Quito', 'Parroquia de Pasto, libro 3', 'N1.2136'])
        expect(again, line).toContain(line)
    },
    180_000,
  )
})
