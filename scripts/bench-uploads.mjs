// Upload throughput: a 5 MB file through Legado's /api/uploads/ (session, ownership, type sniffing,
// sha256, storage, database rows) against a bare @tus/server in a process of its own, on local
// disk (FileStore), then on a local S3-compatible server (s3rver, S3Store). Goal: Legado at 75%
// of the bare server's throughput or more on both.
//
// On a machine shared with other work a single wall-clock figure swings with the load, so the two
// servers take turns request by request: each round is one upload through each, their POSTs and
// PATCHes alternating (who goes first alternates too), so both meet the same passing load to
// within a request. The verdict compares typical uploads: each request's median time over the
// rounds, summed (a burst of someone else's work lands on one request, and moves no median).
// Beside it, each round's own ratio, and each server's CPU time per upload (Linux's per-thread
// schedstat, in nanoseconds) with the ratio of the two.
//
// BENCH_RUNS (16 rounds on disk; BENCH_S3_RUNS, 6, on s3rver, whose uploads are slower),
// BENCH_PORT (3191; the bare server takes the next port).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestS3 } from '../src/server/test/s3-server.ts'
import { cpuMs, startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const diskRuns = Number(process.env.BENCH_RUNS ?? 16)
const s3Runs = Number(process.env.BENCH_S3_RUNS ?? 6)
const chunkSize = 256 * 1024
const size = 5_000_000
const body = Buffer.alloc(size, 'Memorias de la familia, contadas con calma. ')
const port = Number(process.env.BENCH_PORT ?? 3191)
const barePort = port + 1
const legado = `http://127.0.0.1:${port}`
const bareEndpoint = `http://127.0.0.1:${barePort}/files`

/**
 * One tus upload in 256 KiB PATCHes, as the browser client sends it, one request per step: each
 * `next()` sends the next request and resolves with its milliseconds; done after the last chunk.
 */
async function* uploadSteps(endpoint, headers, metadata) {
  const encoded = Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',')
  let start = performance.now()
  const created = await fetch(endpoint, { method: 'POST', headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': encoded } })
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`)
  const location = new URL(created.headers.get('location'), endpoint).href
  yield performance.now() - start
  for (let offset = 0; offset < size; offset += chunkSize) {
    start = performance.now()
    const chunk = body.subarray(offset, Math.min(offset + chunkSize, size))
    const answer = await fetch(location, {
      method: 'PATCH',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: chunk,
    })
    if (answer.status !== 204) throw new Error(`PATCH answered ${answer.status}: ${await answer.text()}`)
    await answer.arrayBuffer()
    yield performance.now() - start
  }
}

/**
 * One upload through each server, request by request in turns (`first` starts each turn), so
 * both meet the same passing load to within a request. Answers each one's milliseconds (the sum
 * of its own requests) and its server's CPU time over the round, in ms.
 */
async function uploadsInTurns(first, second) {
  const runs = [first, second].map((side) => ({ side, steps: side.steps(), ms: 0, times: [], cpus: [], cpu: cpuMs(side.pid), done: false }))
  while (runs.some((run) => !run.done)) {
    for (const run of runs) {
      if (run.done) continue
      const cpuBefore = cpuMs(run.side.pid)
      const step = await run.steps.next()
      if (step.done) run.done = true
      else {
        run.ms += step.value
        run.times.push(step.value)
        run.cpus.push(cpuMs(run.side.pid) - cpuBefore)
      }
    }
  }
  // The server's work after its last answer (removing the finished upload's leftovers) is its too.
  await new Promise((resolve) => setTimeout(resolve, 20))
  return runs.map((run) => ({ ms: run.ms, times: run.times, cpus: run.cpus, cpu: cpuMs(run.side.pid) - run.cpu }))
}

const sorted = (values) => [...values].sort((a, b) => a - b)
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]
const median = (values) => quantile(values, 0.5)
const percent = (value) => `${(value * 100).toFixed(0)}%`

async function startBare(env) {
  const bare = spawn('node', [...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean), fileURLToPath(new URL('./bench-bare-tus.mjs', import.meta.url))], {
    env: { ...process.env, BARE_TUS_PORT: String(barePort), ...env },
    stdio: 'inherit',
  })
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(bareEndpoint, { method: 'OPTIONS' }).then(
        () => true,
        () => false,
      )
    )
      return bare
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the bare tus server did not start')
}

async function compare(label, runs, legadoEnv, bareEnv) {
  const server = await startServer(port, legadoEnv)
  const bare = await startBare(bareEnv)
  try {
    const json = { 'content-type': 'application/json', origin: legado }
    const signUp = await fetch(`${legado}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'bench-upload@example.com', password: 'bench-upload-2026' }),
    })
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const member = await (
      await fetch(`${legado}/api/family-tree/members`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', isSelf: true }),
      })
    ).json()
    let count = 0
    const ours = {
      pid: server.pid,
      steps: () =>
        uploadSteps(`${legado}/api/uploads/`, { cookie, origin: legado }, { filename: `bench-${(count += 1)}.txt`, linkedToType: 'member', linkedToId: member.member.memberId }),
    }
    const theirs = { pid: bare.pid, steps: () => uploadSteps(bareEndpoint, {}, { filename: `bench-${(count += 1)}.txt` }) }
    // Two untimed rounds first: the JIT's first compilations are not what a family waits for.
    for (let warm = 0; warm < 2; warm += 1) await uploadsInTurns(ours, theirs)
    const rounds = []
    const loads = []
    for (let round = 0; round < runs; round += 1) {
      // Who sends first alternates, so neither always meets what the other left behind.
      const [a, b] = round % 2 === 0 ? await uploadsInTurns(ours, theirs) : (await uploadsInTurns(theirs, ours)).reverse()
      rounds.push({ ours: a, theirs: b })
      loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]))
    }
    const throughput = rounds.map((r) => r.theirs.ms / r.ours.ms)
    // A typical upload: each request's median over the rounds, summed. A request that met a burst
    // of someone else's work (tens of ms on a loaded machine) moves it no more than any other.
    const typical = (side) => rounds[0][side].times.reduce((sum, _t, step) => sum + median(rounds.map((r) => r[side].times[step])), 0)
    const oursMs = typical('ours')
    const theirsMs = typical('theirs')
    const mbps = (ms) => (size / 1e6 / (ms / 1000)).toFixed(1)
    console.log(
      `\n${label}: 5 MB in ${chunkSize / 1024} KiB chunks, ${runs} rounds of one upload each, requests in turns (load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
    )
    console.log(`  Legado /api/uploads/   ${oursMs.toFixed(0).padStart(6)} ms  ${mbps(oursMs).padStart(6)} MB/s  (a typical upload: each request's median, summed)`)
    console.log(`  bare @tus/server       ${theirsMs.toFixed(0).padStart(6)} ms  ${mbps(theirsMs).padStart(6)} MB/s`)
    // Where the difference lies: the creating POST, a chunk, and the last chunk (which finishes the upload).
    const last = rounds[0].ours.times.length - 1
    const breakdown = (of) => {
      const step = (side, index) => median(rounds.map((r) => r[side][of][index]))
      const chunk = (side) => median(rounds.flatMap((r) => r[side][of].slice(1, -1)))
      const pair = (get) => `${get('ours').toFixed(1)} vs ${get('theirs').toFixed(1)} ms`
      return `POST ${pair((s) => step(s, 0))}, a PATCH ${pair(chunk)}, the last PATCH ${pair((s) => step(s, last))}`
    }
    console.log(`  requests, Legado vs bare (medians): ${breakdown('times')}`)
    if (rounds.every((r) => r.ours.cpus.every((c) => !Number.isNaN(c)))) console.log(`  server CPU by request (medians): ${breakdown('cpus')}`)
    console.log(
      `  Legado's throughput: ${percent(theirsMs / oursMs)} of the bare server's (goal ≥ 75%); whole rounds: median ${percent(median(throughput))}, quartiles ${percent(quantile(throughput, 0.25))}–${percent(quantile(throughput, 0.75))}`,
    )
    if (rounds.every((r) => !Number.isNaN(r.ours.cpu) && !Number.isNaN(r.theirs.cpu))) {
      const cpuOurs = rounds.reduce((sum, r) => sum + r.ours.cpu, 0) / runs
      const cpuTheirs = rounds.reduce((sum, r) => sum + r.theirs.cpu, 0) / runs
      console.log(
        `  server CPU per upload: Legado ${cpuOurs.toFixed(0)} ms, bare ${cpuTheirs.toFixed(0)} ms (bare/Legado ${percent(cpuTheirs / cpuOurs)}; medians ${median(rounds.map((r) => r.ours.cpu)).toFixed(0)} and ${median(rounds.map((r) => r.theirs.cpu)).toFixed(0)} ms)`,
      )
    }
  } finally {
    bare.kill('SIGTERM')
    await stopServer(server)
  }
}

buildIfNeeded()
const only = process.env.BENCH_UPLOADS_ONLY // 'disk' or 's3': one of the two
if (only !== 's3') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-up-'))
  const bareDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-tus-'))
  try {
    await compare('Local disk', diskRuns, { DATA_DIR: dataDir }, { BARE_TUS_DIR: bareDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(bareDir, { recursive: true, force: true })
  }
}
if (only !== 'disk') {
  const s3 = await startTestS3('legado-bench')
  const bareS3 = await startTestS3('bare-tus')
  const s3DataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-up-'))
  try {
    await compare(
      'S3 (s3rver on this machine)',
      s3Runs,
      {
        DATA_DIR: s3DataDir,
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
      { BARE_TUS_S3_ENDPOINT: bareS3.endpoint, BARE_TUS_S3_BUCKET: bareS3.bucket },
    )
  } finally {
    await s3.close()
    await bareS3.close()
    rmSync(s3DataDir, { recursive: true, force: true })
  }
}
