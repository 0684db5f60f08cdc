// Family-tree batch write benchmark: figures, not pass/fail. Run with
// `node --import tsx scripts/bench-family-batch.mjs` (BENCH_BATCH_SIZES=10000,100000 by default).
// Writes a generated tree (couples, each child linked to its parents' union, dates in GEDCOM words)
// through `familyTree.applyBatch` into a fresh SQLite file, twice (the second run updates by source
// id), then restores it into a second account as an export's import does (every item new, in one
// transaction), and prints the time of each run, the peak RSS and the time of one read of the whole tree.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { createFamilyTreeRepository } from '../src/server/features/family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../src/server/features/family-tree/family-tree.service.ts'

const sizes = (process.env.BENCH_BATCH_SIZES ?? '10000,100000').split(',').map(Number)
const dates = ['ABT 1850', '12 MAR 1901', 'BET 1920 AND 1925', 'BEF 1948', 'MAY 1960', '1975']

/** Couples of a generation have children who marry into the next: a tree as deep as it is wide. */
function generate(size) {
  const members = Array.from({ length: size }, (_, i) => ({
    sourceId: `I${i}`,
    firstName: `Persona ${i}`,
    lastName: `Linaje ${i % 97}`,
    birthDate: dates[i % dates.length],
    birthPlace: 'Pasto, Nariño, Colombia',
    ...(i % 3 === 0 ? { deathDate: 'AFT 1990' } : {}),
  }))
  const unions = Array.from({ length: Math.floor(size / 2) }, (_, i) => ({
    sourceId: `F${i}`,
    firstPartner: `I${2 * i}`,
    secondPartner: `I${2 * i + 1}`,
    marriageDate: 'ABT 1900',
    marriagePlace: 'Ipiales',
  }))
  // Person i is a child of union floor(i / 4): about two children per couple, older couples first.
  const links = Array.from({ length: size - 4 }, (_, k) => ({ child: `I${k + 4}`, union: `F${Math.floor((k + 4) / 4) - 1}` }))
  return { members, unions, links }
}

for (const size of sizes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'legado-bench-batch-'))
  const handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'legado.sqlite') })
  await migrateToLatest(handle.raw)
  await handle.raw.insertInto('user').values({ id: 'u1', name: 'Bench', email: 'bench@example.com', email_verified: 1 }).execute()
  await handle.raw.insertInto('user').values({ id: 'u2', name: 'Heir', email: 'heir@example.com', email_verified: 1 }).execute()
  // The longest transaction of each run: on SQLite every other request waits for it.
  const repo = createFamilyTreeRepository(handle.db)
  let longest = 0
  const timed = async (work) => {
    const start = performance.now()
    try {
      return await repo.transaction(work)
    } finally {
      longest = Math.max(longest, performance.now() - start)
    }
  }
  const service = createFamilyTreeService({
    repo: { ...repo, transaction: timed },
    getOwner: async () => ({ displayName: 'Bench', email: 'bench@example.com', preferredLanguage: 'es' }),
  })
  const batch = generate(size)
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const run = async () => {
    longest = 0
    const start = performance.now()
    const report = await service.applyBatch('u1', batch, { bySourceId: true })
    return { ms: performance.now() - start, report, longest }
  }
  const first = await run()
  const second = await run()
  longest = 0
  const restoreStart = performance.now()
  const restored = await service.applyBatch(
    'u2',
    { members: batch.members.map((m) => ({ ...m, ref: m.sourceId })), unions: batch.unions.map((u) => ({ ...u, ref: u.sourceId })), links: batch.links },
    { bySourceId: false, restore: true },
  )
  const restoreMs = performance.now() - restoreStart
  const readStart = performance.now()
  const tree = await service.getTree('u1')
  const readMs = performance.now() - readStart
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  console.log(
    `Batch write of ${size.toLocaleString('en')} people, ${batch.unions.length.toLocaleString('en')} unions, ${batch.links.length.toLocaleString('en')} child links (SQLite, Node ${process.version}):`,
  )
  console.log(`  first run (inserts)      ${(first.ms / 1000).toFixed(2)} s, ${first.report.problems.length} problems, longest transaction ${first.longest.toFixed(0)} ms`)
  console.log(
    `  second run (same batch)  ${(second.ms / 1000).toFixed(2)} s, ${second.report.members.unchanged} members unchanged, ${second.report.members.updated} updated, ${second.report.members.created} created`,
  )
  console.log(
    `  restore (all new)        ${(restoreMs / 1000).toFixed(2)} s, ${restored.members.created} members, ${restored.unions.created} unions, ${restored.links.created} links, ${restored.problems.length} problems, its transaction ${longest.toFixed(0)} ms`,
  )
  console.log(`  read the whole tree      ${readMs.toFixed(0)} ms (${tree.members.length} members, ${tree.unions.length} unions)`)
  console.log(`  peak RSS                 ${(peak / 2 ** 20).toFixed(0)} MiB`)
  await handle.destroy()
  rmSync(dir, { recursive: true, force: true })
}
