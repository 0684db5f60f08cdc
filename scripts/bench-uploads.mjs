// Upload throughput: a 5 MB file through Legado's /api/uploads/ (session check, ownership, type
// sniffing, sha256, storage, database rows) against a bare @tus/server in a process of its own,
// in one run: on local disk (FileStore), then on a local S3-compatible server (s3rver, S3Store).
// Goal: Legado at 75% of the bare server's throughput or more on both.
//
// BENCH_RUNS (5), BENCH_PORT (3191; the bare server takes the next port).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestS3 } from '../src/server/test/s3-server.ts'
import { startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const chunkSize = 256 * 1024
const size = 5_000_000
const body = Buffer.alloc(size, 'Memorias de la familia, contadas con calma. ')
const port = Number(process.env.BENCH_PORT ?? 3191)
const barePort = port + 1
const legado = `http://127.0.0.1:${port}`
const bareEndpoint = `http://127.0.0.1:${barePort}/files`

/** One tus upload in 256 KiB PATCHes, as the browser client sends it; answers milliseconds. */
async function upload(endpoint, headers, metadata) {
  const encoded = Object.entries(metadata).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',')
  const start = performance.now()
  const created = await fetch(endpoint, { method: 'POST', headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': encoded } })
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`)
  const location = new URL(created.headers.get('location'), endpoint).href
  for (let offset = 0; offset < size; offset += chunkSize) {
    const chunk = body.subarray(offset, Math.min(offset + chunkSize, size))
    const answer = await fetch(location, {
      method: 'PATCH',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: chunk,
    })
    if (answer.status !== 204) throw new Error(`PATCH answered ${answer.status}: ${await answer.text()}`)
  }
  return performance.now() - start
}

/**
 * CPU time a process has used so far, in ms (Linux's /proc; undefined elsewhere). On a machine
 * shared with other work, wall-clock times swing with the load; CPU per upload does not.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function startBare(env) {
  const bare = spawn('node', [fileURLToPath(new URL('./bench-bare-tus.mjs', import.meta.url))], { env: { ...process.env, BARE_TUS_PORT: String(barePort), ...env }, stdio: 'inherit' })
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await fetch(bareEndpoint, { method: 'OPTIONS' }).then(() => true, () => false)) return bare
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the bare tus server did not start')
}

async function compare(label, legadoEnv, bareEnv) {
  const server = await startServer(port, legadoEnv)
  const bare = await startBare(bareEnv)
  try {
    const json = { 'content-type': 'application/json', origin: legado }
    const signUp = await fetch(`${legado}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench-upload@example.com', password: 'bench-upload-2026' }) })
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const member = await (await fetch(`${legado}/api/family-tree/members`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', isSelf: true }) })).json()
    const ours = []
    const theirs = []
    const cpu = { ours: 0, theirs: 0 }
    // One untimed upload each first: the JIT's first compilations are not what a family waits for.
    for (let run = -1; run < runs; run += 1) {
      const legadoCpu = cpuMs(server.pid)
      const legadoMs = await upload(`${legado}/api/uploads/`, { cookie, origin: legado }, { filename: `bench-${run}.txt`, linkedToType: 'member', linkedToId: member.member.memberId })
      const bareCpu = cpuMs(bare.pid)
      const bareMs = await upload(bareEndpoint, {}, { filename: `bench-${run}.txt` })
      if (run < 0) continue
      cpu.ours += cpuMs(server.pid) - legadoCpu
      cpu.theirs += cpuMs(bare.pid) - bareCpu
      ours.push(legadoMs)
      theirs.push(bareMs)
    }
    const mbps = (ms) => (size / 1e6 / (ms / 1000)).toFixed(1)
    console.log(`\n${label}: 5 MB in ${chunkSize / 1024} KiB chunks, median of ${runs}`)
    console.log(`  Legado /api/uploads/   ${median(ours).toFixed(0).padStart(6)} ms  ${mbps(median(ours)).padStart(6)} MB/s`)
    console.log(`  bare @tus/server       ${median(theirs).toFixed(0).padStart(6)} ms  ${mbps(median(theirs)).padStart(6)} MB/s`)
    console.log(`  Legado's throughput: ${((median(theirs) / median(ours)) * 100).toFixed(0)}% of the bare server's (goal ≥ 75%)`)
    if (!Number.isNaN(cpu.ours)) console.log(`  server CPU per upload: Legado ${(cpu.ours / runs).toFixed(0)} ms, bare ${(cpu.theirs / runs).toFixed(0)} ms (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`)
  } finally {
    bare.kill('SIGTERM')
    await stopServer(server)
  }
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-up-'))
const bareDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-tus-'))
try {
  await compare('Local disk', { DATA_DIR: dataDir }, { BARE_TUS_DIR: bareDir })
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(bareDir, { recursive: true, force: true })
}
const s3 = await startTestS3('legado-bench')
const bareS3 = await startTestS3('bare-tus')
const s3DataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-up-'))
try {
  await compare(
    'S3 (s3rver on this machine)',
    { DATA_DIR: s3DataDir, STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    { BARE_TUS_S3_ENDPOINT: bareS3.endpoint, BARE_TUS_S3_BUCKET: bareS3.bucket },
  )
} finally {
  await s3.close()
  await bareS3.close()
  rmSync(s3DataDir, { recursive: true, force: true })
}
