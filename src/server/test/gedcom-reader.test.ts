import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { compiledReaderVariable, previewGedcomOffThread, readGedcomOffThread, type ReaderLimits } from '../features/gedcom/gedcom.read.ts'

const directory = mkdtempSync(path.join(tmpdir(), 'legado-reader-test-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 7.0',
  '0 @I1@ INDI',
  '1 NAME Carmen /Ruiz/',
  '1 BIRT',
  '2 DATE ABT 1931',
  '0 @I2@ INDI',
  '1 NAME Elena /López/',
  '0 @F1@ FAM',
  '1 WIFE @I1@',
  '1 CHIL @I2@',
  '0 TRLR',
  '',
].join('\n')
const limits = { memoryMb: 256, timeoutMs: 60_000 }

/** Reads the file with the reader the tests start, and with the reader `npm run dev` and the benches start. */
async function readBothWays<T>(read: (file: string, gedcomEntry: undefined, limits: ReaderLimits) => Promise<T>, file: string) {
  const compiled = process.env[compiledReaderVariable]
  const fromCompiled = await read(file, undefined, limits)
  delete process.env[compiledReaderVariable]
  try {
    return { compiled, fromCompiled, underTsx: await read(file, undefined, limits) }
  } finally {
    process.env[compiledReaderVariable] = compiled
  }
}

it('reads a GEDCOM file with the reader compiled for the tests as the reader under tsx does', async () => {
  const file = path.join(directory, 'family.ged')
  writeFileSync(file, gedcom)
  const preview = await readBothWays(previewGedcomOffThread, file)
  expect(preview.compiled).toMatch(/\.mjs$/)
  expect(preview.fromCompiled).toMatchObject({ counts: { people: 2, families: 1 } })
  expect(preview.fromCompiled).toEqual(preview.underTsx)
  const batch = await readBothWays(readGedcomOffThread, file)
  expect(batch.fromCompiled.batch.members).toHaveLength(2)
  expect(batch.fromCompiled).toEqual(batch.underTsx)
})
