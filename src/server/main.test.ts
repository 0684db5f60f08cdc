import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs the real entry point (through tsx) with `env`, collecting its output. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('the server process', () => {
  it('refuses to start on bad settings, naming each bad key', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('Invalid configuration')
    expect(server.output()).toContain('PORT: must be a number')
    expect(server.output()).toContain('DATABASE_URL: must be a postgres')
  })

  it('starts, answers, and shuts down cleanly on SIGTERM', async () => {
    const port = 3400 + Math.floor(Math.random() * 500)
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1' })
    let healthy = false
    for (let attempt = 0; attempt < 150 && !healthy; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)
    }
    expect(healthy, server.output()).toBe(true)
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nadie@example.com', password: 'secreto-que-no-se-loguea' }),
    })
    expect(response.status).toBe(401)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('shutting down')
    // Request logs must never carry a password.
    expect(server.output()).toContain('/api/auth/sign-in/email')
    expect(server.output()).not.toContain('secreto-que-no-se-loguea')
  }, 30_000)
})
