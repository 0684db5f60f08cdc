import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartFile } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi } from '../gedcom/test/gedcom-api.ts'
import { keptFile, keptStructures } from '../gedcom/test/kept-file.ts'

// What a GEDCOM import kept without showing it (sources, burials, coordinates, a name's title…)
// goes through the account's export and back: the next GEDCOM export of the restored account
// writes all of it, as the first account's does. An archive's kept rows are input like any other.

interface KeptRow {
  id: string
  memberId: string | null
  unionId: string | null
  recordKey: string
  structures: unknown[]
}
interface KindReport {
  kind: string
  found: number
  restored: number
  skipped: { id: string; reason: string; detail?: string }[]
}

/**
 * A GEDCOM export with what differs between two accounts of the same tree taken out: the
 * header's date and time, the submitter's name (the account's tree's), and the xrefs and UIDs,
 * which name each account's own ids. Xrefs are renamed in order of appearance, so the structure
 * of pointers still has to match.
 */
function modIds(text: string): string {
  const xrefs = new Map<string, string>()
  let record = ''
  return text
    .split('\n')
    .filter((line) => {
      if (line.startsWith('0 ')) record = line.split(' ').at(-1)!
      return !/^1 DATE |^2 TIME |^1 _?UID /.test(line) && !(record === 'SUBM' && line.startsWith('1 NAME '))
    })
    .map((line) => line.replace(/@[^@\s]+@/g, (xref) => (xref === '@VOID@' ? xref : (xrefs.get(xref) ?? xrefs.set(xref, `@X${xrefs.size + 1}@`).get(xref)!))))
    .join('\n')
}

