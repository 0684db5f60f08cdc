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
  /** The address the server announces once it listens (Fastify logs it); rejects if it exits first. */
  const listening = () =>
    new Promise<string>((resolve, reject) => {
      const announced = () => /Server listening at (http:\/\/[^"\s]+)/.exec(output)?.[1]
      const check = () => {
        const address = announced()
        if (address) resolve(address)
      }
      check()
      child.stdout.on('data', check)
      void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)))
    })
  return { child, exited, listening, output: () => output }
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
    // Any free port: the server says which once it listens, so nothing polls for it to come up.
    const server = startServer({ PORT: '0', HOST: '127.0.0.1' })
    const address = await server.listening()
    expect((await fetch(`${address}/api/health`)).ok, server.output()).toBe(true)
    const response = await fetch(`${address}/api/auth/sign-in/email`, {
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
