import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { writeGedcomString } from '../../lib/gedcom/index.ts'
import { generatedGedcomText, generateTree } from '../../lib/gedcom/test/generate-tree.ts'
import { as, createTestApp, createTestUser, type TestApp } from '../../test/test-app.ts'
import { compiledExportVariable, gedcomOffThread, type ExportThreadData } from './gedcom.export-thread.ts'
import { treeToGedcom } from './gedcom.export.ts'
import { importThroughApi } from './test/gedcom-api.ts'

// The export thread writes what the model and writer write on the request thread, from the tree as
// the app reads it: an imported tree of 2,500 people, sent over in three parts, and a family of
// 2,500 children, whose list of children is sent after it in parts of its own.

/** One couple and their `count` children, as a GEDCOM file. */
function oneFamily(count: number): string {
  const lines = [
    '0 HEAD',
    '1 GEDC',
    '2 VERS 5.5.1',
    '1 CHAR UTF-8',
    '0 @P@ INDI',
    '1 NAME Julián /Peña/',
    '1 SEX M',
    '1 FAMS @F@',
    '0 @M@ INDI',
    '1 NAME Aurora /Díaz/',
    '1 SEX F',
    '1 FAMS @F@',
  ]
  for (let at = 0; at < count; at += 1) lines.push(`0 @C${at}@ INDI`, `1 NAME Hijo${at} /Peña/`, `1 BIRT`, `2 DATE ${1 + (at % 28)} JAN ${1900 + (at % 90)}`, `1 FAMC @F@`)
  lines.push('0 @F@ FAM', '1 HUSB @P@', '1 WIFE @M@')
  for (let at = 0; at < count; at += 1) lines.push(`1 CHIL @C${at}@`)
  return `${[...lines, '0 TRLR'].join('\n')}\n`
}

const exportData = (version: ExportThreadData['version']): Omit<ExportThreadData, 'tree'> => ({
  version,
  media: [],
  kept: [],
  facts: [],
  language: 'es',
  options: { submitterName: 'Familia Pérez', date: new Date('2026-05-12T10:00:00Z'), chunkSize: 8_192 },
})

async function offThread(tree: FamilyTree, version: ExportThreadData['version']): Promise<{ text: string; chunks: number }> {
  const chunks: Buffer[] = []
  for await (const chunk of gedcomOffThread(tree, exportData(version))) chunks.push(chunk)
  return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length }
}

async function onThisThread(tree: FamilyTree, version: ExportThreadData['version']): Promise<string> {
  const { options } = exportData(version)
  return writeGedcomString(await treeToGedcom(tree, version, new Map(), []), { ...options, version })
}

describe('the GEDCOM export thread', () => {
  let t: TestApp
  let tree: FamilyTree
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    const owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, generatedGedcomText(generateTree(2_500)))).status).toBe('done')
    tree = (await as(t.app, owner)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(tree.members.length).toBeGreaterThan(2_000)
  })
  afterAll(() => t.close())

  it('writes the same file as the request thread would, chunk by chunk, in both versions', async () => {
    for (const version of ['7.0', '5.5.1'] as const) {
      const written = await offThread(tree, version)
      expect(written.text).toBe(await onThisThread(tree, version))
      expect(written.chunks).toBeGreaterThan(10)
    }
  })

  it('writes a family of 2,500 children as the request thread would, every child in its place', async () => {
    const owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, oneFamily(2_500))).status).toBe('done')
    const family: FamilyTree = (await as(t.app, owner)({ method: 'GET', url: '/api/family-tree' })).json()
    expect(family.unions[0]?.children).toHaveLength(2_500)
    const written = await offThread(family, '7.0')
    expect(written.text).toBe(await onThisThread(family, '7.0'))
    expect(written.text.match(/^1 CHIL @/gm)).toHaveLength(2_500)
  })

  it('writes the same file from the compiled thread the tests start and from the sources under tsx', async () => {
    const compiled = process.env[compiledExportVariable]
    expect(compiled).toMatch(/\.mjs$/)
    delete process.env[compiledExportVariable]
    try {
      expect((await offThread(tree, '7.0')).text).toBe(await onThisThread(tree, '7.0'))
    } finally {
      process.env[compiledExportVariable] = compiled
    }
  })

  it('stops when the reader gives up part way, and the next file is whole', async () => {
    const chunks = gedcomOffThread(tree, exportData('7.0'))
    const first = await chunks.next()
    expect(first.value?.toString('utf8')).toMatch(/^\uFEFF?0 HEAD\n/)
    await chunks.return()
    expect(await chunks.next()).toEqual({ done: true, value: undefined })
    expect((await offThread(tree, '7.0')).text).toBe(await onThisThread(tree, '7.0'))
  })
})
