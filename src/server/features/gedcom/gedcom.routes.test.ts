import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { gedcomUpload } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi, previewThroughApi } from './test/gedcom-api.ts'

// The GEDCOM routes through the real API on a real database: preview writes nothing, an import
// adds and never deletes, a second import of the same file updates instead of duplicating, the
// export holds what was imported, and another user's import does not exist.

const family = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Rosa /Díaz/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE ABT 1920',
  '2 PLAC Pasto, Nariño, Colombia',
  '1 NOTE Cantaba boleros en la cocina.',
  '2 CONT Y bailaba.',
  '1 FAMS @F1@',
  '1 _MILITARY yes',
  '0 @I2@ INDI',
  '1 NAME Luis /Ruiz/',
  '1 SEX M',
  '1 DEAT',
  '2 DATE 3 MAR 1990',
  '2 PLAC Quito',
  '1 FAMS @F1@',
  '1 OCCU Carpintero',
  '0 @I3@ INDI',
  '1 NAME Ana /Ruiz Díaz/',
  '1 FAMC @F1@',
  '0 @I4@ INDI',
  '1 NAME Pedro /Ruiz Díaz/',
  '1 FAMC @F1@',
  '2 PEDI adopted',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 CHIL @I3@',
  '1 CHIL @I4@',
  '1 MARR',
  '2 DATE BET 1940 AND 1942',
  '2 PLAC Ipiales',
  '0 TRLR',
  '',
].join('\r\n')

const byName = (tree: FamilyTree, first: string) => tree.members.find((m) => m.firstName === first)!

