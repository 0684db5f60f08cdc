import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export interface ServerProcess {
  child: ChildProcess
  base: string
  /** Resolves once the process has gone, however it ended. */
  exited: Promise<void>
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * The real server (`src/server/main.ts` through tsx) as a process of its own on `dataDir`, so a
 * test can kill it as a power cut or the kernel would, then start it again on the same data.
 */
export async function startServerProcess(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  // Polling is the only way to know a separate process is listening.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, exited }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start')
}

/** Signs a new person up on a running server and answers their session cookie. */
export async function signUpOver(base: string, email: string): Promise<string> {
  const answer = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'una-clave-durable' }),
  })
  if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}`)
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
