// Every read of a whole tree, at 10,000 and 100,000 rows of the shapes one account can store:
// interview sessions about a few members, people in many unions, one union of many children. The
// rows are written straight into the built server's SQLite file (as an import of them would leave
// them), then each read is asked for as a person would and timed, while another client asks for
// /api/health every 20 ms. Growth from 10,000 to 100,000 rows should be about ten times: a read
// that grows a hundredfold is quadratic somewhere. Each read also prints the longest task it held
// the server's thread for, in CPU time (scripts/loop-watch.mjs): on a machine busy with other work
// the /api/health figure grows with the wait for a CPU, that one does not.
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { buildIfNeeded } from './build-if-needed.mjs'

process.env.BENCH_GEDCOM_PORT ??= process.env.BENCH_WHOLE_TREE_PORT ?? '3511'
process.env.BENCH_SERVER_FLAGS = `--import=${new URL('./loop-watch.mjs', import.meta.url).href} ${process.env.BENCH_SERVER_FLAGS ?? ''}`
const { base, percentile, readMeanwhile, signUp, startServer, stopServer } = await import('./bench-gedcom-api.mjs')

const sizes = (process.env.BENCH_WHOLE_TREE_SIZES ?? '10000,100000').split(',').map(Number)
const now = new Date().toISOString()

/** The reads that answer with everything of one kind an account holds. */
const reads = [
  ['tree', '/api/family-tree'],
  ['GEDCOM 7.0', '/api/family-tree/gedcom?version=7.0'],
  ['GEDCOM 5.5.1', '/api/family-tree/gedcom?version=5.5.1'],
  ['account export', '/api/me/export'],
]

/** Rows of one shape for `size`: members, unions, parent links and interview sessions. */
const shapes = {
  'sessions per member': (size) => {
    const members = Array.from({ length: Math.max(1, size / 1000) }, (_, i) => ({ id: `m${i}` }))
    const sessions = Array.from({ length: size }, (_, i) => ({ id: `s${i}`, member: `m${i % members.length}` }))
    return { members, unions: [], links: [], sessions }
  },
  'unions per person': (size) => {
    const men = size / 100
    const members = Array.from({ length: men }, (_, i) => ({ id: `h${i}` }))
    const unions = []
    for (let i = 0; i < size; i += 1) {
      members.push({ id: `w${i}` })
      unions.push({ id: `u${i}`, first: `h${i % men}`, second: `w${i}`, position: Math.floor(i / men) })
    }
    return { members, unions, links: [], sessions: [] }
  },
  'children per union': (size) => {
    const members = [{ id: 'padre' }, { id: 'madre' }]
    const unions = [{ id: 'u', first: 'padre', second: 'madre', position: 0 }]
    const links = []
    for (let i = 0; i < size; i += 1) {
      members.push({ id: `c${i}` })
      links.push({ child: `c${i}`, parent: 'padre', union: 'u', position: i }, { child: `c${i}`, parent: 'madre', union: 'u', position: i })
    }
    return { members, unions, links, sessions: [] }
  },
}

/**
 * Writes one shape's rows (bench-whole-tree-rows.mjs) on a thread of its own: a synchronous
 * transaction of 100,000 rows on this thread would hold up the /api/health watcher for seconds,
 * and the server would be blamed for the bench's own wait.
 */
function writeRows(file, email, rows) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-whole-tree-rows.mjs', import.meta.url), { workerData: { file, email, rows, now } })
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the rows' thread stopped with ${code}`))))
  })
}

/** Asks for /api/health every 20 ms until `isDone()`; the latencies, sorted. */
const healthSeen = []
/** The slowest /api/health answer asked for between `from` and `to`. */
const slowestHealth = (from, to) => Math.max(0, ...healthSeen.filter(({ at }) => at >= from && at <= to).map(({ ms }) => ms))

async function watchHealth(isDone) {
  const latencies = []
  while (!isDone()) {
    const started = performance.now()
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer())
    latencies.push(performance.now() - started)
    healthSeen.push({ at: started, ms: performance.now() - started })
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return latencies.sort((a, b) => a - b)
}

/** The server's late returns to its event loop (loop-watch.mjs): `started ended cpuMs lateMs` per line. */
let loopWatchFile
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6

/**
 * The most CPU time the server's thread ran without a turn of its loop between `from` and `to`
 * (monotonic ms), and the longest it waited for a CPU meanwhile while ready to run: on a busy
 * machine that wait, not our code, is most of a slow answer.
 */
