// The tree page's reads (ADR 0057) at 1,000 and 100,000 people: figures, not pass/fail. Run with
// `node --import tsx scripts/bench-tree-reads.mjs` (BENCH_TREE_READS_SIZES=1000,100000 by default).
// A generated tree is imported through the API into the built server on a fresh SQLite data folder,
// then each read is asked for as the page asks for it, one at a time, and timed at the client:
// the view at the default centre and at random centres, the index (built after a change, kept,
// then 304), members by 100 ids, and a PATCH save with the changes it answers. The reads should not
// grow with the tree: the p99 growth from the smallest to the largest size is printed against a
// goal of 1.5×, and the save against 150 ms.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createRandom, generateTree, generatedGedcomText } from '../src/server/lib/gedcom/test/generate-tree.ts'
import { buildIfNeeded } from './build-if-needed.mjs'

process.env.BENCH_GEDCOM_PORT ??= process.env.BENCH_TREE_READS_PORT ?? '3513'
const { base, importGedcom, percentile, signUp, startServer, stopServer } = await import('./bench-gedcom-api.mjs')

const sizes = (process.env.BENCH_TREE_READS_SIZES ?? '1000,100000').split(',').map(Number)
const rounds = Number(process.env.BENCH_TREE_READS_ROUNDS ?? 40)
const random = createRandom(20_261_129)

/** One request, timed to its last byte; anything but the expected status throws. */
async function timed(url, cookie, { method = 'GET', body, headers = {}, status = 200 } = {}) {
  const started = performance.now()
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body && JSON.stringify(body),
  })
  const bytes = (await response.arrayBuffer()).byteLength
  const ms = performance.now() - started
  if (response.status !== status) throw new Error(`${method} ${url} answered ${response.status}`)
  return { ms, bytes, etag: response.headers.get('etag') }
}

/** `rounds` timings of `call(round)`, sorted, with the last answer's size. */
async function sample(count, call) {
  const times = []
  let bytes = 0
  for (let round = 0; round < count; round += 1) {
    const answer = await call(round)
    times.push(answer.ms)
    bytes = answer.bytes
  }
  return { times: times.sort((a, b) => a - b), bytes }
}

const ms = (value) => `${value.toFixed(1)} ms`.padStart(10)
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tree-reads-'))
const server = await startServer({ DATA_DIR: dataDir })
/** Per read, per size: the sorted timings. */
const results = new Map()
/** Keeps a read's figures and prints them at once: a run at 100,000 people takes minutes. */
const keep = (label, size, figures) => {
  if (!results.has(label)) results.set(label, new Map())
  results.get(label).set(size, figures)
  const { times, bytes } = figures
  console.log(`    ${label}: p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}  (${kib(bytes)})`)
}
try {
  console.log(`Tree page reads at ${sizes.map((s) => s.toLocaleString('en')).join(' and ')} people (SQLite, ${rounds} rounds each, one at a time):`)
  for (const size of sizes) {
    const cookie = await signUp(`lecturas${size}`)
    const importStarted = performance.now()
    await importGedcom(cookie, generatedGedcomText(generateTree(size)))
    console.log(`  ${size.toLocaleString('en')} people imported in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`)
    const index = await (await fetch(`${base}/api/family-tree/index`, { headers: { cookie } })).json()
    const ids = index.people.map(([id]) => id)
    const someone = () => ids[random.int(ids.length)]

    keep('view, default centre', size, await sample(rounds, () => timed('/api/family-tree/view', cookie)))
    keep('view, random centre', size, await sample(rounds, () => timed(`/api/family-tree/view?centre=${someone()}`, cookie)))
    // A save changes the tree's version: the next index is built again.
    const builds = Math.max(5, Math.floor(rounds / 4))
    keep(
      'index, first build',
      size,
      await sample(builds, async (round) => {
        await timed(`/api/family-tree/members/${someone()}`, cookie, { method: 'PATCH', body: { notes: `Nota ${round}` } })
        return timed('/api/family-tree/index', cookie)
      }),
    )
    const { etag } = await timed('/api/family-tree/index', cookie)
    keep('index, kept', size, await sample(rounds, () => timed('/api/family-tree/index', cookie)))
    keep('index, 304', size, await sample(rounds, () => timed('/api/family-tree/index', cookie, { headers: { 'if-none-match': etag }, status: 304 })))
    keep('members, 100 ids', size, await sample(rounds, () => timed(`/api/family-tree/members?ids=${Array.from({ length: 100 }, someone).join(',')}`, cookie)))
    keep(
      'PATCH save with its changes',
      size,
      await sample(rounds, (round) => timed(`/api/family-tree/members/${someone()}`, cookie, { method: 'PATCH', body: { bioSummary: `Vivió ${round}` } })),
    )
  }

  const [smallest, largest] = [sizes[0], sizes[sizes.length - 1]]
  if (sizes.length > 1) {
    console.log(`  p99 growth ${largest.toLocaleString('en')}/${smallest.toLocaleString('en')} (goal ≤ 1.5×):`)
    for (const [label, bySize] of results) {
      const growth = percentile(bySize.get(largest).times, 99) / percentile(bySize.get(smallest).times, 99)
      console.log(`    ${label}: ${growth.toFixed(2)}×${growth > 1.5 ? '  ← over' : ''}`)
    }
  }
  const save = results.get('PATCH save with its changes').get(largest).times
  const saveP99 = percentile(save, 99)
  console.log(
    `  The save at ${largest.toLocaleString('en')} people: p50 ${ms(percentile(save, 50)).trim()}, p99 ${ms(saveP99).trim()} (goal ≤ 150 ms)${saveP99 > 150 ? '  ← over' : ''}`,
  )
} finally {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