describe.each(testDatabases)('GEDCOM structures kept through the account’s export and import, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let archive: Uint8Array
  const importInto = async (user: TestUser, bytes: Uint8Array): Promise<KindReport[]> => {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', bytes) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().kinds
  }
  const kindOf = (kinds: KindReport[], kind: string) => kinds.find((report) => report.kind === kind)!
  /** The archive with its kept rows (and, if given, its manifest) rewritten. */
  const rewritten = (change: (rows: KeptRow[]) => KeptRow[] | undefined, manifest?: (value: Record<string, unknown>) => Record<string, unknown>) => {
    const files = unzipSync(archive)
    const rows = change(JSON.parse(strFromU8(files['gedcom-kept.json']!)) as KeptRow[])
    if (rows) files['gedcom-kept.json'] = strToU8(JSON.stringify(rows))
    else delete files['gedcom-kept.json']
    if (manifest) files['manifest.json'] = strToU8(JSON.stringify(manifest(JSON.parse(strFromU8(files['manifest.json']!)))))
    return zipSync(files)
  }

  beforeAll(async () => {
    t = await createTestApp(database, { IMPORT_MAX_BYTES: '2000000' })
    owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, keptFile)).status).toBe('done')
    const exported = await as(t.app, owner)({ method: 'GET', url: '/api/me/export' })
    expect(exported.statusCode).toBe(200)
    archive = exported.rawPayload
  })
  afterAll(() => t.close())

  it('writes the kept rows in the archive, counted in the manifest, under version 2 or later', () => {
    const files = unzipSync(archive)
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    const rows = JSON.parse(strFromU8(files['gedcom-kept.json']!)) as KeptRow[]
    expect(manifest.schemaVersion).toBeGreaterThanOrEqual(2)
    // Rosa, Luis, their family, the two sources and the repository.
    expect(rows.map((row) => (row.memberId ? 'member' : row.unionId ? 'union' : 'record')).sort()).toEqual(['member', 'member', 'record', 'record', 'record', 'union'])
    expect(manifest.counts.gedcomKept).toBe(rows.length)
    const tree = JSON.parse(strFromU8(files['family-tree.json']!))
    const memberIds = new Set(tree.members.map((member: { memberId: string }) => member.memberId))
    for (const row of rows.filter((row) => row.memberId)) expect(memberIds.has(row.memberId)).toBe(true)
    expect(tree.unions.map((union: { unionId: string }) => union.unionId)).toContain(rows.find((row) => row.unionId)!.unionId)
  })

  it('restores them with the tree into another account, whose GEDCOM exports write every one as the first account’s do', async () => {
    const heir = await createTestUser(t.app)
    const kinds = await importInto(heir, archive)
    expect(kindOf(kinds, 'gedcomKept')).toEqual({ kind: 'gedcomKept', found: 6, restored: 6, skipped: [] })
    for (const version of ['5.5.1', '7.0'] as const) {
      const [original, restored] = [await exportThroughApi(t.app, owner, version), await exportThroughApi(t.app, heir, version)]
      for (const line of keptStructures) expect(restored, `${version}: ${line}`).toContain(line)
      expect(restored).toContain('1 NAME Dr. Rosa "Rosita" /Díaz/')
      expect(modIds(restored)).toEqual(modIds(original))
    }
  })

  it('keeps them through a second move: the restored account’s own export carries them again', async () => {
    const heir = await createTestUser(t.app)
    await importInto(heir, archive)
    const again = await as(t.app, heir)({ method: 'GET', url: '/api/me/export' })
    const nextHeir = await createTestUser(t.app)
    expect(kindOf(await importInto(nextHeir, again.rawPayload), 'gedcomKept')).toMatchObject({ found: 6, restored: 6 })
    expect(modIds(await exportThroughApi(t.app, nextHeir, '7.0'))).toEqual(modIds(await exportThroughApi(t.app, owner, '7.0')))
  })

  it('drops a kept row whose member or family is not in the archive, and refuses malformed rows, saying which and why', async () => {
    const hostile = rewritten((rows) => {
      // Rosa's row (her occupation), Luis's (his burial).
      const member = rows.find((row) => row.memberId && JSON.stringify(row.structures).includes('OCCU'))!
      const other = rows.find((row) => row.memberId && row !== member)!
      const family = rows.find((row) => row.unionId)!
      const record = rows.find((row) => !row.memberId && !row.unionId)!
      let deep: Record<string, unknown> = { tag: 'NOTE', value: 'muy hondo' }
      for (let level = 0; level < 200; level += 1) deep = { tag: 'CONT', children: [deep] }
      return [
        { ...member, memberId: 'alguien-que-no-está' },
        { ...family, unionId: 'otra-familia' },
        { ...other, id: 'ambos', unionId: family.unionId },
        { ...record, id: 'renglón', structures: [{ tag: 'NOTE\n0 @X@ INDI', value: 'inyectado' }] },
        { ...record, id: 'hondo', structures: [deep] },
        { ...record, id: 'sin-clave', recordKey: '' },
        ...rows.filter((row) => row !== member && row !== family),
      ]
    })
    const heir = await createTestUser(t.app)
    const kinds = await importInto(heir, hostile)
    const kept = kindOf(kinds, 'gedcomKept')
    expect(kept).toMatchObject({ found: 10, restored: 4 })
    expect(kept.skipped).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), reason: 'missing_reference', detail: 'member alguien-que-no-está' },
        { id: expect.any(String), reason: 'missing_reference', detail: 'union otra-familia' },
        { id: 'ambos', reason: 'invalid', detail: 'unionId' },
        { id: 'renglón', reason: 'invalid', detail: expect.stringContaining('structures.0.tag') },
        { id: 'hondo', reason: 'invalid', detail: expect.stringContaining('structures.0.children.0') },
        { id: 'sin-clave', reason: 'invalid', detail: 'recordKey' },
      ]),
    )
    expect(kept.skipped).toHaveLength(6)
    // The tree came back whole, and its GEDCOM export writes what was kept of the others.
    expect(kindOf(kinds, 'familyTree')).toMatchObject({ found: 2, restored: 2, skipped: [] })
    const text = await exportThroughApi(t.app, heir, '7.0')
    expect(text).not.toContain('inyectado')
    expect(text).not.toContain('1 OCCU Maestra')
    expect(text).toContain('1 BURI')
  })

  it('answers a list that is not a list of rows with a report, not an error', async () => {
    const files = unzipSync(archive)
    files['gedcom-kept.json'] = strToU8('{"no": "una lista"}')
    const heir = await createTestUser(t.app)
    const kinds = await importInto(heir, zipSync(files))
    expect(kindOf(kinds, 'gedcomKept')).toEqual({ kind: 'gedcomKept', found: 0, restored: 0, skipped: [{ id: '*', reason: 'invalid', detail: 'not a list' }] })
    expect(kindOf(kinds, 'familyTree')).toMatchObject({ restored: 2 })
  })

  it('still imports an archive of version 1, written before kept rows were part of it', async () => {
    const older = rewritten(
      () => undefined,
      ({ counts, ...manifest }) => ({ ...manifest, schemaVersion: 1, counts: { ...(counts as object), gedcomKept: undefined } }),
    )
    const heir = await createTestUser(t.app)
    const kinds = await importInto(heir, older)
    expect(kindOf(kinds, 'familyTree')).toMatchObject({ found: 2, restored: 2, skipped: [] })
    expect(kindOf(kinds, 'gedcomKept')).toEqual({ kind: 'gedcomKept', found: 0, restored: 0, skipped: [] })
    expect(await exportThroughApi(t.app, heir, '7.0')).toContain('Rosa')
  })
})
