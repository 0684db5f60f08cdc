import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { importThroughApi, previewThroughApi } from './test/gedcom-api.ts'

// GEDZIP through the real API and the media feature: a .gdz brings each file its GEDCOM names in as
// media of its person (a family's file: of both partners, stored once), and reports by name every
// file it could not (missing, refused type, too large, a web address); a plain .ged reports its
// files as not included; a hostile zip is refused whole; the tree exports as a GEDZIP with the
// files, which imports again elsewhere.

const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 7.0',
  '0 @I1@ INDI',
  '1 NAME Rosa /Díaz/',
  '1 OBJE @O1@',
  '1 OBJE @O2@',
  '0 @I2@ INDI',
  '1 NAME Luis /Ruiz/',
  '1 OBJE @O3@',
  '1 OBJE @O4@',
  '1 OBJE @O5@',
  '1 OBJE @O6@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 OBJE @O7@',
  '0 @O1@ OBJE',
  '1 FILE media/rosa%20joven.png',
  '2 FORM image/png',
  '2 TITL Rosa a los veinte',
  '0 @O2@ OBJE',
  '1 FILE ./media/carta.txt',
  '2 FORM text/plain',
  '0 @O3@ OBJE',
  '1 FILE media/nada.jpg',
  '2 FORM image/jpeg',
  '0 @O4@ OBJE',
  '1 FILE media/programa.bin',
  '2 FORM application/octet-stream',
  '0 @O5@ OBJE',
  '1 FILE media/enorme.txt',
  '2 FORM text/plain',
  '0 @O6@ OBJE',
  '1 FILE https://example.org/luis.jpg',
  '2 FORM image/jpeg',
  '0 @O7@ OBJE',
  '1 FILE media/boda.png',
  '2 FORM image/png',
  '0 TRLR',
  '',
].join('\n')

const maxUploadBytes = 40_000

async function gedzip(): Promise<Uint8Array> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a05030' } })
    .png()
    .toBuffer()
  return zipSync({
    'gedcom.ged': strToU8(gedcom),
    'media/rosa joven.png': new Uint8Array(photo),
    'media/carta.txt': strToU8('Querida Rosa:\nTe escribo desde Pasto.\n'),
    'media/programa.bin': new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Array(200).fill(0)]),
    'media/enorme.txt': strToU8('palabra '.repeat(maxUploadBytes / 4)),
    'media/boda.png': new Uint8Array(photo),
  })
}

