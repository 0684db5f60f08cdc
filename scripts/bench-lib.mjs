// What the API benches share: the built server in a child process, a PostgreSQL schema of its own,
// and two load generators over plain keep-alive node:http (fetch costs the client more than the
// server spends on a small answer, and would measure the client instead).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import pg from 'pg'
import { serverEntry } from './build-if-needed.mjs'

export const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL

/**
 * CPU time a process has used so far, in ms: the sum of its threads' time on a CPU (Linux's
 * schedstat, nanoseconds, so libuv's pool threads count and short requests are not lost in 10 ms
 * ticks), or undefined elsewhere. On a machine shared with other work, wall-clock times swing with
 * the load; CPU per request or upload does not.
 */
export function cpuMs(pid) {
  try {
    let ns = 0
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
    return ns / 1e6
  } catch {
    return undefined
  }
}

/** Starts `node dist/server/server/main.js` on `port` and waits for its health check. */
export async function startServer(port, env) {
  const server = spawn('node', [...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean), serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SIGNUP_RATE_LIMIT_PER_HOUR: '100000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill('SIGKILL')
  throw new Error('the server did not start')
}

export async function stopServer(server) {
  if (server.exitCode !== null) return
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
}

/** A fresh PostgreSQL schema for one run: the server's settings, and how to drop it afterwards. */
export function postgresSchema(prefix = 'bench') {
  const schema = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  return {
    schema,
    env: { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, AUTH_SECRET: randomUUID() + randomUUID() },
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`drop schema if exists "${schema}" cascade`)
      await client.end()
    },
  }
}

/** Signs a person up; answers the Cookie header of their session. */
export async function signUp(base, email) {
  const answer = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    // No name: a named sign-up makes the person's own card, and each bench builds its tree itself.
    body: JSON.stringify({ email, password: 'bench-password-2026' }),
  })
  if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}`)
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** One GET over `agent`; resolves with the status once the whole body has arrived. */
function get(agent, url, headers) {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.on('data', () => undefined)
      res.on('end', () => resolve(res.statusCode))
      res.on('error', () => resolve(0))
    })
    req.on('error', () => resolve(0))
    req.end()
  })
}

function percentiles(latencies) {
  latencies.sort((a, b) => a - b)
  const pick = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN)
  return { p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), max: pick(1) }
}

/** `concurrency` clients that each send the next request when the last one is answered, for `ms`. */
async function closedLoopFor(agent, url, headers, ms, concurrency, latencies) {
  let failures = 0
  const end = performance.now() + ms
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now()
        const status = await get(agent, url, headers)
        latencies.push(performance.now() - start)
        if (status !== 200) failures += 1
      }
    }),
  )
  return failures
}

/** Closed loop: `concurrency` clients each send the next request when the last one is answered. */
export async function closedLoop(url, headers, { seconds, concurrency }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies = []
  const failures = await closedLoopFor(agent, url, headers, seconds * 1000, concurrency, latencies)
  agent.destroy()
  return { rate: latencies.length / seconds, failures, ...percentiles(latencies) }
}

/**
 * Closed loops on several targets taking turns in short slices (`rounds` of each), so that on a
 * machine shared with other work every target meets the same passing load and their ratio holds.
 * Answers one result per target, in order.
 */
export async function interleavedLoops(targets, { seconds, concurrency, rounds = 10, serverPid }) {
  const runs = targets.map(() => ({ latencies: [], failures: 0, cpu: 0, agent: new Agent({ keepAlive: true, maxSockets: concurrency }) }))
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, { url, headers }] of targets.entries()) {
      const run = runs[index]
      const cpuBefore = serverPid ? cpuMs(serverPid) : undefined
      run.failures += await closedLoopFor(run.agent, url, headers, (seconds * 1000) / rounds, concurrency, run.latencies)
      if (cpuBefore !== undefined) run.cpu += cpuMs(serverPid) - cpuBefore
    }
  }
  return runs.map(({ latencies, failures, cpu, agent }) => {
    agent.destroy()
    return { rate: latencies.length / seconds, failures, ...percentiles(latencies), ...(serverPid && latencies.length ? { cpuPerRequestMs: cpu / latencies.length } : {}) }
  })
}

/**
 * Open loop: requests leave at a fixed rate whether or not earlier ones were answered, as many
 * independent browsers would send them, and each latency is counted from when the request was
 * due (a slow server cannot hide its queue by slowing the client down).
 */
export async function openLoop(url, headers, { seconds, rate }) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const total = Math.round(seconds * rate)
  const latencies = []
  let failures = 0
  const pending = []
  const start = performance.now()
  let sent = 0
  while (sent < total) {
    const now = performance.now()
    while (sent < total && start + (sent * 1000) / rate <= now) {
      const due = start + (sent * 1000) / rate
      pending.push(
        get(agent, url, headers).then((status) => {
          latencies.push(performance.now() - due)
          if (status !== 200) failures += 1
        }),
      )
      sent += 1
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  await Promise.all(pending)
  agent.destroy()
  return { rate: total / seconds, failures, ...percentiles(latencies) }
}

export function formatRun(name, run) {
  const ms = (n) => `${n.toFixed(1)} ms`
  const cpu = run.cpuPerRequestMs === undefined ? '' : `   server CPU ${(run.cpuPerRequestMs * 1000).toFixed(0)} µs/req`
  return `${name.padEnd(30)} ${run.rate.toFixed(0).padStart(6)} req/s   p50 ${ms(run.p50)}   p95 ${ms(run.p95)}   p99 ${ms(run.p99)}   failures ${run.failures}${cpu}`
}

/** Milliseconds from sending the request to the first chunk containing `marker`; the rest is read to the end. */
export async function timeToFirst(url, init, marker) {
  const start = performance.now()
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  const decoder = new TextDecoder()
  let seen = ''
  let first
  for await (const chunk of response.body) {
    seen += decoder.decode(chunk, { stream: true })
    if (first === undefined && seen.includes(marker)) first = performance.now() - start
  }
  if (first === undefined) throw new Error(`no ${marker} in ${seen.slice(0, 300)}`)
  return first
}

/** The value at `fraction` (0.5, 0.95) of unsorted `values`. */
export const percentileOf = (values, fraction) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))]
