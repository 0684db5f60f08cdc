import { describe, expect, it } from 'vitest'
import { readGedcomFile } from './index.ts'
import type { GedcomData, GedcomIndividual } from './model.ts'
import { writeGedcomString, type WriteOptions } from './write.ts'
import { compiledWriterVariable, writeGedcomOffThread } from './write-off-thread.ts'

const person = (index: number, overrides: Partial<GedcomIndividual> = {}): GedcomIndividual => ({
  xref: `I${index}`,
  givenNames: 'Ñandú',
  surname: `Pérez ${index}`,
  sex: index % 2 ? 'F' : 'M',
  birth: { date: `ABT ${1900 + (index % 100)}`, place: 'Cádiz, España' },
  notes: index % 7 === 0 ? [{ text: `Recordaba la finca de Pasto.\nY el río ${index}.` }] : [],
  media: [],
  childOf: index > 2 ? [{ family: 'F1', pedigree: index % 5 === 0 ? 'adopted' : 'birth' }] : [],
  spouseOf: index <= 2 ? ['F1'] : [],
  ...overrides,
})

/** 2,500 people (three parts of the model), a family of every child but the parents, kept records and an extension schema. */
const people = Array.from({ length: 2_500 }, (_, index) => person(index + 1))
const data: GedcomData = {
  individuals: people,
  families: [{ xref: 'F1', husband: 'I1', wife: 'I2', children: people.slice(2).map((p) => p.xref), notes: [], media: [], marriage: { date: '1920' } }],
  keptRecords: [{ xref: 'S1', tag: 'SOUR', children: [{ tag: 'TITL', value: 'Registro civil de Cádiz' }] }],
  schema: { _LEGADO: 'https://example.org/legado' },
}
const options: WriteOptions = { version: '7.0', submitterName: 'Familia Pérez', date: new Date('2026-05-12T10:00:00Z'), chunkSize: 8_192 }

async function offThread(model: GedcomData, writeOptions: WriteOptions): Promise<{ text: string; chunks: number }> {
  const chunks: Buffer[] = []
  for await (const chunk of writeGedcomOffThread(model, writeOptions)) chunks.push(chunk)
  return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length }
}

describe('writeGedcomOffThread', () => {
  it('writes the same file as the writer on this thread, chunk by chunk, in both versions', async () => {
    for (const version of ['7.0', '5.5.1'] as const) {
      const written = await offThread(data, { ...options, version })
      expect(written.text).toBe(writeGedcomString(data, { ...options, version }))
      expect(written.chunks).toBeGreaterThan(10)
    }
    const reread = readGedcomFile(Buffer.from((await offThread(data, options)).text))
    expect(reread.individuals).toHaveLength(2_500)
    expect(reread.families[0]!.children).toHaveLength(2_498)
  })

  it('writes the same file from the compiled writer the tests start and from the sources under tsx', async () => {
    const compiled = process.env[compiledWriterVariable]
    expect(compiled).toMatch(/\.mjs$/)
    delete process.env[compiledWriterVariable]
    try {
      expect((await offThread(data, options)).text).toBe(writeGedcomString(data, options))
    } finally {
      process.env[compiledWriterVariable] = compiled
    }
  })

  it('stops when the reader gives up part way, and the next file is whole', async () => {
    const chunks = writeGedcomOffThread(data, options)
    const first = await chunks.next()
    expect(first.value?.toString('utf8')).toMatch(/^\uFEFF?0 HEAD\n/)
    await chunks.return()
    expect(await chunks.next()).toEqual({ done: true, value: undefined })
    expect((await offThread(data, options)).text).toBe(writeGedcomString(data, options))
  })

  it('starts nothing for a file never read', async () => {
    const never = writeGedcomOffThread(data, options)
    // Returned before its first chunk, the generator never ran: no thread to stop, no model sent.
    expect(await never.return()).toEqual({ done: true, value: undefined })
  })
})
