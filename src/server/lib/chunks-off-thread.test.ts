import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chunksOffThread } from './chunks-off-thread.ts'

// What a reader of a file written off the thread sees when the thread fails: an error, never a
// download that waits for ever. (The files written whole are tested with the GEDCOM export thread.)

const directory = mkdtempSync(path.join(tmpdir(), 'legado-chunks-test-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

function threadOf(name: string, source: string) {
  const file = path.join(directory, `${name}.mjs`)
  writeFileSync(file, source)
  return chunksOffThread({
    entry: new URL(`file://${file}`),
    compiledEntry: file,
    workerData: null,
    lists: { people: Array.from({ length: 2_500 }, (_, index) => ({ name: `Persona ${index}` })) },
    memoryMb: 64,
    name: 'The test writer',
  })
}

async function readAll(chunks: AsyncIterable<Buffer>): Promise<string> {
  let text = ''
  for await (const chunk of chunks) text += chunk.toString('utf8')
  return text
}

describe('chunksOffThread', () => {
  it('fails the read with the error a thread ends with', async () => {
    await expect(readAll(threadOf('throws', "throw new Error('El hilo no pudo empezar')"))).rejects.toThrow('El hilo no pudo empezar')
  })

  it('fails the read when the thread ends without writing the file', async () => {
    const quits = threadOf('quits', "import { parentPort } from 'node:worker_threads'\nparentPort.on('message', (m) => { if (m.kind === 'next') process.exit(3) })")
    await expect(readAll(quits)).rejects.toThrow('The test writer stopped with code 3')
  })

  it('gives the chunks a thread writes, in order, once every part of its lists has arrived', async () => {
    const counts = threadOf(
      'counts',
      [
        "import { parentPort } from 'node:worker_threads'",
        'const people = []',
        'let sent = 0',
        "parentPort.on('message', (m) => {",
        "  if (m.kind === 'part') return void people.push(...m.items)",
        '  if (sent === 2) return void parentPort.postMessage({ done: true })',
        '  const bytes = new TextEncoder().encode(sent++ === 0 ? `${people.length} personas\\n` : `${people.at(-1).name}\\n`)',
        '  parentPort.postMessage({ bytes }, [bytes.buffer])',
        '})',
      ].join('\n'),
    )
    expect(await readAll(counts)).toBe('2500 personas\nPersona 2499\n')
  })
})
