import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedOwnerData } from '../../test/owner-data.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { importThroughApi } from './test/gedcom-api.ts'

// The account's "export everything" archive carries the tree as GEDCOM 7.0 beside its JSON, with
// each member's files pointing at their copies inside the archive, so a genealogy program opens
// the unzipped folder whole.

describe.each(testDatabases)('the tree as GEDCOM 7 in the account export, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('adds family-tree.ged, listed in the manifest, whose people and OBJE files match the archive', async () => {
    const owner = await createTestUser(t.app)
    await seedOwnerData(t.app, owner)
    const response = await as(t.app, owner)({ method: 'GET', url: '/api/me/export' })
    expect(response.statusCode).toBe(200)
    const entries = unzipSync(new Uint8Array(response.rawPayload))
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!))
    expect(manifest.extensions.map((extension: { path: string }) => extension.path)).toContain('family-tree.ged')
    const gedcom = strFromU8(entries['family-tree.ged']!)
    expect(gedcom.startsWith('0 HEAD')).toBe(true)
    expect(gedcom).toContain('2 VERS 7.0')
    expect(gedcom).toContain('1 NAME Carmen /Ruiz/')
    expect(gedcom.trimEnd().endsWith('0 TRLR')).toBe(true)
    const files = [...gedcom.matchAll(/^1 FILE (.+)$/gm)].map((match) => match[1]!)
    expect(files).toHaveLength(1)
    expect(Object.keys(entries)).toContain(decodeURI(files[0]!))

    // The .ged alone brings the same people into another account.
    const copy = await createTestUser(t.app)
    expect((await importThroughApi(t.app, copy, gedcom)).status).toBe('done')
    const names = async (user: typeof owner) =>
      ((await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json().members as { firstName: string }[]).map((m) => m.firstName).sort()
    expect(await names(copy)).toEqual(await names(owner))
  })
})
