// The tree page's reads (ADR 0057) at 1,000 and 100,000 people: figures, not pass/fail. Run with
// `node --import tsx scripts/bench-tree-reads.mjs` (BENCH_TREE_READS_SIZES=1000,100000 and
// BENCH_TREE_READS_ROUNDS=1000 by default: the p99 is then
// the tenth slowest, not one stray request). A generated tree of each size is imported through the
// API into the built server on a fresh SQLite data folder, each in an account of its own; then each
// read is asked for as the page asks for it, one at a time, and timed at the client: the view at
// the default centre and at random centres, the index (built after a change, kept, then 304),
// members by 100 ids, a PATCH save with the changes it answers, and one other page's read of one
// person (a life's timeline). The reads the page makes should
// not grow with the tree: their p99 growth from the smallest to the largest size is printed against
// a goal of 1.5×, and the save against 150 ms. The whole index grows with the tree by design (ADR
// 0058): its figures are printed, not held to that goal.
//
// The sizes are read in turns, round by round (the first size first in even rounds, last in odd
// ones), by the same server and the same client: what they do besides (a collection after the
// import, another process on the machine) falls on both sizes alike, and the growth is the tree's.
// The client keeps the ids it picks from as one string, not the index: a client holding 100,000
// entries spends its own collections inside the rounds it times.
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createRandom, generateTree, generatedGedcomText } from '../src/server/lib/gedcom/test/generate-tree.ts'
import { buildIfNeeded } from './build-if-needed.mjs'

process.env.BENCH_GEDCOM_PORT ??= process.env.BENCH_TREE_READS_PORT ?? '3513'
const { base, importGedcom, percentile, signUp, startServer, stopServer } = await import('./bench-gedcom-api.mjs')

const sizes = (process.env.BENCH_TREE_READS_SIZES ?? '1000,100000').split(',').map(Number)
const rounds = Number(process.env.BENCH_TREE_READS_ROUNDS ?? 1000)
const random = createRandom(20_261_129)

/** One connection kept open, as a browser keeps one to its server. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

/**
 * One request, timed to its last byte; anything but the expected status throws. The answer is
 * counted as it comes, compressed as the server sent it to a browser, and not kept: the client
 * allocates little, so its own collections stay out of the times.
 */
