// Export and import benchmark: figures, not pass/fail. Run with `node --import tsx scripts/bench-portability.mjs`.
// A real app on SQLite (a temporary DATA_DIR) gets BENCH_FILES files of BENCH_FILE_MB each (WebM
// recordings: stored as sent, no image work) and BENCH_DREAMS dreams; then one person's export is
// streamed to a file over HTTP, and imported from it into a second account. Prints the time, the throughput and the
// process's peak resident memory, which should stay far below the archive's size (one file at a time).
import { execFile } from 'node:child_process'
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { as, createTestApp, createTestUser } from '../src/server/test/test-app.ts'
import { tusClient } from '../src/server/test/tus-client.ts'
import { webmHeader } from '../src/server/test/media-fixtures.ts'

const files = Number(process.env.BENCH_FILES ?? 150)
const fileBytes = Math.round(Number(process.env.BENCH_FILE_MB ?? 4) * 1024 * 1024)
const dreams = Number(process.env.BENCH_DREAMS ?? 2000)
/** Runs curl; resolves with its body and the HTTP status it printed last. */
function curl(args) {
  return new Promise((resolve, reject) =>
    execFile('curl', args, { maxBuffer: 64 * 1024 * 1024 }, (error, output) => {
      if (error) return reject(error)
      const cut = output.lastIndexOf('\n')
      resolve({ stdout: output.slice(0, cut), status: Number(output.slice(cut + 1)) })
    }),
  )
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)
let peakRss = 0
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)

const t = await createTestApp('sqlite', { MAX_UPLOAD_BYTES: String(fileBytes + 1024), IMPORT_MAX_BYTES: String(2 ** 32 - 1) })
try {
  const owner = await createTestUser(t.app)
  const member = (
    await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' } })
  ).json().member.memberId
  for (let i = 0; i < dreams; i += 1)
    await as(t.app, owner)({ method: 'POST', url: '/api/dreams', payload: { title: `Sueño ${i}`, content: 'Volaba sobre el río de la finca. '.repeat(20) } })
  const tus = tusClient(t.app, owner)
  for (let i = 0; i < files; i += 1) {
    const bytes = Buffer.concat([webmHeader(), Buffer.alloc(fileBytes - 214, i % 251)])
    const uploaded = await tus.createWithData(bytes, { filename: `voz-${i}.webm`, filetype: 'audio/webm', linkedToType: 'member', linkedToId: member })
    if (uploaded.statusCode !== 201) throw new Error(`upload ${i}: ${uploaded.statusCode} ${uploaded.body}`)
  }
  console.log(`Export and import on SQLite, ${files} files of ${mb(fileBytes)} MB and ${dreams} dreams (Node ${process.version}; RSS before: ${mb(process.memoryUsage().rss)} MB):`)

  // Over real HTTP, both ways streamed from and to a file, so the figures are the server's own.
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const folder = mkdtempSync(path.join(tmpdir(), 'legado-bench-'))
  const archive = path.join(folder, 'export.zip')
  try {
    peakRss = process.memoryUsage().rss
    let start = performance.now()
    const exported = await fetch(`${base}/api/me/export`, { headers: { cookie: owner.cookie } })
    if (exported.status !== 200) throw new Error(`export: ${exported.status}`)
    await pipeline(Readable.fromWeb(exported.body), createWriteStream(archive))
    const exportMs = performance.now() - start
    const size = statSync(archive).size
    console.log(`  export   ${(exportMs / 1000).toFixed(2)} s for ${mb(size)} MB (${mb(size / (exportMs / 1000))} MB/s), peak RSS ${mb(peakRss)} MB`)

    const heir = await createTestUser(t.app)
    peakRss = process.memoryUsage().rss
    start = performance.now()
    // curl in a process of its own sends the file, so the memory measured is the server's alone.
    const { stdout, status } = await curl([
      '-sS',
      '-w',
      '\n%{http_code}',
      '-H',
      `cookie: ${heir.cookie}`,
      '-H',
      `origin: ${base}`,
      '-F',
      `file=@${archive};type=application/zip`,
      `${base}/api/me/import`,
    ])
    const report = JSON.parse(stdout)
    const importMs = performance.now() - start
    if (status !== 200) throw new Error(`import: ${status} ${JSON.stringify(report)}`)
    const restored = report.kinds.map((kind) => `${kind.kind} ${kind.restored}/${kind.found}`).join(', ')
    console.log(`  import   ${(importMs / 1000).toFixed(2)} s (${mb(size / (importMs / 1000))} MB/s), peak RSS ${mb(peakRss)} MB: ${restored}`)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
} finally {
  clearInterval(sampler)
  await t.close()
}