function longestTask(from, to) {
  if (!existsSync(loopWatchFile)) return { cpu: 0, wait: 0 }
  const lines = readFileSync(loopWatchFile, 'utf8').trim().split('\n')
  const tasks = lines.map((line) => line.split(' ').map(Number)).filter(([started, ended]) => ended >= from && started <= to)
  return { cpu: Math.max(0, ...tasks.map(([, , cpuMs]) => cpuMs)), wait: Math.max(0, ...tasks.map(([, , , , waitMs]) => waitMs ?? 0)) }
}

async function timeRead(cookie, url) {
  const started = performance.now()
  const startedMonotonic = monotonicMs()
  const response = await fetch(`${base}${url}`, { headers: { cookie } })
  const bytes = (await response.arrayBuffer()).byteLength
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const ended = performance.now()
  return { ms: ended - started, bytes, health: slowestHealth(started, ended), task: longestTask(startedMonotonic, monotonicMs()) }
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-whole-tree-'))
loopWatchFile = process.env.BENCH_LOOP_WATCH_FILE ?? path.join(dataDir, 'loop-watch.txt')
const server = await startServer({ DATA_DIR: dataDir, LOOP_WATCH_FILE: loopWatchFile })
const times = new Map()
let done = false
const health = watchHealth(() => done)
try {
  const neighbour = await signUp('vecina')
  for (const [firstName, relationshipToOwner] of [
    ['Rosa', 'Yo'],
    ['Carmen', 'Madre'],
  ]) {
    await fetch(`${base}/api/family-tree/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: neighbour },
      body: JSON.stringify({ firstName, lastName: 'Díaz', relationshipToOwner }),
    })
  }
  console.log(`Whole-tree reads at ${sizes.map((s) => s.toLocaleString('en')).join(' and ')} rows of each shape (SQLite):`)
  for (const [shape, make] of Object.entries(shapes)) {
    if (process.env.BENCH_WHOLE_TREE_SHAPE && !shape.startsWith(process.env.BENCH_WHOLE_TREE_SHAPE)) continue
    for (const size of sizes) {
      const name = `bench${randomUUID().slice(0, 8)}`
      const cookie = await signUp(name)
      const email = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()).email
      // The tree is made with its first member.
      const first = await fetch(`${base}/api/family-tree/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Yo' }),
      })
      if (!first.ok) throw new Error(`the first member answered ${first.status}`)
      await writeRows(path.join(dataDir, 'legado.db'), email, make(size))
      for (const [label, url] of reads) {
        // Another person keeps using Legado meanwhile: their reads' p99 is what the read costs others.
        let reading = true
        const others = readMeanwhile(neighbour, () => !reading)
        const { ms, bytes, health, task } = await timeRead(cookie, url).finally(() => (reading = false))
        const { latencies } = await others
        times.set(`${shape} ${label} ${size}`, ms)
        console.log(
          `  ${shape.padEnd(20)} ${label.padEnd(15)} ${size.toLocaleString('en').padStart(8)} rows ${ms.toFixed(0).padStart(7)} ms ${(bytes / 2 ** 20).toFixed(1).padStart(7)} MiB, /api/health at worst ${health.toFixed(0).padStart(5)} ms, longest task ${task.cpu.toFixed(0).padStart(4)} ms of CPU (waited for a CPU up to ${task.wait.toFixed(0)} ms), another person's reads p99 ${percentile(latencies, 99).toFixed(0).padStart(5)} ms`,
        )
      }
    }
  }
} finally {
  done = true
  const latencies = await health
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1)
  console.log(`  /api/health meanwhile: ${latencies.length} answers, p50 ${at(50)} ms, p99 ${at(99)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`)
}
if (sizes.length === 2) {
  const [small, large] = sizes
  console.log(`  growth from ${small.toLocaleString('en')} to ${large.toLocaleString('en')} rows (linear is about ${(large / small).toFixed(0)}×):`)
  for (const shape of Object.keys(shapes)) {
    if (!times.has(`${shape} ${reads[0][0]} ${large}`)) continue
    const ratios = reads.map(([label]) => `${label} ${(times.get(`${shape} ${label} ${large}`) / times.get(`${shape} ${label} ${small}`)).toFixed(1)}×`)
    console.log(`    ${shape.padEnd(20)} ${ratios.join(', ')}`)
  }
}
