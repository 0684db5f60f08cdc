import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi, previewThroughApi } from './test/gedcom-api.ts'
import { keptFile as file, keptStructures as structures } from './test/kept-file.ts'

// What a file holds that Legado does not show (sources, burials, occupations, coordinates, a
// name's title…) survives import → export → import, in both versions; the report says it was kept;
// a deleted member takes it along, and a field edited in Legado is written from Legado's value.

describe.each(testDatabases)('GEDCOM structures kept without being shown, on %s', (database) => {
  let t: TestApp
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
  const byName = (value: FamilyTree, firstName: string) => value.members.find((member) => member.firstName === firstName)!

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('says in the preview and the report what is kept without being shown, per tag', async () => {
    const user = await createTestUser(t.app)
    const preview = (await previewThroughApi(t.app, user, file)).json()
    expect(preview.keptTags).toEqual({ NPFX: 1, NICK: 1, NAME: 1, MAP: 1, SOUR: 4, OCCU: 1, RESI: 1, REFN: 1, _MILITARY: 1, BURI: 1, EVEN: 1, REPO: 1 })
    expect(preview.skippedTags).toEqual({})
    const job = await importThroughApi(t.app, user, file)
    expect(job.report!.keptTags).toEqual(preview.keptTags)
  })

  it('takes someone whose only sign of death is a burial as deceased', async () => {
    const user = await createTestUser(t.app)
    await importThroughApi(t.app, user, file)
    expect(byName(await tree(user), 'Luis').isDeceased).toBe(true)
  })

  it('writes every kept structure back in both versions, and they survive another import and export', async () => {
    const user = await createTestUser(t.app)
    await importThroughApi(t.app, user, file)
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = await exportThroughApi(t.app, user, version)
      for (const line of structures) expect(text, `${version}: ${line}`).toContain(line)
      expect(text).toContain('1 NAME Dr. Rosa "Rosita" /Díaz/')
      expect(text).toContain('2 SOUR @S1@')
      const copy = await createTestUser(t.app)
      expect((await importThroughApi(t.app, copy, text)).status).toBe('done')
      const again = await exportThroughApi(t.app, copy, version)
      for (const line of structures) expect(again, `${version} again: ${line}`).toContain(line)
      expect(again.split('1 OCCU Maestra').length).toBe(2)
    }
  })

  it('keeps them once when the same file comes again', async () => {
    const user = await createTestUser(t.app)
    await importThroughApi(t.app, user, file)
    await importThroughApi(t.app, user, file)
    const text = await exportThroughApi(t.app, user, '7.0')
    expect(text.split('1 OCCU Maestra').length).toBe(2)
    expect(text.split('0 @S1@ SOUR').length).toBe(2)
  })

  it('drops a deleted member’s kept structures and the source only they cited; writes an edited place without the old coordinates', async () => {
    const user = await createTestUser(t.app)
    await importThroughApi(t.app, user, file)
    const before = await tree(user)
    const deleted = await as(t.app, user)({ method: 'DELETE', url: `/api/family-tree/members/${byName(before, 'Luis').memberId}` })
    expect(deleted.statusCode).toBe(200)
    const edited = await as(t.app, user)({ method: 'PATCH', url: `/api/family-tree/members/${byName(before, 'Rosa').memberId}`, payload: { birthPlace: 'Túquerres' } })
    expect(edited.statusCode, edited.body).toBe(200)
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = await exportThroughApi(t.app, user, version)
      expect(text).not.toContain('1 BURI')
      expect(text).not.toContain('Registro del cementerio')
      expect(text).toContain('2 PLAC Túquerres')
      expect(text).not.toContain('LATI')
      expect(text).toContain('1 OCCU Maestra')
      expect(text).toContain('1 TITL Parroquia de Pasto, libro 3')
    }
  })

  it('writes each note once, and a note another program added about lines it ignored does not come back into the notes', async () => {
    const user = await createTestUser(t.app)
    const twoNotes = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Ana /Núñez/', '1 NOTE Primera nota.', '1 NOTE Segunda nota.', '0 TRLR'].join('\n')
    await importThroughApi(t.app, user, twoNotes)
    const ana = byName(await tree(user), 'Ana')
    expect(ana).toMatchObject({ notes: 'Primera nota.\n\nSegunda nota.', bioSummary: 'Primera nota.' })
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = await exportThroughApi(t.app, user, version)
      expect(text.split('Primera nota.').length, version).toBe(2)
      expect(text.split('Segunda nota.').length, version).toBe(2)
      // What Gramps 5.1 makes of the mark it does not know: a note of its own on the person.
      const throughGramps = text.replace(
        '0 TRLR',
        [
          '1 NOTE Records not imported into INDI (individual) Gramps ID I0001:',
          '2 CONT',
          '2 CONT Line ignored as not understood                                      Line    15: 2 _LEGADO_SUMMARY NOTE',
          '0 TRLR',
        ].join('\n'),
      )
      const copy = await createTestUser(t.app)
      await importThroughApi(t.app, copy, throughGramps)
      expect(byName(await tree(copy), 'Ana')).toMatchObject({ notes: ana.notes, bioSummary: ana.bioSummary })
    }
  })

  it('writes a name part the file left empty as empty, not as N.N., and a name’s title, suffix, nickname, prefix, type and other names as the file had them', async () => {
    const user = await createTestUser(t.app)
    const names = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME /Zieliński/',
      '0 @I2@ INDI',
      '1 NAME Núñez',
      '0 @I3@ INDI',
      '1 NAME Sir Juan /de la Vega/ III',
      '2 NPFX Sir',
      '2 GIVN Juan',
      '2 SPFX de la',
      '2 SURN Vega',
      '2 NSFX III',
      '2 TYPE birth',
      '1 NAME Juanito /Vega/',
      '2 TYPE aka',
      '0 TRLR',
    ].join('\n')
    await importThroughApi(t.app, user, names)
    const imported = await tree(user)
    expect(imported.members.map((member) => [member.firstName, member.lastName]).sort()).toEqual(
      [
        ['N.N.', 'Zieliński'],
        ['Núñez', 'N.N.'],
        ['Juan', 'de la Vega'],
      ].sort(),
    )
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = await exportThroughApi(t.app, user, version)
      expect(text).not.toContain('N.N.')
      expect(text).toContain('1 NAME /Zieliński/')
      expect(text).toContain('1 NAME Núñez\n')
      // 7.0 spells a name's type from its list, in capitals.
      const types = version === '7.0' ? ['2 TYPE BIRTH', '2 TYPE AKA'] : ['2 TYPE birth', '2 TYPE aka']
      for (const line of ['1 NAME Sir Juan /de la Vega/ III', '2 NPFX Sir', '2 SPFX de la', '2 NSFX III', '1 NAME Juanito /Vega/', ...types])
        expect(text, `${version}: ${line}`).toContain(line)
      const copy = await createTestUser(t.app)
      await importThroughApi(t.app, copy, text)
      expect((await tree(copy)).members.map((member) => [member.firstName, member.lastName]).sort()).toEqual(
        imported.members.map((member) => [member.firstName, member.lastName]).sort(),
      )
    }
  })
})
