// The whole GEDCOM import through the API, against the built server on a fresh SQLite data folder
// (and PostgreSQL when BENCH_POSTGRES_URL is set): the file is posted as multipart, the job is
// followed until it ends, and meanwhile another person keeps reading (their session, dreams and
// tree) to show the server still answers. Reports the import's wall time, the server's peak RSS
// (the kernel's VmHWM for the whole process, worker thread included) and the readers' latencies.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildIfNeeded, serverEntry } from './build-if-needed.mjs'

const port = Number(process.env.BENCH_GEDCOM_PORT ?? 3509)
export const base = `http://127.0.0.1:${port}`
const readers = Number(process.env.BENCH_GEDCOM_READERS ?? 4)
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`

export async function startServer(env) {
  // BENCH_SERVER_FLAGS passes Node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)
  const server = spawn(process.execPath, [...flags, serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SIGNUP_RATE_LIMIT_PER_HOUR: '100000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
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
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
}

export async function signUp(name) {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    // No name: a named sign-up makes the person's own card, and each bench builds its tree itself.
    body: JSON.stringify({ email: `${name}-${randomUUID()}@example.com`, password: 'una-clave-de-prueba' }),
  })
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** An API answer as JSON, as `cookie` asks for it (a body is sent as JSON); anything but 2xx throws. */
export async function json(url, cookie, init = {}) {
  const response = await fetch(`${base}${url}`, { ...init, headers: { origin: base, cookie, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

/** Imports a GEDCOM text into `cookie`'s tree through the API and waits for its job to end. */
export async function importGedcom(cookie, text) {
  const body = new FormData()
  body.append('file', new Blob([text]), 'familia.ged')
  const posted = await fetch(`${base}/api/family-tree/gedcom`, { method: 'POST', headers: { origin: base, cookie }, body })
  if (posted.status !== 202) throw new Error(`the import answered ${posted.status}: ${await posted.text()}`)
  let { job } = await posted.json()
  while (job.status !== 'done' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 100))
    job = (await json(`/api/family-tree/gedcom/imports/${job.id}`, cookie)).job
  }
  if (job.status !== 'done') throw new Error(`the import failed: ${job.errorCode}`)
}

/** The kernel's peak resident set of the server process so far. */
function peakRss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))
  return line ? Number(line.split(/\s+/)[1]) * 1024 : NaN
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** Reads as another person would while the import runs, until `isDone()`; returns every latency in ms. */
export async function readMeanwhile(cookie, isDone) {
  const latencies = []
  let failures = 0
  const urls = ['/api/me', '/api/dreams', '/api/family-tree']
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      for (let i = reader; !isDone(); i += 1) {
        const started = performance.now()
        const response = await fetch(`${base}${urls[i % urls.length]}`, { headers: { cookie } })
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
        if (!response.ok) failures += 1
      }
    }),
  )
  return { latencies: latencies.sort((a, b) => a - b), failures }
}

async function importOnce(file, label, env) {
  const server = await startServer(env)
  try {
    const [importer, reader] = [await signUp('importa'), await signUp('lee')]
    for (const [firstName, relationshipToOwner] of [
      ['Rosa', 'Yo'],
      ['Carmen', 'Madre'],
      ['José', 'Padre'],
    ]) {
      await fetch(`${base}/api/family-tree/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: reader },
        body: JSON.stringify({ firstName, lastName: 'Díaz', relationshipToOwner }),
      })
    }
    const body = new FormData()
    body.append('file', new Blob([readFileSync(file)]), path.basename(file))
    let done = false
    const reading = readMeanwhile(reader, () => done)
    const started = performance.now()
    const posted = await fetch(`${base}/api/family-tree/gedcom`, { method: 'POST', headers: { origin: base, cookie: importer }, body })
    if (posted.status !== 202) throw new Error(`the import answered ${posted.status}: ${await posted.text()}`)
    let { job } = await posted.json()
    while (job.status !== 'done' && job.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 50))
      job = (await (await fetch(`${base}/api/family-tree/gedcom/imports/${job.id}`, { headers: { cookie: importer } })).json()).job
    }
    const ms = performance.now() - started
    done = true
    const { latencies, failures } = await reading
    const rss = peakRss(server.pid)
    const written = job.report
      ? `${job.report.members.created.toLocaleString('en')} people, ${job.report.unions.created.toLocaleString('en')} unions, ${job.report.links.created.toLocaleString('en')} links, ${job.report.problems.length + job.report.moreProblems} problems`
      : `failed: ${job.errorCode}`
    console.log(`  import (API, ${label}) ${String(ms.toFixed(0)).padStart(6)} ms  server peak RSS ${mib(rss)}  ${written}`)
    console.log(
      `    reads meanwhile: ${latencies.length} by ${readers} readers, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, ${failures} failed`,
    )
    // The same tree out again, as a person downloads it, in each version.
    for (const version of ['5.5.1', '7.0']) {
      const exportStarted = performance.now()
      const exported = await fetch(`${base}/api/family-tree/gedcom?version=${version}`, { headers: { cookie: importer } })
      const bytes = (await exported.arrayBuffer()).byteLength
      if (!exported.ok) throw new Error(`the ${version} export answered ${exported.status}`)
      console.log(`  export (API, ${label}, GEDCOM ${version}) ${String((performance.now() - exportStarted).toFixed(0)).padStart(6)} ms  ${mib(bytes)}`)
    }
  } finally {
    await stopServer(server)
  }
}

/** Times the import of `file` through the API on SQLite, then on PostgreSQL when configured. */
export async function benchApiImport(file) {
  buildIfNeeded()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-gedcom-api-'))
  try {
    await importOnce(file, 'SQLite', { DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const postgresUrl = process.env.BENCH_POSTGRES_URL
  if (!postgresUrl) return
  const schema = `bench_gedcom_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const pgDir = mkdtempSync(path.join(tmpdir(), 'bench-gedcom-api-'))
  try {
    await importOnce(file, 'PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, AUTH_SECRET: randomUUID() + randomUUID() })
  } finally {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    await client.query(`drop schema if exists ${schema} cascade`)
    await client.end()
    rmSync(pgDir, { recursive: true, force: true })
  }
}
