import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signUpTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'

/** Runs a server entry point through tsx with the test app's settings, collecting its output. */
function run(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output, exited }
}

const resetLinkCli = (t: TestApp, email: string) => run('src/server/features/account/reset-link-cli.ts', [email], { ...t.env, PUBLIC_URL: 'https://legado.example.org' })

describe.each(testDatabases)('npm run reset-link on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('prints a one-time link on the public address that sets a new password', async () => {
    const user = await signUpTestUser(t.app)
    const cli = resetLinkCli(t, user.email)
    expect(await cli.exited, cli.output.stderr).toBe(0)
    const link = cli.output.stdout.trim()
    expect(link).toMatch(/^https:\/\/legado\.example\.org\/reset-password#token=[\w-]+$/)
    const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''))

    const reset = (newPassword: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })
    expect((await reset('la-clave-que-dio-el-cuidador')).statusCode).toBe(204)
    expect((await reset('y-otra-vez-la-misma')).statusCode).toBe(410)
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'la-clave-que-dio-el-cuidador' } })
    expect(signIn.statusCode).toBe(200)
  })

  it('says so, and prints no link, when no account has the e-mail', async () => {
    const cli = resetLinkCli(t, 'nadie@example.org')
    expect(await cli.exited).toBe(1)
    expect(cli.output.stdout).toBe('')
    expect(cli.output.stderr).toContain('No account has the e-mail nadie@example.org')
  })
})

describe('a reset asked of a server without mail', () => {
  it('is told in the server log, never to the person', async () => {
    const t = await createTestApp('sqlite')
    const server = run('src/server/main.ts', [], { ...t.env, PORT: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1' })
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const check = () => {
          const found = /Server listening at (http:\/\/[^"\s]+)/.exec(server.output.stdout)?.[1]
          if (found) resolve(found)
        }
        server.child.stdout.on('data', check)
        void server.exited.then((code) => reject(new Error(`the server exited (${code}):\n${server.output.stdout}${server.output.stderr}`)))
      })
      const response = await fetch(`${address}/api/auth/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alguien@example.org' }),
      })
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      await expect.poll(() => server.output.stdout).toContain('a password reset was asked, and no mail server is configured')
      expect(server.output.stdout).not.toContain('alguien@example.org')
    } finally {
      server.child.kill()
      await server.exited
      await t.close()
    }
  })
})
