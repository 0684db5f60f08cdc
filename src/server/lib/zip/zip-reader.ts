import { open, type FileHandle } from 'node:fs/promises'
import { createInflateRaw, crc32 } from 'node:zlib'
import { AppError, payloadTooLarge } from '../../lib/app-error.ts'

export interface ZipLimits {
  /** Entries in the archive, folders included. */
  maxEntries: number
  /** The sum of every entry's size once unpacked. */
  maxTotalBytes: number
}

/**
 * How many times its packed size an entry of more than `ratioFloorBytes` may unpack to. Deflate
 * reaches about 1,000 on runs of one byte and nothing real comes near it: JSON packs 5–20 times,
 * photos and recordings hardly at all. A higher ratio is a bomb, refused before it is unpacked.
 */
export const maxUnpackRatio = 200
const ratioFloorBytes = 1024 * 1024

export interface ZipEntry {
  name: string
  size: number
  compressedSize: number
  method: number
  crc: number
  localHeaderOffset: number
}

const unsafe = (message: string) => new AppError('portability.unsafe_archive', message)

/** A name that stays inside the archive's own folder: relative, forward slashes, no `..`, no drive. */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.length > 1024 || name.startsWith('/') || name.includes('\\') || name.includes('\0') || /^[A-Za-z]:/.test(name)) return false
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/')
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  if (bytesRead !== length) throw unsafe('The archive ends early')
  return buffer
}

/** Where an archive's bytes are: a file on disk, or an upload held in memory. */
interface ZipSource {
  size: number
  readAt(position: number, length: number): Promise<Buffer>
  close(): Promise<void>
}

/**
 * Reads a zip archive through its central directory, refusing before any byte is unpacked what a
 * hostile archive does: names that climb out (`../`), absolute or duplicated names, encryption,
 * ZIP64, more entries or more unpacked bytes than the limits (a zip bomb declares them), and
 * entries that unpack to more (or other) bytes than declared.
 */
async function openSource(source: ZipSource, limits: ZipLimits) {
  try {
    const entries = await readDirectory(source, limits)
    return {
      entries,
      /**
       * The entry's unpacked bytes, checked against its declared size and CRC-32 as they are
       * unpacked (off the event loop); refused before a byte is unpacked when it declares more
       * than `maxBytes`, what its use allows.
       */
      read: (entry: ZipEntry, maxBytes: number) => readEntry(source, entry, maxBytes),
      close: () => source.close(),
    }
  } catch (error) {
    await source.close()
    throw error
  }
}
export type ZipArchive = Awaited<ReturnType<typeof openSource>>

/** A zip file on disk (an uploaded export waits there while it is read). */
export async function openZip(file: string, limits: ZipLimits): Promise<ZipArchive> {
  const handle = await open(file, 'r')
  const { size } = await handle.stat()
  return openSource({ size, readAt: (position, length) => readAt(handle, position, length), close: () => handle.close() }, limits)
}

/** A zip held in memory (an upload already read whole, within its size limit). */
export function openZipBytes(bytes: Uint8Array, limits: ZipLimits): Promise<ZipArchive> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const readAtBytes = async (position: number, length: number) => {
    if (position < 0 || position + length > buffer.length) throw unsafe('The archive ends early')
    return buffer.subarray(position, position + length)
  }
  return openSource({ size: buffer.length, readAt: readAtBytes, close: async () => {} }, limits)
}

