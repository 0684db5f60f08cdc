import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gedcom7Errors } from '../../lib/gedcom/test/validate-gedcom7.ts'
import { createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { citationsOf, inOrder } from './test/citations.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'

// The citations other programs write under a person's name, birth, death, burial, occupation and
// residence and a couple's marriage, with their page, data, quality, note and file, are kept as
// they are (ADR 0028): exported in either version, imported elsewhere and exported again, each
// one reads the same. An import never turns them into anything else.

describe.each(testDatabases)('citations from other programs, kept through import and export, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  /** A file another program wrote, citing its sources under each kind of structure, with what citations may hold. */
  const otherProgram = (version: '5.5.1' | '7.0') =>
    [
      '0 HEAD',
      '1 GEDC',
      `2 VERS ${version}`,
      ...(version === '5.5.1' ? ['2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'] : []),
      '0 @I1@ INDI',
      '1 NAME Carmen /López/',
      '2 NICK Menchu',
      '2 SOUR @S1@',
      '3 PAGE Libro 2, folio 40',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 3 FEB 1901',
      '2 PLAC Cuenca',
      '2 SOUR @S1@',
      '3 PAGE Libro 2, folio 41',
      '3 DATA',
      '4 DATE 5 FEB 1901',
      '4 TEXT Carmen, hija legítima de José López',
      '3 QUAY 3',
      '3 NOTE Letra difícil de leer.',
      ...(version === '5.5.1' ? ['3 OBJE', '4 FILE actas/carmen.jpg', '4 FORM jpg'] : ['3 OBJE @O1@']),
      '1 DEAT',
      '2 DATE 1980',
      '2 SOUR @S2@',
      '3 PAGE Acta 112',
      '1 BURI',
      '2 PLAC Cementerio de Cuenca',
      '2 SOUR @S2@',
      '3 PAGE Acta 113',
      '1 OCCU Modista',
      '2 SOUR @S2@',
      '3 PAGE Censo de 1950',
      '3 DATA',
      '4 TEXT profesión: modista',
      '1 RESI',
      '2 PLAC Guayaquil',
      '2 SOUR @S2@',
      '3 PAGE Censo de 1950, hoja 7',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Pedro /Vega/',
      '1 SEX M',
      '1 FAMS @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I2@',
      '1 WIFE @I1@',
      '1 MARR',
      '2 DATE 1925',
      '2 SOUR @S1@',
      '3 PAGE Libro de matrimonios, 12',
      '3 DATA',
      '4 DATE 1925',
      '4 TEXT Se unieron en matrimonio Pedro Vega y Carmen López',
      '0 @S1@ SOUR',
      '1 TITL Parroquia de Cuenca',
      '1 AUTH Padre Ruiz',
      '0 @S2@ SOUR',
      '1 TITL Registro civil del Azuay',
      ...(version === '7.0' ? ['0 @O1@ OBJE', '1 FILE actas/carmen.jpg', '2 FORM image/jpeg'] : []),
      '0 TRLR',
    ].join('\n')

  it.each(['5.5.1', '7.0'] as const)(
    'keeps the citations of a %s file from another program, and writes them back in both versions as they were',
    async (version) => {
      const user = await createTestUser(t.app)
      const file = otherProgram(version)
      const job = await importThroughApi(t.app, user, file)
      expect(job.status).toBe('done')
      const cited = inOrder(citationsOf(file))
      expect(cited).toHaveLength(7)
      for (const again of ['7.0', '5.5.1'] as const) {
        const text = await exportThroughApi(t.app, user, again)
        expect(inOrder(citationsOf(text)), `${version} → ${again}`).toEqual(cited)
        for (const line of ['3 QUAY 3', 'Letra difícil de leer.', '1 AUTH Padre Ruiz']) expect(text, `${version} → ${again}: ${line}`).toContain(line)
        if (again === '7.0') expect(gedcom7Errors(text)).toEqual([])
        // And once more through another account: nothing is lost on the second pass.
        const other = await createTestUser(t.app)
        expect((await importThroughApi(t.app, other, text)).status).toBe('done')
        expect(inOrder(citationsOf(await exportThroughApi(t.app, other, again))), `${version} → ${again} → ${again}`).toEqual(cited)
      }
    },
    180_000,
  )
})
