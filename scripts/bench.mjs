// `npm run bench`: figures, not pass/fail. Starts the built server on a fresh SQLite data folder
// (then on PostgreSQL when BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set, in a schema of its own
// dropped afterwards) and measures what a session costs: authenticated GET /api/dreams with 200
// dreams against /api/health in the same run (goal: at least 40% of its rate), then p99 at a fixed
// rate (goal: 25 ms at 500 req/s). Prints the web bundle sizes last.
//
// BENCH_SECONDS (5), BENCH_CONCURRENCY (16), BENCH_RATE (500), BENCH_PORT (3190).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { closedLoop, cpuMs, formatRun, interleavedLoops, openLoop, postgresSchema, postgresUrl, signUp, startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded, root } from './build-if-needed.mjs'

const port = Number(process.env.BENCH_PORT ?? 3190)
const base = `http://127.0.0.1:${port}`
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const rate = Number(process.env.BENCH_RATE ?? 500)

async function run(label, env) {
  const server = await startServer(port, env)
  try {
    const cookie = await signUp(base, 'bench@example.com')
    const authed = { 'content-type': 'application/json', origin: base, cookie }
    for (let i = 0; i < 200; i += 1) {
      const created = await fetch(`${base}/api/dreams`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify({ title: `Sueño ${i}`, content: 'Volaba sobre un río de luz. '.repeat(8) }),
      })
      if (created.status !== 201) throw new Error(`creating a dream answered ${created.status}`)
    }
    // The browser's headers: it always offers compression.
    const browser = { 'accept-encoding': 'gzip, deflate, br' }
    const options = { seconds, concurrency, serverPid: server.pid }
    // A short warm-up, so the first figures do not include the JIT's first compilations.
    await closedLoop(`${base}/api/dreams`, { ...browser, cookie }, { seconds: 1, concurrency })
    console.log(`\n${label}: ${concurrency} concurrent clients, ${seconds} s each, in turns of ${seconds / 10} s (load average ${loadAverage()})`)
    // The session's own cost shows in /api/me: an authenticated answer of a few hundred bytes.
    const [health, session, dreams] = await interleavedLoops(
      [
        { url: `${base}/api/health`, headers: browser },
        { url: `${base}/api/me`, headers: { ...browser, cookie } },
        { url: `${base}/api/dreams`, headers: { ...browser, cookie } },
      ],
      options,
    )
    console.log(formatRun('GET /api/health', health))
    console.log(formatRun('GET /api/me', session))
    console.log(formatRun('GET /api/dreams (200 dreams)', dreams))
    console.log(`  ratio dreams / health: ${((dreams.rate / health.rate) * 100).toFixed(0)}% (goal ≥ 40%); me / health: ${((session.rate / health.rate) * 100).toFixed(0)}%`)
    // The server's CPU per request does not swing with other work on the machine as rates do.
    if (dreams.cpuPerRequestMs)
      console.log(
        `  server CPU per request, health / dreams: ${((health.cpuPerRequestMs / dreams.cpuPerRequestMs) * 100).toFixed(0)}%; health / me: ${((health.cpuPerRequestMs / session.cpuPerRequestMs) * 100).toFixed(0)}%`,
      )
    const cpuBefore = cpuMs(server.pid)
    const fixed = await openLoop(`${base}/api/dreams`, { ...browser, cookie }, { seconds, rate })
    if (cpuBefore !== undefined) fixed.cpuPerRequestMs = (cpuMs(server.pid) - cpuBefore) / (seconds * rate)
    console.log(formatRun(`  at a fixed ${rate} req/s`, fixed))
    console.log(`  p99 at ${rate} req/s: ${fixed.p99.toFixed(1)} ms (goal ≤ 25 ms)`)
  } finally {
    await stopServer(server)
  }
}

function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
  } catch {
    return 'unknown'
  }
}

function bundleSizes() {
  const assets = path.join(root, 'dist/web/assets')
  const files = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))
  const rows = files.map((file) => {
    const bytes = readFileSync(path.join(assets, file))
    return { file, raw: statSync(path.join(assets, file)).size, gzip: gzipSync(bytes).length }
  })
  rows.sort((a, b) => b.gzip - a.gzip)
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`
  console.log('\nWeb bundle (largest first, gzip):')
  for (const row of rows.slice(0, 12)) console.log(`  ${row.file.padEnd(44)} ${kb(row.gzip).padStart(10)}  (${kb(row.raw)} raw)`)
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  console.log(`  total ${kb(total)} gzip in ${rows.length} files`)
}

buildIfNeeded()
const sqliteDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-'))
try {
  await run('API on SQLite', { DATA_DIR: sqliteDir })
} finally {
  rmSync(sqliteDir, { recursive: true, force: true })
}
if (postgresUrl) {
  const database = postgresSchema()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-'))
  try {
    await run('API on PostgreSQL', { DATA_DIR: dataDir, ...database.env })
  } finally {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
} else {
  console.log('\nAPI on PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)')
}
bundleSizes()