/** Whether bytes start as a zip archive does (a local entry, or the end of an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
}

async function readDirectory(source: ZipSource, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const fileSize = source.size
  const notZip = new AppError('portability.not_an_export', 'This file is not a zip archive')
  if (fileSize < 22) throw notZip
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(fileSize, 22 + 0xffff)
  const tail = await source.readAt(fileSize - tailLength, tailLength)
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || end + 22 > tail.length) throw notZip
  const count = tail.readUInt16LE(end + 10)
  const directorySize = tail.readUInt32LE(end + 12)
  const directoryOffset = tail.readUInt32LE(end + 16)
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unsafe('ZIP64 archives are not read')
  if (count > limits.maxEntries) throw unsafe(`The archive holds more than ${limits.maxEntries} entries`)
  if (directoryOffset + directorySize > fileSize) throw unsafe('The archive’s directory points outside the file')
  const directory = await source.readAt(directoryOffset, directorySize)
  const entries = new Map<string, ZipEntry>()
  let total = 0
  let at = 0
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw unsafe('The archive’s directory is damaged')
    const flags = directory.readUInt16LE(at + 8)
    const nameLength = directory.readUInt16LE(at + 28)
    const entry: ZipEntry = {
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
      name: directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    }
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32)
    if (!isSafeEntryName(entry.name)) throw unsafe(`Unsafe entry name: ${JSON.stringify(entry.name.slice(0, 200))}`)
    if (entries.has(entry.name)) throw unsafe(`The entry ${entry.name} appears twice`)
    if (flags & 0x1) throw unsafe('Encrypted archives are not read')
    if (entry.method !== 0 && entry.method !== 8) throw unsafe(`The entry ${entry.name} uses a compression this app does not read`)
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw unsafe('ZIP64 archives are not read')
    if (entry.localHeaderOffset + 30 + entry.compressedSize > fileSize) throw unsafe(`The entry ${entry.name} points outside the file`)
    total += entry.size
    if (total > limits.maxTotalBytes) throw payloadTooLarge(limits.maxTotalBytes, `The archive unpacks to more than ${limits.maxTotalBytes} bytes`)
    entries.set(entry.name, entry)
  }
  return entries
}

async function readEntry(source: ZipSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.size > maxBytes) throw payloadTooLarge(maxBytes, `The entry ${entry.name} unpacks to ${entry.size} bytes; its use allows ${maxBytes}`)
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw unsafe(`The entry ${entry.name} does not match its declared size`)
  // Deflate adds at most 5 bytes per 16 KiB block to what it cannot pack: a larger packed size lies.
  if (entry.method === 8 && entry.compressedSize > entry.size + Math.ceil(entry.size / 16_383) * 5 + 1024)
    throw unsafe(`The entry ${entry.name} declares a packed size it cannot have`)
  if (entry.size > ratioFloorBytes && entry.size > entry.compressedSize * maxUnpackRatio)
    throw unsafe(`The entry ${entry.name} would unpack to more than ${maxUnpackRatio} times its size`)
  const local = await source.readAt(entry.localHeaderOffset, 30)
  if (local.readUInt32LE(0) !== 0x04034b50) throw unsafe(`The entry ${entry.name} is damaged`)
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28)
  const packed = await source.readAt(start, entry.compressedSize)
  let bytes: Buffer
  let checksum: number
  if (entry.method === 0) [bytes, checksum] = [packed, crc32(packed)]
  else if (entry.method === 8) [bytes, checksum] = await inflateChecked(packed, entry)
  else throw unsafe(`The entry ${entry.name} uses a compression this app does not read`)
  if (bytes.length !== entry.size || checksum !== entry.crc) throw unsafe(`The entry ${entry.name} does not match its declared size and checksum`)
  return bytes
}

/**
 * Unpacks a deflated entry in zlib's thread pool, a chunk at a time, and stops at the first byte
 * past its declared size: a lying entry costs what it declared, never more, and the event loop
 * stays free for everyone else's requests while it is unpacked.
 */
function inflateChecked(packed: Buffer, entry: ZipEntry): Promise<[Buffer, number]> {
  if (entry.size === 0) return Promise.resolve([Buffer.alloc(0), 0])
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw()
    const chunks: Buffer[] = []
    let length = 0
    // The checksum grows with each chunk, so no single step of the check holds the event loop.
    let checksum = 0
    const fail = () => reject(unsafe(`The entry ${entry.name} unpacks to more than it declares, or is damaged`))
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > entry.size) {
        inflater.destroy()
        fail()
        return
      }
      checksum = crc32(chunk, checksum)
      chunks.push(chunk)
    })
    inflater.on('error', fail)
    inflater.on('end', () => resolve([Buffer.concat(chunks, length), checksum]))
    inflater.end(packed)
  })
}
