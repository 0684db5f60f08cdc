import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, signUpOver, startServerProcess } from './test/server-process.ts'
import { encodeMetadata, tusHeaders } from './test/tus-client.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function dataFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'legado-crash-'))
  folders.push(folder)
  return folder
}

describe('a crash in the middle of writing, on SQLite', () => {
  it('keeps every acknowledged write and a sound database after SIGKILL and a restart', async () => {
    const dataDir = dataFolder()
    const port = await freePort()
    const first = await startServerProcess(dataDir, port)
    const base = first.base
    const json = { 'content-type': 'application/json', origin: base }
    const cookie = await signUpOver(base, 'durable@example.com')

    // Eight writers keep writing dreams; whatever the server acknowledged must survive.
    const acknowledged: string[] = []
    let stopping = false
    const writer = async (n: number) => {
      for (let i = 0; !stopping; i += 1) {
        const content = `Sueño ${n}-${i} 🌙 que no se puede perder`
        const answer = await fetch(`${base}/api/dreams`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ content }) }).catch(() => undefined)
        if (answer?.status === 201) acknowledged.push(((await answer.json().catch(() => ({}))) as { id?: string }).id ?? '')
      }
    }
    const writers = Array.from({ length: 8 }, (_, n) => writer(n))
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 20))
    first.child.kill('SIGKILL')
    await first.exited
    stopping = true
    await Promise.all(writers)

    const database = new Database(path.join(dataDir, 'legado.db'))
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok')
    } finally {
      database.close()
    }
    const second = await startServerProcess(dataDir, port)
    try {
      const dreams = (await (await fetch(`${base}/api/dreams`, { headers: { cookie } })).json()) as { dreams: { id: string }[] }
      const kept = new Set(dreams.dreams.map((dream) => dream.id))
      expect(acknowledged.filter((id) => id === '' || !kept.has(id))).toEqual([])
      expect(kept.size).toBeGreaterThanOrEqual(acknowledged.length)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  }, 60_000)
})

describe('an upload cut mid-way by a crash', () => {
  it('resumes after the restart from the bytes that arrived, and the stored photo is byte-identical', async () => {
    const dataDir = dataFolder()
    const port = await freePort()
    const first = await startServerProcess(dataDir, port)
    const base = first.base
    const cookie = await signUpOver(base, 'resume@example.com')
    const headers = { cookie, origin: base, ...tusHeaders }
    const member = await fetch(`${base}/api/family-tree/members`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rosa', lastName: 'Díaz', isSelf: true }),
    })
    const memberId = ((await member.json()) as { member: { memberId: string } }).member.memberId
    // Noise does not compress: a photo of about 1.4 MB.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer()

    const created = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(photo.length),
        'upload-metadata': encodeMetadata({ filename: 'abuela-rosa.png', linkedToType: 'member', linkedToId: memberId }),
      },
    })
    expect(created.status).toBe(201)
    const location = new URL(created.headers.get('location')!, base)
    const uploadFile = path.join(dataDir, 'uploads', location.pathname.split('/').pop()!)

    // The whole photo is announced, but the connection dies after 600 kB: the server is killed
    // while the request is still open, as in a power cut in the middle of an upload.
    const arrived = 600_000
    const cut = request(location, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(photo.length) },
    })
    cut.on('error', () => undefined)
    cut.write(photo.subarray(0, arrived))
    // Only the file on disk can say when a separate process has written what it received.
    while (statSync(uploadFile).size < arrived) await new Promise((resolve) => setTimeout(resolve, 10))
    first.child.kill('SIGKILL')
    await first.exited
    cut.destroy()

    const second = await startServerProcess(dataDir, port)
    try {
      const head = await fetch(location, { method: 'HEAD', headers })
      expect(head.status).toBe(200)
      expect(head.headers.get('upload-offset')).toBe(String(arrived))

      const rest = await fetch(location, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(arrived), 'content-type': 'application/offset+octet-stream' },
        body: photo.subarray(arrived),
      })
      expect(rest.status, await rest.clone().text()).toBe(204)
      const mediaId = rest.headers.get('legado-media-id')!
      const asset = (await (await fetch(`${base}/api/media/${mediaId}`, { headers: { cookie } })).json()) as { downloadURL: string; sizeBytes: number }
      const stored = Buffer.from(await (await fetch(new URL(asset.downloadURL, base), { headers: { cookie } })).arrayBuffer())
      expect(stored.length).toBe(photo.length)
      expect(stored.equals(photo)).toBe(true)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  }, 60_000)
})
