import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { createFamilyTreeRepository } from '../family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../family-tree/family-tree.service.ts'
import { familyOf } from '../family-tree/test/family-api.ts'
import { createGedcomExports } from './gedcom.exports.ts'
import { createGedcomKeptRepository } from './gedcom.kept.repository.ts'

// Each GEDCOM file is written on a thread of its own, whose heap may grow to a gigabyte for the
// largest trees: downloads asked for again and again wait their turn or are refused, never start
// a thread each.

async function readAll(chunks: AsyncIterable<Buffer>): Promise<string> {
  let text = ''
  for await (const chunk of chunks) text += chunk.toString('utf8')
  return text
}

describe('GEDCOM files written at once', () => {
  let t: TestApp
  let exports: ReturnType<typeof createGedcomExports>
  let familyTree: ReturnType<typeof createFamilyTreeService>
  const owners: string[] = []
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    familyTree = createFamilyTreeService({
      repo: createFamilyTreeRepository(t.db),
      getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    })
    exports = createGedcomExports({ familyTree, kept: createGedcomKeptRepository(t.db), writers: 2 })
    for (const name of ['Rosa', 'Luis', 'Pilar']) {
      const family = await familyOf(t.app)
      await family.add({ firstName: name, lastName: 'Díaz', relationshipToOwner: 'Yo' })
      owners.push(family.user.id)
    }
  })
  afterAll(() => t.close())

  it('writes two files at once, the others waiting their turn, and refuses a third file of one tree asked for meanwhile', async () => {
    const [rosa, luis, pilar] = owners as [string, string, string]
    const first = await exports.exportTree(rosa, '7.0')
    const second = await exports.exportTree(rosa, '5.5.1')
    await expect(exports.exportTree(rosa, '7.0')).rejects.toMatchObject({ code: 'rate_limited', headers: { 'Retry-After': '10' } })
    let isThirdIn = false
    const third = exports.exportTree(luis, '7.0').then((chunks) => ((isThirdIn = true), chunks))
    const fourth = exports.exportTree(pilar, '7.0')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(isThirdIn).toBe(false)

    expect(await readAll(first)).toContain('1 NAME Rosa /Díaz/')
    expect(await readAll(await third)).toContain('1 NAME Luis /Díaz/')
    // Given up before a chunk was read: no thread ever started, and the place goes to the next.
    await second.return?.()
    expect(await readAll(await fourth)).toContain('1 NAME Pilar /Díaz/')
    expect(await readAll(await exports.exportTree(rosa, '5.5.1'))).toContain('0 TRLR')
  })

  it('never refuses the copy inside an account export archive, which is already being sent: it waits its turn', async () => {
    const [rosa] = owners as [string]
    const first = await exports.exportTree(rosa, '7.0')
    const second = await exports.exportTree(rosa, '5.5.1')
    const archived = exports.exportTree(rosa, '7.0', { inArchive: true })
    await Promise.all([readAll(first), readAll(second)])
    expect(await readAll(await archived)).toContain('1 NAME Rosa /Díaz/')
  })
  it('gives a file up when its reader stops asking, so that the place goes to the next', async () => {
    const [rosa, luis, pilar] = owners as [string, string, string]
    const quick = createGedcomExports({ familyTree, kept: createGedcomKeptRepository(t.db), writers: 1, readerIdleMs: 200 })
    const paused = await quick.exportTree(rosa, '7.0')
    expect((await paused.next()).done).toBe(false)
    // Nothing more asked for: past the wait, the place is Luis's, and the paused download fails.
    expect(await readAll(await quick.exportTree(luis, '7.0'))).toContain('1 NAME Luis /Díaz/')
    await expect(paused.next()).rejects.toThrow('was given up')
    // A file never read at all lets go the same way.
    await quick.exportTree(pilar, '7.0')
    expect(await readAll(await quick.exportTree(rosa, '5.5.1'))).toContain('0 TRLR')
  })
})