function timed(url, cookie, { method = 'GET', body, headers = {}, status = 200 } = {}) {
  const payload = body && JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = httpRequest(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          origin: base,
          cookie,
          'accept-encoding': 'gzip, deflate, br',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (response) => {
        let bytes = 0
        response.on('data', (chunk) => (bytes += chunk.length))
        response.on('error', reject)
        response.on('end', () => {
          const ms = performance.now() - started
          if (response.statusCode !== status) reject(new Error(`${method} ${url} answered ${response.statusCode}`))
          else resolve({ ms, bytes, etag: response.headers.etag })
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/**
 * `count` rounds of `call(tree, round)` for every tree, the trees in turns: each round asks them
 * all, in the order of `trees` in even rounds and in the reverse order in odd ones. Per tree, the
 * sorted timings and the last answer's size.
 */
async function sampleInTurns(trees, count, call) {
  const figures = trees.map(() => ({ times: [], bytes: 0 }))
  for (let round = 0; round < count; round += 1) {
    const order = round % 2 === 0 ? trees.keys() : [...trees.keys()].reverse()
    for (const at of order) {
      const answer = await call(trees[at], round)
      figures[at].times.push(answer.ms)
      figures[at].bytes = answer.bytes
    }
  }
  for (const figure of figures) figure.times.sort((a, b) => a - b)
  return figures
}

/** A random pick among `ids`, kept as one string when they are all as long (a tree's ids are). */
function pickerOf(ids) {
  const width = ids[0]?.length ?? 0
  if (width === 0 || ids.some((id) => id.length !== width)) return () => ids[random.int(ids.length)]
  const joined = ids.join('')
  const count = ids.length
  return () => {
    const at = random.int(count) * width
    return joined.slice(at, at + width)
  }
}

const ms = (value) => `${value.toFixed(1)} ms`.padStart(10)
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tree-reads-'))
const server = await startServer({ DATA_DIR: dataDir })
/** Per read, per size: the sorted timings and the last answer's bytes. */
const results = new Map()
const line = (size, { times, bytes }) =>
  `    ${size.toLocaleString('en').padStart(7)} people: p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}  (${kib(bytes)} sent)`
/** Times a read on every tree in turns, keeps its figures and prints them at once (a run takes minutes). */
async function measure(trees, label, count, call, { warmUp = Math.min(50, Math.ceil(count / 10)) } = {}) {
  // Untimed rounds first: the first compilations, and the collections the read before left behind.
  await sampleInTurns(trees, warmUp, call)
  const figures = await sampleInTurns(trees, count, call)
  results.set(label, new Map(trees.map((tree, at) => [tree.size, figures[at]])))
  console.log(`  ${label}:`)
  for (const [at, tree] of trees.entries()) console.log(line(tree.size, figures[at]))
}
try {
  console.log(`Tree page reads at ${sizes.map((s) => s.toLocaleString('en')).join(' and ')} people (SQLite, ${rounds} rounds each, one request at a time, the sizes in turns):`)
  const trees = []
  for (const size of sizes) {
    const cookie = await signUp(`lecturas${size}`)
    const importStarted = performance.now()
    await importGedcom(cookie, generatedGedcomText(generateTree(size)))
    console.log(`  ${size.toLocaleString('en')} people imported in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`)
    const { people } = await (await fetch(`${base}/api/family-tree/index`, { headers: { cookie } })).json()
    trees.push({ size, cookie, someone: pickerOf(people.map(([id]) => id)) })
  }

  await measure(trees, 'view, default centre', rounds, ({ cookie }) => timed('/api/family-tree/view', cookie))
  await measure(trees, 'view, random centre', rounds, ({ cookie, someone }) => timed(`/api/family-tree/view?centre=${someone()}`, cookie))
  // A save changes the tree's version: the next index is built again (a second at 100,000 people, so fewer rounds).
  await measure(
    trees,
    'index, first build',
    Math.min(25, Math.max(5, Math.floor(rounds / 4))),
    async ({ cookie, someone }, round) => {
      await timed(`/api/family-tree/members/${someone()}`, cookie, { method: 'PATCH', body: { notes: `Nota ${round}` } })
      return timed('/api/family-tree/index', cookie)
    },
    { warmUp: 0 },
  )
  for (const tree of trees) tree.etag = (await timed('/api/family-tree/index', tree.cookie)).etag
  await measure(trees, 'index, kept', rounds, ({ cookie }) => timed('/api/family-tree/index', cookie))
  await measure(trees, 'index, 304', rounds, ({ cookie, etag }) => timed('/api/family-tree/index', cookie, { headers: { 'if-none-match': etag }, status: 304 }))
  await measure(trees, 'members, 100 ids', rounds, ({ cookie, someone }) => timed(`/api/family-tree/members?ids=${Array.from({ length: 100 }, someone).join(',')}`, cookie))
  await measure(trees, 'PATCH save with its changes', rounds, ({ cookie, someone }, round) =>
    timed(`/api/family-tree/members/${someone()}`, cookie, { method: 'PATCH', body: { bioSummary: `Vivió ${round}` } }),
  )

  // Another page's read of one person, beside the tree page's: a life's timeline reads the person,
  // their relatives and their unions by ids, and should not grow with the tree either.
  await measure(trees, "a person's timeline", rounds, ({ cookie, someone }) => timed(`/api/timeline/members/${someone()}`, cookie))

  const [smallest, largest] = [sizes[0], sizes[sizes.length - 1]]
  if (sizes.length > 1) {
    const growth = (label) => percentile(results.get(label).get(largest).times, 99) / percentile(results.get(label).get(smallest).times, 99)
    console.log(`  p99 growth ${largest.toLocaleString('en')}/${smallest.toLocaleString('en')} of the reads the page makes (goal ≤ 1.5×):`)
    for (const label of ['view, default centre', 'view, random centre', 'index, 304', 'members, 100 ids', 'PATCH save with its changes'])
      console.log(`    ${label}: ${growth(label).toFixed(2)}×${growth(label) > 1.5 ? '  ← over' : ''}`)
    console.log(`  Another page's read of one person (looked at for the same 1.5×):`)
    console.log(`    a person's timeline: ${growth("a person's timeline").toFixed(2)}×${growth("a person's timeline") > 1.5 ? '  ← over' : ''}`)
    console.log(`  The whole index, which grows with the tree by design (ADR 0058):`)
    for (const label of ['index, first build', 'index, kept']) console.log(`    ${label}: ${growth(label).toFixed(2)}×`)
  }
  const save = results.get('PATCH save with its changes').get(largest).times
  const saveP99 = percentile(save, 99)
  console.log(
    `  The save at ${largest.toLocaleString('en')} people: p50 ${ms(percentile(save, 50)).trim()}, p99 ${ms(saveP99).trim()} (goal ≤ 150 ms)${saveP99 > 150 ? '  ← over' : ''}`,
  )
} finally {
  agent.destroy()
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