describe.each(testDatabases)('GEDZIP import and export, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database, { MAX_UPLOAD_BYTES: String(maxUploadBytes) })
  })
  afterAll(() => t.close())
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
  const mediaOf = async (user: TestUser, memberId: string) => (await as(t.app, user)({ method: 'GET', url: `/api/media?memberId=${memberId}` })).json().media

  it('brings each file in as media of its person, and names every file it could not bring, with why', async () => {
    const user = await createTestUser(t.app)
    const bytes = await gedzip()
    const preview = await previewThroughApi(t.app, user, bytes)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({ container: 'gdz', counts: { people: 2, families: 1, mediaReferences: 7 } })

    const job = await importThroughApi(t.app, user, bytes, 'arbol.gdz')
    expect(job.status, JSON.stringify(job)).toBe('done')
    expect(job.report!.members.created).toBe(2)
    expect(job.report!.media).toMatchObject({ attached: 3, alreadyThere: 0, moreSkipped: 0 })
    expect(job.report!.media!.skipped).toEqual(
      expect.arrayContaining([
        { file: 'media/nada.jpg', reason: 'missing', person: 'Luis Ruiz' },
        { file: 'media/programa.bin', reason: 'unsupported_type', person: 'Luis Ruiz' },
        { file: 'media/enorme.txt', reason: 'too_large', person: 'Luis Ruiz' },
        { file: 'https://example.org/luis.jpg', reason: 'outside', person: 'Luis Ruiz' },
      ]),
    )
    expect(job.report!.media!.skipped).toHaveLength(4)
    const members = (await tree(user)).members
    const [rosa, luis] = ['Rosa', 'Luis'].map((name) => members.find((m) => m.firstName === name)!)
    expect(rosa!.mediaAssetIds).toHaveLength(3)
    // The wedding photo is one file of both partners, captioned from its OBJE.
    const wedding = luis!.mediaAssetIds
    expect(wedding).toHaveLength(1)
    expect(rosa!.mediaAssetIds).toContain(wedding[0])
    expect((await mediaOf(user, luis!.memberId)).map((asset: { fileName: string }) => asset.fileName)).toEqual(['boda.png'])

    // The same GEDZIP again: nobody and no file twice.
    const again = await importThroughApi(t.app, user, bytes, 'arbol.gdz')
    expect(again.report!.members.created).toBe(0)
    expect(again.report!.media).toMatchObject({ attached: 0, alreadyThere: 3 })
    expect((await tree(user)).members.find((m) => m.firstName === 'Rosa')!.mediaAssetIds).toHaveLength(3)
  }, 120_000)

  it('reports the files of a plain .ged as not included', async () => {
    const user = await createTestUser(t.app)
    const preview = await previewThroughApi(t.app, user, gedcom)
    expect(preview.json().container).toBe('ged')
    const job = await importThroughApi(t.app, user, gedcom)
    expect(job.report!.media!.attached).toBe(0)
    expect(job.report!.media!.skipped.map((skipped) => [skipped.file, skipped.reason])).toContainEqual(['media/rosa%20joven.png', 'not_included'])
    expect(job.report!.media!.skipped.every((skipped) => skipped.reason === 'not_included')).toBe(true)
    expect(job.report!.media!.skipped).toHaveLength(7)
  }, 120_000)

  it('refuses a zip whose names climb out of it, and a zip without a .ged, before writing anything', async () => {
    const user = await createTestUser(t.app)
    const climbing = zipSync({ 'gedcom.ged': strToU8(gedcom), '../../etc/evil.txt': strToU8('x') })
    const refused = await previewThroughApi(t.app, user, climbing)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.code).toBe('portability.unsafe_archive')
    const empty = await previewThroughApi(t.app, user, zipSync({ 'notes.txt': strToU8('hola') }))
    expect(empty.statusCode).toBe(422)
    expect(empty.json().error.code).toBe('gedcom.no_gedcom_in_zip')
    expect((await tree(user)).members).toEqual([])
  }, 120_000)

  it('refuses a zip whose tree entry is damaged, found only as the reader thread unpacks it, in the error model', async () => {
    const user = await createTestUser(t.app)
    const whole = zipSync({ 'gedcom.ged': strToU8(gedcom.repeat(20)) })
    // A byte in the middle of the packed tree: the directory still reads, the entry's bytes do not.
    const damaged = whole.map((byte, at) => (at === 200 ? byte ^ 0x5a : byte))
    const preview = await previewThroughApi(t.app, user, damaged)
    expect(preview.statusCode, preview.body).toBe(422)
    expect(preview.json().error.code).toBe('portability.unsafe_archive')
    const job = await importThroughApi(t.app, user, damaged, 'arbol.gdz')
    expect(job.status).toBe('failed')
    expect(job.errorCode).toBe('portability.unsafe_archive')
    expect((await tree(user)).members).toEqual([])
  }, 120_000)

  it('exports a GEDZIP with every member’s files, which another account imports whole', async () => {
    const owner = await createTestUser(t.app)
    await importThroughApi(t.app, owner, await gedzip())
    const response = await as(t.app, owner)({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0&format=gdz' })
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    const entries = unzipSync(new Uint8Array(response.rawPayload))
    const text = strFromU8(entries['gedcom.ged']!)
    const files = [...text.matchAll(/^1 FILE (.+)$/gm)].map((match) => decodeURI(match[1]!))
    // Rosa's two files and the wedding photo both partners share, written once.
    expect(files).toHaveLength(3)
    for (const file of files) expect(Object.keys(entries)).toContain(file)
    const rosa = (await tree(owner)).members.find((m) => m.firstName === 'Rosa')!
    const stored = await mediaOf(owner, rosa.memberId)
    const letter = stored.find((asset: { fileName: string }) => asset.fileName === 'carta.txt')
    const content = await as(t.app, owner)({ method: 'GET', url: `/api/media/${letter.id}/content` })
    expect(Buffer.from(entries[files.find((file) => file.endsWith('carta.txt'))!]!)).toEqual(content.rawPayload)

    const other = await createTestUser(t.app)
    const job = await importThroughApi(t.app, other, response.rawPayload, 'legado.gdz')
    expect(job.report!.members.created).toBe(2)
    expect(job.report!.media).toMatchObject({ skipped: [] })
    const theirs = (await tree(other)).members
    const [herFiles, hisFiles] = ['Rosa', 'Luis'].map((name) => theirs.find((m) => m.firstName === name)!.mediaAssetIds)
    expect(herFiles).toHaveLength(3)
    expect(hisFiles).toHaveLength(1)
    expect(herFiles).toContain(hisFiles![0])

    expect((await as(t.app, owner)({ method: 'GET', url: '/api/family-tree/gedcom?version=5.5.1&format=gdz' })).statusCode).toBe(400)
  }, 120_000)
})
