// GEDCOM codec benchmark: figures, not pass/fail. Run with `node --import tsx scripts/bench-gedcom.mjs`.
// Generates 10,000- and 100,000-person files (BENCH_GEDCOM_SIZES=2000,50000 to change), then times,
// each in a fresh process so one stage's memory does not inflate the next:
//   read       decode + parse + read (bytes to the neutral model)
//   write 5.5.1 / write 7.0   the model to GEDCOM text, consumed chunk by chunk as a response would
// and reports milliseconds, people per second and peak RSS: the largest of process.memoryUsage().rss
// sampled every few thousand records or chunks, and the kernel's own peak (resourceUsage().maxRSS).
// The product's budget, end to end with the database, is 10,000 people ≤ 3 s and 100,000 ≤ 30 s on
// 2 cores under 1 GiB RSS, with API reads answering meanwhile (p99 ≤ 100 ms): after the codec's
// stages, each file is also imported through the API (bench-gedcom-api.mjs; BENCH_GEDCOM_API=0
// skips it, BENCH_POSTGRES_URL adds a PostgreSQL run).
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchApiImport } from './bench-gedcom-api.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const self = fileURLToPath(import.meta.url)
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4])
else await main()

async function main() {
  const { generateTree, generatedGedcomLines } = await import('../src/server/lib/gedcom/test/generate-tree.ts')
  const sizes = (process.env.BENCH_GEDCOM_SIZES ?? '10000,100000').split(',').map(Number)
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-gedcom-'))
  console.log(`GEDCOM codec, Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(1)}; one process per stage.`)
  console.log('Wall time counts other processes on a busy machine; CPU time (all threads, GC included) does not. Peak RSS includes Node and tsx, about 60–90 MiB.')
  try {
    for (const size of sizes) {
      const file = path.join(dir, `tree-${size}.ged`)
      const started = performance.now()
      writeGenerated(file, generatedGedcomLines(generateTree(size)))
      console.log(`\n${size.toLocaleString('en')} people: ${mib(statSync(file).size)} of GEDCOM 5.5.1 (UTF-8), generated in ${(performance.now() - started).toFixed(0)} ms`)
      for (const stage of ['read', 'write 5.5.1', 'write 7.0']) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', stage, file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 })
        const line = run.stdout.trim().split('\n').at(-1) ?? ''
        if (run.status !== 0 || !line.startsWith('{')) {
          console.log(`  ${stage.padEnd(12)} failed: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`)
          continue
        }
        const result = JSON.parse(line)
        const perSecond = Math.round((result.people / result.ms) * 1000).toLocaleString('en')
        console.log(
          `  ${stage.padEnd(12)} ${String(result.ms.toFixed(0)).padStart(6)} ms (${String(result.cpuMs.toFixed(0)).padStart(5)} ms CPU)  ${perSecond.padStart(7)} people/s  peak RSS ${mib(result.peakRss)} sampled, ${mib(result.maxRss)} max  ${result.note}`,
        )
      }
      // The whole import, through the API, with the database and other people reading meanwhile.
      if (process.env.BENCH_GEDCOM_API !== '0') await benchApiImport(file)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Writes the generated lines in 1 MiB pieces, so the file never exists as one string. */
function writeGenerated(file, lines) {
  const fd = openSync(file, 'w')
  let pending = []
  let size = 0
  for (const line of lines) {
    pending.push(line)
    size += line.length + 1
    if (size >= 1 << 20) {
      writeSync(fd, pending.join('\n') + '\n')
      pending = []
      size = 0
    }
  }
  if (pending.length > 0) writeSync(fd, pending.join('\n') + '\n')
  closeSync(fd)
}

async function child(stage, file) {
  const { decodeGedcom, parseGedcomRecords, readGedcom, readGedcomFile, writeGedcom } = await import('../src/server/lib/gedcom/index.ts')
  const { createWarningLog } = await import('../src/server/lib/gedcom/warnings.ts')
  let peakRss = process.memoryUsage().rss
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }
  const bytes = readFileSync(file)
  if (stage === 'read') {
    const started = performance.now()
    const cpuStarted = process.cpuUsage()
    const decoded = decodeGedcom(bytes)
    sample()
    const decodedAt = performance.now()
    const log = createWarningLog()
    let count = 0
    const records = parseGedcomRecords(decoded.text, { version: decoded.declaredVersion, onWarning: log.add })
    const sampled = (function* () {
      for (const record of records) {
        if ((count += 1) % 5_000 === 0) sample()
        yield record
      }
    })()
    const tree = readGedcom(sampled, { warnings: log })
    sample()
    const ms = performance.now() - started
    const note = `(decode ${(decodedAt - started).toFixed(0)} ms, ${tree.counts.families.toLocaleString('en')} families, ${tree.warnings.length} warnings)`
    return report({ ms, cpuStarted, people: tree.counts.people, peakRss, note })
  }
  const tree = readGedcomFile(bytes)
  sample()
  const version = stage === 'write 7.0' ? '7.0' : '5.5.1'
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  let written = 0
  let chunks = 0
  for (const chunk of writeGedcom(tree, { version })) {
    written += Buffer.byteLength(chunk)
    if ((chunks += 1) % 20 === 0) sample()
  }
  sample()
  const ms = performance.now() - started
  return report({ ms, cpuStarted, people: tree.counts.people, peakRss, note: `(${mib(written)} in ${chunks} chunks; the model was read first, untimed)` })
}

function report({ cpuStarted, ...result }) {
  const cpu = process.cpuUsage(cpuStarted)
  console.log(JSON.stringify({ ...result, cpuMs: (cpu.user + cpu.system) / 1000, maxRss: process.resourceUsage().maxRSS * 1024 }))
}
