import { randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { promisify } from 'node:util'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { openZipBytes } from './zip-reader.ts'
import { createZipWriter } from './zip-writer.ts'

const limits = { maxEntries: 100, maxTotalBytes: 1024 ** 3 }

/** Text that packs as a family's JSON does, `length` bytes of it. */
function jsonLike(length: number, seed: number): Uint8Array {
  const names = ['Rosa', 'Aurora', 'Luis', 'Peña', 'Díaz', 'la finca de Pasto', 'Cali', '1932', 'abuela']
  let text = '['
  while (text.length < length) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    text += `{"id":"${seed.toString(36)}","name":"${names[seed % names.length]}","year":${1900 + (seed % 120)}},`
  }
  return new TextEncoder().encode(text.slice(0, length))
}

async function* inChunks(bytes: Uint8Array, size: number) {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
}

describe('writing a zip archive as it is read', () => {
  it('packs entries of many slices, beside stored files, into an archive other readers open whole', async () => {
    const tree = jsonLike(3 * 1024 * 1024 + 17, 1)
    const photo = randomBytes(700 * 1024)
    const zip = createZipWriter()
    const written = buffer(zip.stream)
    await zip.addBuffer('family-tree.json', inChunks(tree, 1_000_003))
    await zip.addStream('media/foto.jpg', inChunks(photo, 64 * 1024))
    await zip.addBuffer('empty.json', new Uint8Array(0))
    await zip.addBuffer('manifest.json', new TextEncoder().encode('{"format":"legado"}'))
    zip.end()
    const archive = new Uint8Array(await written)
    // Packed, not stored: the JSON takes a fraction of its size.
    expect(archive.length).toBeLessThan(photo.length + tree.length / 3)

    const unpacked = unzipSync(archive)
    expect(Object.keys(unpacked)).toEqual(['family-tree.json', 'media/foto.jpg', 'empty.json', 'manifest.json'])
    expect(Buffer.compare(unpacked['family-tree.json']!, tree)).toBe(0)
    expect(Buffer.compare(unpacked['media/foto.jpg']!, photo)).toBe(0)
    expect(unpacked['empty.json']).toHaveLength(0)

    // Our own reader checks every entry's declared size and CRC-32 as it unpacks it.
    const ours = await openZipBytes(archive, limits)
    expect(Buffer.compare(await ours.read(ours.entries.get('family-tree.json')!, tree.length), Buffer.from(tree))).toBe(0)

    // And the system's unzip, where there is one, finds nothing wrong.
    const folder = await mkdtemp(path.join(tmpdir(), 'legado-zip-'))
    try {
      await writeFile(path.join(folder, 'a.zip'), archive)
      const tested = await promisify(execFile)('unzip', ['-t', path.join(folder, 'a.zip')]).catch((error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? undefined : Promise.reject(error),
      )
      if (tested) expect(tested.stdout).toContain('No errors detected')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('writes several archives at once, each with only its own bytes', async () => {
    const contents = [jsonLike(900 * 1024, 2), jsonLike(1200 * 1024, 3), jsonLike(600 * 1024, 4)]
    const archives = await Promise.all(
      contents.map(async (content, n) => {
        const zip = createZipWriter()
        const written = buffer(zip.stream)
        await zip.addBuffer(`part-${n}.json`, inChunks(content, 100_000))
        zip.end()
        return new Uint8Array(await written)
      }),
    )
    archives.forEach((archive, n) => expect(Buffer.compare(unzipSync(archive)[`part-${n}.json`]!, contents[n]!)).toBe(0))
  })

  it('ends a download given up part way with an error, and packs the next one whole', async () => {
    const zip = createZipWriter()
    const failed = buffer(zip.stream)
    const adding = zip.addBuffer('family-tree.json', inChunks(jsonLike(2 * 1024 * 1024, 5), 300_000))
    zip.abort(new Error('the download was closed'))
    await expect(failed).rejects.toThrow('the download was closed')
    await expect(adding).rejects.toThrow()

    const next = createZipWriter()
    const written = buffer(next.stream)
    const content = jsonLike(500 * 1024, 6)
    await next.addBuffer('dreams.json', content)
    next.end()
    expect(Buffer.compare(unzipSync(new Uint8Array(await written))['dreams.json']!, content)).toBe(0)
  })
})
