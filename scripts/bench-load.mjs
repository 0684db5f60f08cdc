// Sustained load: 200 connections for 60 s of mixed, authenticated reads and writes (dreams, the
// family tree, memories, the session), on SQLite and then on PostgreSQL, against the built
// server. Prints throughput, latency percentiles and every error; exits 1 if any request failed,
// since under this load the only acceptable number of errors is zero.
//
// BENCH_LOAD_SECONDS (60), BENCH_LOAD_CONNECTIONS (200), BENCH_LOAD_USERS (20). PostgreSQL runs when
// BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set, in a schema of its own that is dropped afterwards.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60)
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200)
const users = Number(process.env.BENCH_LOAD_USERS ?? 20)
const port = Number(process.env.BENCH_PORT ?? 3192)
const base = `http://127.0.0.1:${port}`
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL

/** A small seeded generator, so every run draws the same mix of requests. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const json = { 'content-type': 'application/json', origin: base }

/** A body is JSON; a request without one must not claim a type (the API refuses an empty JSON body). */
const headersFor = (cookie, body) => (body ? { ...json, cookie } : { origin: base, cookie })

async function call(method, url, cookie, body) {
  const response = await fetch(`${base}${url}`, { method, headers: headersFor(cookie, body), ...(body ? { body: JSON.stringify(body) } : {}) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`)
  return text ? JSON.parse(text) : undefined
}

/** Each person: a session, 30 dreams, themselves and five relatives, and three memories. */
async function seedUser(n) {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    // No name: a named sign-up makes the person's own card, and the tree below is built whole.
    body: JSON.stringify({ email: `carga-${n}@example.com`, password: 'una-clave-de-carga' }),
  })
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`)
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const dreams = []
  for (let i = 0; i < 30; i += 1) dreams.push((await call('POST', '/api/dreams', cookie, { title: `Sueño ${i}`, content: 'Volaba sobre un río de luz. '.repeat(6) })).id)
  await call('POST', '/api/family-tree/members', cookie, { firstName: 'Rosa', lastName: 'Díaz', isSelf: true })
  for (const [firstName, relationship] of [
    ['Carmen', 'Madre'],
    ['José', 'Padre'],
    ['Lucía', 'Hermana'],
    ['Pedro', 'Abuelo'],
    ['Inés', 'Abuela'],
  ]) {
    await call('POST', '/api/family-tree/members', cookie, { firstName, lastName: 'Díaz', relationshipToOwner: relationship })
  }
  for (let i = 0; i < 3; i += 1) await call('POST', '/api/biography/entries', cookie, { content: `Un recuerdo de la infancia número ${i}, con el olor del pan.` })
  return { cookie, dreams }
}

/** The mix a family's day looks like: mostly reading, a fair share of writing, some deleting. */
function pickRequest(draw, person, mine) {
  const roll = draw()
  if (roll < 0.35) return ['GET', '/api/dreams']
  if (roll < 0.5) return ['GET', '/api/family-tree']
  if (roll < 0.6) return ['GET', '/api/biography/entries']
  if (roll < 0.7) return ['GET', '/api/auth/get-session']
  if (roll < 0.85) return ['POST', '/api/dreams', { content: `Soñé con la casa del pueblo 🌙 ${Math.floor(draw() * 1e6)}` }, 'created']
  if (roll < 0.95) {
    const id = person.dreams[Math.floor(draw() * person.dreams.length)]
    return ['PATCH', `/api/dreams/${id}`, { content: `Volví a soñarlo, distinto ${Math.floor(draw() * 1e6)}` }]
  }
  const id = mine.pop()
  return id ? ['DELETE', `/api/dreams/${id}`] : ['GET', '/api/dreams']
}

async function run(label, env) {
  const server = await startServer(port, env)
  try {
    const people = []
    for (let n = 0; n < users; n += 1) people.push(await seedUser(n))
    const latencies = []
    const perRoute = new Map()
    const errors = new Map()
    const end = Date.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: connections }, async (_, loop) => {
        const draw = random(loop + 1)
        const person = people[loop % people.length]
        const mine = []
        while (Date.now() < end) {
          const [method, url, body, keep] = pickRequest(draw, person, mine)
          const route = `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')}`
          const start = performance.now()
          let outcome
          try {
            const response = await fetch(`${base}${url}`, { method, headers: headersFor(person.cookie, body), ...(body ? { body: JSON.stringify(body) } : {}) })
            const text = await response.text()
            outcome = response.ok ? undefined : `${response.status} ${text.slice(0, 120)}`
            if (response.ok && keep) mine.push(JSON.parse(text).id)
          } catch (error) {
            outcome = `network: ${error.cause?.code ?? error.message}`
          }
          latencies.push(performance.now() - start)
          perRoute.set(route, (perRoute.get(route) ?? 0) + 1)
          if (outcome) errors.set(`${route} → ${outcome}`, (errors.get(`${route} → ${outcome}`) ?? 0) + 1)
        }
      }),
    )
    latencies.sort((a, b) => a - b)
    const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
    const failed = [...errors.values()].reduce((sum, n) => sum + n, 0)
    console.log(`\n${label}: ${connections} connections, ${users} people, ${seconds} s`)
    console.log(
      `  ${latencies.length} requests, ${(latencies.length / seconds).toFixed(0)} req/s   p50 ${pick(0.5)} ms   p95 ${pick(0.95)} ms   p99 ${pick(0.99)} ms   max ${pick(1)} ms   errors ${failed}`,
    )
    for (const [route, count] of [...perRoute].sort((a, b) => b[1] - a[1])) console.log(`    ${route.padEnd(32)} ${String(count).padStart(8)}`)
    for (const [error, count] of errors) console.log(`  ERROR ×${count}: ${error}`)
    return failed
  } finally {
    await stopServer(server)
  }
}

buildIfNeeded()
let failures = 0
const sqliteDir = mkdtempSync(path.join(tmpdir(), 'legado-load-'))
try {
  failures += await run('Load on SQLite', { DATA_DIR: sqliteDir })
} finally {
  rmSync(sqliteDir, { recursive: true, force: true })
}
if (postgresUrl) {
  const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-load-'))
  try {
    failures += await run('Load on PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, AUTH_SECRET: randomUUID() + randomUUID() })
  } finally {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    await client.query(`drop schema if exists "${schema}" cascade`)
    await client.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
} else {
  console.log('\nLoad on PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)')
}
if (failures > 0) process.exitCode = 1
