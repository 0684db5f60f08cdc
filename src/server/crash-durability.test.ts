import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-crash-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The real server (through tsx) on `port` and `dataDir`, answering once healthy. */
async function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return { child, exited }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start')
}

describe('a crash in the middle of writing, on SQLite', () => {
  it('keeps every acknowledged write and a sound database after SIGKILL and a restart', async () => {
    const port = 3900 + Math.floor(Math.random() * 90)
    const base = `http://127.0.0.1:${port}`
    const first = await startServer(port)
    const json = { 'content-type': 'application/json', origin: base }
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'durable@example.com', password: 'una-clave-durable' }) })
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

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
    const second = await startServer(port)
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