describe.each(testDatabases)('GEDCOM import and export, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('previews counts and warnings without writing anything', async () => {
    const response = await previewThroughApi(t.app, owner, family)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ version: '5.5.1', encoding: 'UTF-8', counts: { people: 4, families: 1, notes: 1, mediaReferences: 0 } })
    expect(response.json().keptTags).toMatchObject({ _MILITARY: 1, OCCU: 1 })
    expect((await tree(owner)).members).toEqual([])
  })

  it('imports people, the couple, the children with their kind, dates and places as written, and a report', async () => {
    await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Yo', lastName: 'Mismo', isSelf: true } })
    const job = await importThroughApi(t.app, owner, family)
    expect(job.status).toBe('done')
    expect(job.progress).toBe(100)
    expect(job.report).toMatchObject({ members: { created: 4, updated: 0 }, unions: { created: 1, updated: 0 }, links: { created: 4, updated: 0 } })
    expect(job.report!.keptTags).toMatchObject({ _MILITARY: 1, OCCU: 1 })

    const after = await tree(owner)
    expect(after.members).toHaveLength(5)
    expect(byName(after, 'Yo').isSelf).toBe(true)
    const rosa = byName(after, 'Rosa')
    expect(rosa).toMatchObject({
      lastName: 'Díaz',
      gender: 'Femenino',
      birthPlace: 'Pasto, Nariño, Colombia',
      relationshipToOwner: '',
      sourceId: expect.stringMatching(/^g[0-9a-f]{12}:I1$/),
      notes: 'Cantaba boleros en la cocina.\nY bailaba.',
    })
    expect(rosa.bioSummary).toBe(rosa.notes)
    expect(rosa.birthDate).not.toBeNull()
    const luis = byName(after, 'Luis')
    expect(luis).toMatchObject({ gender: 'Masculino', isDeceased: true, deathPlace: 'Quito' })
    expect(luis.deathDate).toBe('1990-03-03')
    const [union] = after.unions
    expect(union).toMatchObject({ marriagePlace: 'Ipiales', sourceId: expect.stringMatching(/^g[0-9a-f]{12}:F1$/) })
    expect(new Set([union!.firstPartnerId, union!.secondPartnerId])).toEqual(new Set([luis.memberId, rosa.memberId]))
    expect(byName(after, 'Pedro').parentLinks.map((l) => l.kind)).toEqual(['adopted', 'adopted'])
    expect(byName(after, 'Ana').parentMemberIds.sort()).toEqual([luis.memberId, rosa.memberId].sort())
  })

  it('updates instead of duplicating when the same file comes again', async () => {
    const job = await importThroughApi(t.app, owner, family)
    expect(job.status).toBe('done')
    expect(job.report).toMatchObject({ members: { created: 0 }, unions: { created: 0 }, links: { created: 0 } })
    const after = await tree(owner)
    expect(after.members).toHaveLength(5)
    expect(after.unions).toHaveLength(1)
  })

  it('exports 7.0 and 5.5.1 files that import back to the same people, couple and links', async () => {
    for (const version of ['7.0', '5.5.1'] as const) {
      const text = await exportThroughApi(t.app, owner, version)
      expect(text.startsWith('\uFEFF0 HEAD')).toBe(true)
      expect(text.trimEnd().endsWith('0 TRLR')).toBe(true)
      expect(text).toContain(version === '7.0' ? '2 VERS 7.0' : '1 CHAR UTF-8')
      expect(text).toContain('0 @I1@ INDI')
      const copy = await createTestUser(t.app)
      const job = await importThroughApi(t.app, copy, text)
      expect(job.status).toBe('done')
      const original = await tree(owner)
      const again = await tree(copy)
      const shape = (value: FamilyTree) =>
        value.members
          .map((m) => [
            m.firstName,
            m.lastName,
            m.gender,
            m.birthDate,
            m.birthPlace,
            m.deathDate,
            m.deathPlace,
            m.isDeceased,
            m.parentLinks
              .map((l) => `${byId(value, l.parentId)}:${l.kind}`)
              .sort()
              .join(),
          ])
          .sort()
      const byId = (value: FamilyTree, id: string) => value.members.find((m) => m.memberId === id)?.firstName
      expect(shape(again)).toEqual(shape(original))
      expect(again.unions.map((u) => [u.marriageDate, u.marriagePlace])).toEqual(original.unions.map((u) => [u.marriageDate, u.marriagePlace]))
    }
  })

  it('answers another user 404 for an import that is not theirs', async () => {
    const job = await importThroughApi(t.app, owner, family)
    const response = await as(t.app, stranger)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${job.id}` })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
  })

  it('refuses what is not GEDCOM, a missing file and a JSON body with a clear 4xx, and reads hostile files with warnings', async () => {
    const notGedcom = await previewThroughApi(t.app, owner, '\u0089PNG\r\n\u001a\nnot a family tree at all')
    expect(notGedcom.statusCode).toBe(422)
    expect(notGedcom.json().error.code).toBe('gedcom.not_gedcom')
    const failed = await importThroughApi(t.app, owner, 'hello world')
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'gedcom.not_gedcom' })

    const wrongField = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/gedcom?preview=1', ...gedcomUpload(family, { field: 'other' }) })
    expect(wrongField.statusCode).toBe(400)
    const json = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/gedcom', payload: { file: family } })
    expect(json.statusCode).toBe(415)

    const truncated = await previewThroughApi(t.app, owner, family.slice(0, family.indexOf('0 @I3@')))
    expect(truncated.statusCode).toBe(200)
    expect(truncated.json().warnings.map((w: { code: string }) => w.code)).toContain('missing_trailer')
    const hugeLine = await previewThroughApi(t.app, owner, family.replace('1 NOTE Cantaba', `1 NOTE ${'x'.repeat(2_000_000)}`))
    expect(hugeLine.statusCode).toBe(200)
    const latin1 = Buffer.from(family.replace('1 CHAR UTF-8', '1 CHAR ANSI'), 'latin1')
    const wrongEncoding = await previewThroughApi(t.app, owner, latin1)
    expect(wrongEncoding.statusCode).toBe(200)
    expect(wrongEncoding.json().counts.people).toBe(4)
  })
})

describe('the size limit of a GEDCOM file', () => {
  it('answers 413 payload_too_large past GEDCOM_MAX_BYTES, and imports nothing', async () => {
    const t = await createTestApp('sqlite', { GEDCOM_MAX_BYTES: '200' })
    try {
      const user = await createTestUser(t.app)
      const response = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(family) })
      expect(response.statusCode).toBe(413)
      // The GEDCOM route's own limit, not the media files' 5 MB.
      expect(response.json().error).toMatchObject({ code: 'payload_too_large', maxBytes: 200 })
      expect((await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json().members).toEqual([])
    } finally {
      await t.close()
    }
  })
})
