import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { maxUnpackRatio, openZipBytes } from './zip-reader.ts'

const limits = { maxEntries: 100, maxTotalBytes: 1024 ** 3 }

/** The archive with `name`'s declared size (and, when given, CRC) rewritten in both its headers. */
function declare(zip: Uint8Array, name: string, fields: { size?: number; crc?: number }): Uint8Array {
  const bytes = Buffer.from(zip)
  for (let at = 0; at < bytes.length - 4; at += 1) {
    const signature = bytes.readUInt32LE(at)
    const central = signature === 0x02014b50 && bytes.subarray(at + 46, at + 46 + bytes.readUInt16LE(at + 28)).toString() === name
    const local = signature === 0x04034b50 && bytes.subarray(at + 30, at + 30 + bytes.readUInt16LE(at + 26)).toString() === name
    if (central || local) {
      const base = central ? at + 16 : at + 14
      if (fields.crc !== undefined) bytes.writeUInt32LE(fields.crc, base)
      if (fields.size !== undefined) bytes.writeUInt32LE(fields.size, base + 8)
    }
  }
  return bytes
}

/** Bytes that pack about as well as a real JSON file: words, numbers, no long runs. */
function textLike(length: number): Uint8Array {
  const words = ['Volaba', 'sobre', 'el', 'mar', 'de', 'Pasto', 'con', 'la', 'abuela', 'Rosa', 'y', 'su', 'perro']
  let seed = 7
  let text = ''
  while (text.length < length) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    text += `${words[seed % words.length]} ${seed % 1000} `
  }
  return new TextEncoder().encode(text.slice(0, length))
}

describe('reading a zip entry', () => {
  it('unpacks an honest entry, checked against its size and checksum', async () => {
    const content = textLike(1536 * 1024)
    const archive = await openZipBytes(zipSync({ 'dreams.json': content }), limits)
    expect(Buffer.compare(await archive.read(archive.entries.get('dreams.json')!, 64 * 1024 * 1024), Buffer.from(content))).toBe(0)
  })

  it('refuses an entry larger than its use allows before unpacking a byte of it', async () => {
    // Its checksum is wrong: unpacking it would fail as damaged, so the size answer proves it was not unpacked.
    const zip = declare(zipSync({ 'media/x/film.mp4': textLike(2 * 1024 * 1024) }), 'media/x/film.mp4', { crc: 1 })
    const archive = await openZipBytes(zip, limits)
    await expect(archive.read(archive.entries.get('media/x/film.mp4')!, 1024 * 1024)).rejects.toMatchObject({ code: 'payload_too_large', maxBytes: 1024 * 1024 })
  })

  it(`refuses a bomb: an entry that would unpack to more than ${maxUnpackRatio} times its packed size`, async () => {
    const archive = await openZipBytes(zipSync({ 'dreams.json': new Uint8Array(8 * 1024 * 1024).fill(32) }), limits)
    const entry = archive.entries.get('dreams.json')!
    expect(entry.size / entry.compressedSize).toBeGreaterThan(maxUnpackRatio)
    await expect(archive.read(entry, 64 * 1024 * 1024)).rejects.toMatchObject({ code: 'portability.unsafe_archive' })
  })

  it('stops at the declared size of an entry that unpacks to more, and refuses it', async () => {
    const zip = declare(zipSync({ 'notes.txt': textLike(2 * 1024 * 1024) }), 'notes.txt', { size: 1024 * 1024 + 1 })
    const archive = await openZipBytes(zip, limits)
    await expect(archive.read(archive.entries.get('notes.txt')!, 64 * 1024 * 1024)).rejects.toMatchObject({ code: 'portability.unsafe_archive' })
  })

  it('lets the event loop turn while a large entry unpacks, instead of holding it to the end', async () => {
    const archive = await openZipBytes(zipSync({ 'dreams.json': textLike(4 * 1024 * 1024) }), limits)
    let turns = 0
    let isReading = true
    const tick = () => {
      turns += 1
      if (isReading) setImmediate(tick)
    }
    setImmediate(tick)
    await archive.read(archive.entries.get('dreams.json')!, 64 * 1024 * 1024)
    isReading = false
    expect(turns).toBeGreaterThan(1)
  })
})
