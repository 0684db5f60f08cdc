// `npm run bench`: figures, not pass/fail. Starts the built server on a fresh SQLite data folder,
// then measures the dream API under concurrent load and prints the web bundle sizes.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfNeeded, root, serverEntry } from './build-if-needed.mjs'

const port = Number(process.env.BENCH_PORT ?? 3190)
const base = `http://127.0.0.1:${port}`
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-'))
const server = spawn('node', [serverEntry], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: 'inherit',
})

async function waitForHealth() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not start')
}

/** Runs `request` from `concurrency` loops for `seconds`; returns throughput and latency percentiles. */
async function load(name, request) {
  const latencies = []
  let failures = 0
  const end = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const start = performance.now()
        const response = await request()
        await response.arrayBuffer()
        latencies.push(performance.now() - start)
        if (!response.ok) failures += 1
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
  console.log(
    `${name.padEnd(28)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pick(0.5)} ms   p95 ${pick(0.95)} ms   p99 ${pick(0.99)} ms   failures ${failures}`,
  )
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

try {
  await waitForHealth()
  const headers = { 'content-type': 'application/json', origin: base }
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'bench-password-2026' }),
  })
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const authed = { ...headers, cookie }
  for (let i = 0; i < 100; i += 1) {
    await fetch(`${base}/api/dreams`, { method: 'POST', headers: authed, body: JSON.stringify({ title: `Sueño ${i}`, content: 'Volaba sobre un río de luz. '.repeat(8) }) })
  }
  console.log(`API on SQLite, ${concurrency} concurrent clients, ${seconds} s each:`)
  await load('GET /api/health', () => fetch(`${base}/api/health`))
  await load('GET /api/dreams (100 dreams)', () => fetch(`${base}/api/dreams`, { headers: { cookie } }))
  await load('POST /api/dreams', () => fetch(`${base}/api/dreams`, { method: 'POST', headers: authed, body: JSON.stringify({ content: 'Un sueño breve.' }) }))
  bundleSizes()
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
