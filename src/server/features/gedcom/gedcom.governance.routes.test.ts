import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { GedcomImportJob } from '../../../shared/contracts/gedcom.ts'
import { generateTree, generatedGedcomText } from '../../lib/gedcom/test/generate-tree.ts'
import { gedcomUpload } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { importThroughApi, previewThroughApi } from './test/gedcom-api.ts'

// What keeps one person's GEDCOM file from holding the server: the upload waits on disk and is
// removed, the reader has bounded memory and time, people and families are counted against the
// tree's limits, previews and imports are limited per person, an import can be cancelled, and
// the preview names at most 100 tags per list.

/** A GEDCOM file of `people` people, each `I<n>`, with `extra` lines at the end of each person. */
function gedcomOf(people: number, extra: (n: number) => string[] = () => [], prefix = 'I') {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8']
  for (let n = 1; n <= people; n += 1) lines.push(`0 @${prefix}${n}@ INDI`, `1 NAME Persona${n} /Paz/`, ...extra(n))
  return [...lines, '0 TRLR', ''].join('\n')
}

const leftInImports = (t: TestApp) => {
  try {
    return readdirSync(path.join(t.dataDir, 'imports')).filter((name) => name.startsWith('gedcom-'))
  } catch {
    return []
  }
}

describe.each(testDatabases)('a governed GEDCOM import on %s', (database) => {
  let t: TestApp
  afterEach(() => t?.close())

  it('refuses a file with more people than a tree may hold (413) in the preview and the import, and an import that would fill the tree past it (422)', async () => {
    t = await createTestApp(database, { TREE_MAX_MEMBERS: '5' })
    const rosa = await createTestUser(t.app)
    const tooMany = await previewThroughApi(t.app, rosa, gedcomOf(6))
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json().error.code).toBe('gedcom.too_many_people')
    expect(await importThroughApi(t.app, rosa, gedcomOf(6))).toMatchObject({ status: 'failed', errorCode: 'gedcom.too_many_people' })

    expect(await importThroughApi(t.app, rosa, gedcomOf(4))).toMatchObject({ status: 'done' })
    // The same file again only updates its four people: it fits.
    expect(await importThroughApi(t.app, rosa, gedcomOf(4))).toMatchObject({ status: 'done' })
    // Three others would make seven.
    expect(
      await importThroughApi(
        t.app,
        rosa,
        gedcomOf(3, () => [], 'P'),
      ),
    ).toMatchObject({ status: 'failed', errorCode: 'limit.members_per_tree' })
    const tree = (await as(t.app, rosa)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(tree.members).toHaveLength(4)
    // Every upload waited on disk and was removed.
    expect(leftInImports(t)).toEqual([])
  }, 120_000)

  it('stops a reader that needs more memory than it is given, and answers 413 gedcom.too_complex', async () => {
    t = await createTestApp(database, { GEDCOM_READER_MEMORY_MB: '64' })
    const rosa = await createTestUser(t.app)
    const big = generatedGedcomText(generateTree(40_000))
    const refused = await previewThroughApi(t.app, rosa, big)
    expect(refused.statusCode, refused.body.slice(0, 200)).toBe(413)
    expect(refused.json().error.code).toBe('gedcom.too_complex')
    // The server is unharmed: a small file still reads.
    expect((await previewThroughApi(t.app, rosa, gedcomOf(2))).statusCode).toBe(200)
    expect(leftInImports(t)).toEqual([])
  }, 120_000)

  it('limits previews per person and hour, and imports to one at a time per person, which can be cancelled', async () => {
    t = await createTestApp(database, { GEDCOM_RATE_LIMIT_PER_HOUR: '3' })
    const rosa = await createTestUser(t.app)
    const luis = await createTestUser(t.app)
    for (let n = 0; n < 3; n += 1) expect((await previewThroughApi(t.app, rosa, gedcomOf(1))).statusCode).toBe(200)
    const third = await previewThroughApi(t.app, rosa, gedcomOf(1))
    expect(third.statusCode).toBe(429)
    expect(third.json().error.code).toBe('rate_limited')
    // Luis has his own count.
    expect((await previewThroughApi(t.app, luis, gedcomOf(1))).statusCode).toBe(200)

    const big = generatedGedcomText(generateTree(5_000))
    const first = await as(t.app, rosa)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(big) })
    expect(first.statusCode).toBe(202)
    const second = await as(t.app, rosa)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(gedcomOf(1)) })
    expect(second.statusCode).toBe(429)
    expect(second.json().error.code).toBe('job.too_many')

    const id = (first.json().job as GedcomImportJob).id
    // Another person cannot cancel it: it is not theirs.
    expect((await as(t.app, luis)({ method: 'DELETE', url: `/api/family-tree/gedcom/imports/${id}` })).statusCode).toBe(404)
    const cancelled = await as(t.app, rosa)({ method: 'DELETE', url: `/api/family-tree/gedcom/imports/${id}` })
    expect(cancelled.statusCode).toBe(200)
    let job = cancelled.json().job as GedcomImportJob
    for (let wait = 0; job.status !== 'failed' && job.status !== 'done' && wait < 400; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      job = (await as(t.app, rosa)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${id}` })).json().job
    }
    expect(job).toMatchObject({ status: 'failed', errorCode: 'job.cancelled' })
    // Once it has ended, another import of hers may start (her third this hour: the refused one counted).
    expect(await importThroughApi(t.app, rosa, gedcomOf(1))).toMatchObject({ status: 'done' })
  }, 120_000)

  it('names the 100 most frequent tags Legado does not show in the preview and the report', async () => {
    t = await createTestApp(database)
    const rosa = await createTestUser(t.app)
    // Person n carries the tags _T1 … _Tn: _T1 is the most frequent, _T150 the least.
    const file = gedcomOf(150, (n) => Array.from({ length: n }, (_, k) => `1 ZZ${150 - k}`))
    const preview = await previewThroughApi(t.app, rosa, file)
    expect(preview.statusCode).toBe(200)
    // Legado keeps these structures without showing them: the preview lists them per tag.
    const kept = preview.json().keptTags as Record<string, number>
    expect(Object.keys(kept)).toHaveLength(100)
    expect(kept.ZZ150).toBe(150)
    expect(kept.ZZ51).toBe(51)
    expect(kept.ZZ50).toBeUndefined()
    const job = await importThroughApi(t.app, rosa, file)
    expect(Object.keys(job.report!.keptTags!)).toHaveLength(100)
  }, 60_000)
})
