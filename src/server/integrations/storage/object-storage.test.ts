import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3, type TestS3 } from '../../test/s3-server.ts'
import { createObjectStorage } from './create-storage.ts'
import { ObjectExistsError, ObjectNotFoundError, type ObjectStorage } from './object-storage.ts'

const backends: [string, () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>][] = [
  [
    'local disk',
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'legado-media-'))
      const { storage } = createObjectStorage({ kind: 'local', dir: root })
      return { storage, close: async () => rmSync(root, { recursive: true, force: true }) }
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3: TestS3 = await startTestS3()
      const opened = createObjectStorage({
        kind: 's3',
        s3: { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials },
      })
      return {
        storage: opened.storage,
        close: async () => {
          opened.close()
          await s3.close()
        },
      }
    },
  ],
]

describe.each(backends)('object storage on %s', (_name, open) => {
  let storage: ObjectStorage
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, close } = await open())
  })
  afterAll(() => close())

  const key = 'userMedia/u1/member/2026-11/Abuela_Rosa_1795000000000.txt'
  const body = Buffer.from('Había una vez, en Medellín, una abuela que contaba historias.\n', 'utf8')

  it('stores bytes exactly and reads them back, whole or by range', async () => {
    await storage.put(key, body, 'text/plain; charset=utf-8')
    expect(await storage.size(key)).toBe(body.length)
    expect(Buffer.from(await text(await storage.get(key)))).toEqual(body)
    // 'Había' is six bytes in UTF-8: bytes 0–5 inclusive.
    expect(await text(await storage.get(key, { start: 0, end: 5 }))).toBe('Había')
    expect(await text(await storage.get(key, { start: 7, end: 10 }))).toBe('una ')
  })

  it('stores binary content byte for byte', async () => {
    const binary = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256))
    await storage.put('userMedia/u1/general/2026-11/ruido_1.bin', binary, 'application/octet-stream')
    const stream = await storage.get('userMedia/u1/general/2026-11/ruido_1.bin')
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(binary)).toBe(true)
  })

  it('stores a stream of known size byte for byte, and a stream that fails leaves no object', async () => {
    const binary = Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 31) % 256))
    const streamed = 'userMedia/u1/general/2026-11/flujo_1.bin'
    const chunks = [binary.subarray(0, 100_000), binary.subarray(100_000, 450_000), binary.subarray(450_000)]
    await storage.putStream(streamed, Readable.from(chunks), 'application/octet-stream', binary.length)
    expect(await storage.size(streamed)).toBe(binary.length)
    expect(Buffer.from(await (await storage.get(streamed)).toArray().then((parts: Buffer[]) => Buffer.concat(parts))).equals(binary)).toBe(true)

    const broken = 'userMedia/u1/general/2026-11/roto_1.bin'
    async function* failing() {
      yield binary.subarray(0, 200_000)
      throw new Error('the upload store went away')
    }
    await expect(storage.putStream(broken, Readable.from(failing()), 'application/octet-stream', binary.length)).rejects.toThrow()
    // The request is aborted short of its Content-Length: S3 and MinIO refuse such a body
    // (IncompleteBody), but s3rver keeps what arrived, so only the local disk is checked here.
    if (_name === 'local disk') {
      expect(await storage.size(broken)).toBeUndefined()
      const keys: string[] = []
      for await (const listed of storage.list('userMedia/u1/general/')) keys.push(listed)
      expect(keys.filter((listed) => listed.includes('roto'))).toEqual([])
    }
  })

  // s3rver ignores If-None-Match; S3, MinIO and R2 answer 412, which the S3 storage maps alike.
  it.runIf(_name === 'local disk')('never overwrites an object: a second put on a taken key is refused and the first bytes stay', async () => {
    const taken = 'userMedia/u1/member/2026-11/foto_1795000000000_a1.txt'
    await storage.put(taken, body, 'text/plain')
    await expect(storage.put(taken, Buffer.from('otra cosa'), 'text/plain')).rejects.toBeInstanceOf(ObjectExistsError)
    await expect(storage.putStream(taken, Readable.from([Buffer.from('otra cosa')]), 'text/plain', 9)).rejects.toBeInstanceOf(ObjectExistsError)
    expect(Buffer.from(await text(await storage.get(taken)))).toEqual(body)
    await storage.delete(taken)
  })

  it.runIf(_name === 'local disk')('adopts a finished file on the same disk: the bytes stay when the file goes, and a taken key is refused', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'legado-adopt-'))
    try {
      const source = path.join(folder, 'upload')
      const binary = Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 13) % 256))
      writeFileSync(source, binary)
      const adopted = 'userMedia/u1/general/2026-11/adoptado_1.bin'
      await storage.adoptFile!(adopted, source)
      rmSync(source)
      expect(await storage.size(adopted)).toBe(binary.length)
      expect(Buffer.concat(await (await storage.get(adopted)).toArray()).equals(binary)).toBe(true)

      writeFileSync(source, 'otra cosa')
      await expect(storage.adoptFile!(adopted, source)).rejects.toBeInstanceOf(ObjectExistsError)
      expect(await storage.size(adopted)).toBe(binary.length)
      await storage.delete(adopted)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('lists the keys under a prefix', async () => {
    const keys = ['userMedia/u9/member/2026-11/a_1_x.txt', 'userMedia/u9/general/2026-11/b_2_y.txt']
    for (const key of keys) await storage.put(key, body, 'text/plain')
    const listed: string[] = []
    for await (const key of storage.list('userMedia/u9/')) listed.push(key)
    expect(listed.sort()).toEqual([...keys].sort())
    for (const key of keys) await storage.delete(key)
  })

  it('reports a missing object, and deleting twice is fine', async () => {
    await storage.delete(key)
    expect(await storage.size(key)).toBeUndefined()
    await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError)
    await storage.delete(key)
  })

  it('refuses keys that could climb out of the media root', async () => {
    for (const bad of ['../secret', 'userMedia/../../etc/passwd', '/abs/path', 'a//b', 'a\\b', '']) {
      await expect(storage.put(bad, body, 'text/plain')).rejects.toThrow(/Unsafe storage key/)
    }
  })
})
