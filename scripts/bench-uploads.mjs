// Upload throughput: a 5 MB file through Legado's /api/uploads/ (session check, ownership, type
// sniffing, sha256, storage, database rows) against a bare @tus/server file store, in one run.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import { buildIfNeeded, serverEntry } from './build-if-needed.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const chunkSize = 256 * 1024
const size = 5_000_000
const body = Buffer.alloc(size, 'Memorias de la familia, contadas con calma. ')
const port = Number(process.env.BENCH_PORT ?? 3191)
const legado = `http://127.0.0.1:${port}`

async function waitFor(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await fetch(url).then((r) => r.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer`)
}

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-up-'))
const bareDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-tus-'))
const server = spawn('node', [serverEntry], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, stdio: 'inherit' })
const bare = new Server({ path: '/files', datastore: new FileStore({ directory: bareDir }) })
const bareHttp = createServer((req, res) => void bare.handle(req, res))
await new Promise((resolve) => bareHttp.listen(0, '127.0.0.1', resolve))
const bareEndpoint = `http://127.0.0.1:${bareHttp.address().port}/files`

try {
  await waitFor(`${legado}/api/health`)
  const json = { 'content-type': 'application/json', origin: legado }
  const signUp = await fetch(`${legado}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench-upload@example.com', password: 'bench-upload-2026' }) })
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const member = await (await fetch(`${legado}/api/family-tree/members`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', isSelf: true }) })).json()
  const ours = []
  const theirs = []
  for (let run = 0; run < runs; run += 1) {
    ours.push(await upload(`${legado}/api/uploads/`, { cookie, origin: legado }, { filename: `bench-${run}.txt`, linkedToType: 'member', linkedToId: member.member.memberId }))
    theirs.push(await upload(bareEndpoint, {}, { filename: `bench-${run}.txt` }))
  }
  const mbps = (ms) => (size / 1e6 / (ms / 1000)).toFixed(1)
  console.log(`5 MB upload in ${chunkSize / 1024} KiB chunks, median of ${runs}:`)
  console.log(`  Legado /api/uploads/   ${median(ours).toFixed(0).padStart(6)} ms  ${mbps(median(ours))} MB/s`)
  console.log(`  bare @tus/server       ${median(theirs).toFixed(0).padStart(6)} ms  ${mbps(median(theirs))} MB/s`)
  console.log(`  ratio (Legado / bare)  ${(median(ours) / median(theirs)).toFixed(2)}`)
} finally {
  server.kill('SIGTERM')
  bareHttp.close()
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(bareDir, { recursive: true, force: true })
}
