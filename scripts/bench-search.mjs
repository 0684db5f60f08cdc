// Search benchmark: figures, not pass/fail. Run with `node --import tsx scripts/bench-search.mjs`.
// Writes BENCH_SEARCH_TEXTS (100,000) texts of one family straight into the source tables (people,
// memories told to Cronos, interviews, dreams, AI-lab stories), so the index triggers build the
// index as every write path does, on SQLite and on PostgreSQL (BENCH_POSTGRES_URL or
// TEST_POSTGRES_URL; a schema of its own, dropped afterwards). Then times searches through the
// search service (the query the route runs, without HTTP): common and rare words, two words, a
// stem, a word without its accent, as the tree's owner and as a viewer (whose query checks who is
// living). Prints p50/p95/max per database (the goal is p95 ≤ 50 ms), and on PostgreSQL what the
// index's tables and indexes take on disk. Last, the cost of the triggers
// on a big import: a 10,000-person batch (the GEDCOM import's write path) with and without them.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { percentileOf, postgresSchema, postgresUrl } from './bench-lib.mjs'
import { openDatabase } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { createFamilyTreeRepository } from '../src/server/features/family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../src/server/features/family-tree/family-tree.service.ts'
import { createSearchRepository } from '../src/server/features/search/search.repository.ts'
import { createSearchService } from '../src/server/features/search/search.service.ts'

const textCount = Number(process.env.BENCH_SEARCH_TEXTS ?? 100_000)
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 15)
const importSize = Number(process.env.BENCH_SEARCH_IMPORT ?? 10_000)

// A small deterministic generator: the same texts on both databases and on every run.
let seed = 20_261_129
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const pick = (list) => list[Math.floor(random() ** 2 * list.length)]
const common = (
  'la el de que y en a los se del las un por con no una su para es al lo como más pero sus le ya o fue este ha sí porque esta son entre cuando muy sin sobre también me hasta hay donde ' +
  'casa abuela abuelo madre padre hermano hermana tío tía primo finca pueblo río campo iglesia escuela trabajo guerra viaje boda matrimonio cosecha café caña trapiche mercado ' +
  'domingo navidad fiesta música canciones cantaba bailaba cocina comida arepas tamales recuerdo memoria años niño niña juventud vejez caballo montaña ciudad carretera tren carta fotografía'
).split(' ')
const firstNames =
  'Rosa Carmen Aurora Pedro Luis Julián Ignacio Tomás Lucía Ana María José Gerardo Aurelio Teresa Inés Rafael Beatriz Elena Camilo Mercedes Octavio Graciela Fabio'.split(' ')
const lastNames = Array.from({ length: 600 }, (_, i) => `${'Peña Díaz Ruiz Mora Gil Pérez Zambrano Ortiz Muñoz Benavides Narváez Guerrero'.split(' ')[i % 12]}${i < 12 ? '' : i}`)
const places = 'Pasto Túquerres Ipiales Cali Bogotá Manizales Medellín Popayán Quito Sandoná Tumaco Barbacoas'.split(' ')

function sentence(words) {
  const out = []
  for (let i = 0; i < words; i++) out.push(random() < 0.04 ? pick(places) : random() < 0.03 ? pick(lastNames) : pick(common))
  return out.join(' ') + '.'
}
const conversation = (answer, reply, withParts) =>
  JSON.stringify(
    withParts
      ? [
          { role: 'user', parts: [{ text: answer }] },
          { role: 'model', parts: [{ text: reply }] },
        ]
      : [
          { role: 'user', text: answer },
          { role: 'model', text: reply },
        ],
  )

async function seedFamily(handle, userId) {
  const db = handle.db
  const now = new Date().toISOString()
  await db
    .insertInto('user')
    .values({ id: userId, name: 'Bench', email: `${userId}@example.com`, emailVerified: 1 })
    .execute()
  const treeId = randomUUID()
  await db.insertInto('familyTree').values({ id: treeId, ownerUserId: userId, treeName: 'Bench', createdAt: now, lastModified: now }).execute()
  await db.insertInto('treeMembership').values({ treeId, userId, role: 'owner', invitedByUserId: null, joinedAt: now, chosenAt: now }).execute()
  return treeId
}

/** `textCount` texts, in transactions of 500 rows: 15% people, 35% memories, 20% interviews, 15% dreams, 15% stories. */
async function writeTexts(handle, userId, treeId) {
  const db = handle.db
  const at = (i) => new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString()
  const people = Math.floor(textCount * 0.15)
  const shares = [
    ['member', people],
    ['biographyEntry', Math.floor(textCount * 0.35)],
    ['interviewSession', Math.floor(textCount * 0.2)],
    ['dreamEntry', Math.floor(textCount * 0.15)],
  ]
  shares.push(['aiLabMemory', textCount - shares.reduce((sum, [, n]) => sum + n, 0)])
  const memberIds = []
  const rowOf = {
    member: (i) => {
      const id = randomUUID()
      memberIds.push(id)
      return {
        id,
        treeId,
        ownerUserId: userId,
        firstName: pick(firstNames),
        lastName: pick(lastNames),
        relationshipToOwner: '',
        birthDate: String(1850 + (i % 170)),
        birthPlace: pick(places),
        notes: random() < 0.5 ? sentence(15) : '',
        createdAt: at(i),
        updatedAt: at(i),
      }
    },
    biographyEntry: (i) => ({
      id: randomUUID(),
      authorUserId: userId,
      title: sentence(4).slice(0, -1),
      question: '¿' + sentence(8).slice(0, -1) + '?',
      conversationPair: conversation(sentence(60), sentence(25), true),
      entryDate: at(i),
      updatedAt: at(i),
    }),
    interviewSession: (i) => ({
      id: randomUUID(),
      ownerUserId: userId,
      interviewedMemberId: memberIds[i % memberIds.length],
      question: '¿' + sentence(8).slice(0, -1) + '?',
      conversationPair: conversation(sentence(50), sentence(20), false),
      timestamp: at(i),
    }),
    dreamEntry: (i) => ({ id: randomUUID(), authorUserId: userId, title: sentence(3).slice(0, -1), content: sentence(40), entryDate: at(i), updatedAt: at(i) }),
    aiLabMemory: (i) => ({ id: randomUUID(), userId, originalText: sentence(40), aiVariationText: random() < 0.5 ? sentence(40) : null, saveMethod: 'original', timestamp: at(i) }),
  }
  const started = performance.now()
  for (const [table, count] of shares) {
    for (let from = 0; from < count; from += 500) {
      const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => rowOf[table](from + k))
      await db.transaction().execute((trx) => trx.insertInto(table).values(rows).execute())
    }
  }
  return performance.now() - started
}

const queries = [
  ['a common word', 'abuela'],
  ['two common words', 'finca café'],
  ['a stem', 'canción'],
  ['no accent', 'pena'],
  ['a place', 'tuquerres'],
  ['a rare surname', 'Zambrano18'],
  ['three words', 'trapiche caña cosecha'],
  ['a name', 'Aurora Narváez'],
]

async function timeSearches(handle, userId, treeId) {
  const repo = createSearchRepository(handle.raw, handle.dialect)
  const results = {}
  for (const role of ['owner', 'viewer']) {
    const service = createSearchService({ repo, access: async () => ({ userId, treeId, holderId: userId, role }) })
    const search = (q) => service.search(userId, { q, limit: 5, language: 'es' })
    for (const [, q] of queries) await search(q) // warm the caches and the plans
    const times = []
    const perQuery = new Map()
    for (let round = 0; round < rounds; round++) {
      for (const [name, q] of queries) {
        const start = performance.now()
        const answer = await search(q)
        const ms = performance.now() - start
        times.push(ms)
        perQuery.set(name, { ms: [...(perQuery.get(name)?.ms ?? []), ms], total: answer.groups.reduce((sum, group) => sum + group.total, 0) })
      }
    }
    results[role] = { times, perQuery }
  }
  return results
}

/** A 10,000-person batch (the import's write path) with the index triggers, then on a copy without them. */
async function importCost(open) {
  const generate = (size) => ({
    members: Array.from({ length: size }, (_, i) => ({
      sourceId: `I${i}`,
      firstName: `Persona ${i}`,
      lastName: pick(lastNames),
      birthDate: 'ABT 1900',
      birthPlace: pick(places),
      notes: sentence(10),
    })),
    unions: Array.from({ length: Math.floor(size / 2) }, (_, i) => ({ sourceId: `F${i}`, firstPartner: `I${2 * i}`, secondPartner: `I${2 * i + 1}` })),
    links: Array.from({ length: size - 4 }, (_, k) => ({ child: `I${k + 4}`, union: `F${Math.floor((k + 4) / 4) - 1}` })),
  })
  const figures = {}
  for (const withTriggers of [true, false]) {
    const { handle, close } = await open()
    await seedFamily(handle, 'importer')
    if (!withTriggers) {
      const names = ['search_person_ai', 'search_person_au', 'search_person_ad', 'search_person_facts_ai', 'search_person_facts_au', 'search_person_facts_ad']
      for (const name of names) await sql.raw(handle.dialect === 'postgres' ? `DROP TRIGGER IF EXISTS ${name} ON member` : `DROP TRIGGER IF EXISTS ${name}`).execute(handle.raw)
    }
    const service = createFamilyTreeService({
      repo: createFamilyTreeRepository(handle.db),
      getOwner: async () => ({ displayName: 'Bench', email: 'importer@example.com', preferredLanguage: 'es' }),
    })
    const start = performance.now()
    await service.applyBatch('importer', generate(importSize), { bySourceId: true })
    figures[withTriggers ? 'with' : 'without'] = performance.now() - start
    await close()
  }
  return figures
}

async function openSqlite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'legado-bench-search-'))
  const handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'legado.sqlite') })
  await migrateToLatest(handle.raw)
  return {
    handle,
    close: async () => {
      await handle.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function openPostgres() {
  const database = postgresSchema('search')
  const handle = await openDatabase({ dialect: 'postgres', url: postgresUrl, schema: database.schema })
  await migrateToLatest(handle.raw, handle.schema)
  return {
    handle,
    close: async () => {
      await handle.destroy()
      await database.drop()
    },
  }
}

/** What the index takes on disk: its tables (the documents with their TOAST, the word list) and their indexes. */
async function postgresSizes(handle) {
  const { rows } = await sql`SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${handle.schema} AND c.relname LIKE 'search\\_%' AND c.relkind IN ('r', 'i') ORDER BY c.relkind DESC, c.relname`.execute(handle.raw)
  const toast = await sql`SELECT pg_total_relation_size(reltoastrelid) AS bytes FROM pg_class WHERE oid = ${`${handle.schema}.search_document`}::regclass`.execute(handle.raw)
  const mb = (bytes) => `${(Number(bytes) / 2 ** 20).toFixed(1)} MiB`
  return [...rows.map((row) => `${row.name} ${mb(row.bytes)}`), `TOAST ${mb(toast.rows[0]?.bytes ?? 0)}`].join(', ')
}

const fmt = (ms) => `${ms.toFixed(1)} ms`.padStart(9)
console.log(
  `Search over ${textCount.toLocaleString('en')} texts, Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(1)}. Goal: p95 ≤ 50 ms.`,
)
const targets = [['SQLite', openSqlite]]
if (postgresUrl) targets.push(['PostgreSQL', openPostgres])
else console.log('PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)')
for (const [name, open] of targets) {
  const { handle, close } = await open()
  try {
    const userId = 'bench'
    const treeId = await seedFamily(handle, userId)
    seed = 20_261_129
    const writeMs = await writeTexts(handle, userId, treeId)
    // What autovacuum does after a big write (PostgreSQL's GIN keeps new entries in a pending list
    // until then), to every table the search reads: without the people's statistics the planner
    // guessed a viewer's check of who is living over a full read of them.
    if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE search_document, search_word, member, media_member_link, tree_shared_memory, tree_shared_story`.execute(handle.raw)
    const documents = Number((await sql`SELECT count(*) AS n FROM search_document`.execute(handle.raw)).rows[0].n)
    console.log(
      `\n${name}: ${textCount.toLocaleString('en')} texts written in ${(writeMs / 1000).toFixed(1)} s with the index triggers (${documents.toLocaleString('en')} documents)`,
    )
    if (handle.dialect === 'postgres') console.log(`  ${await postgresSizes(handle)}`)
    const results = await timeSearches(handle, userId, treeId)
    for (const [role, { times, perQuery }] of Object.entries(results)) {
      console.log(`  as ${role.padEnd(6)} ${times.length} searches: p50 ${fmt(percentileOf(times, 0.5))}  p95 ${fmt(percentileOf(times, 0.95))}  max ${fmt(Math.max(...times))}`)
      for (const [query, { ms, total }] of perQuery)
        console.log(`    ${query.padEnd(18)} p50 ${fmt(percentileOf(ms, 0.5))}  p95 ${fmt(percentileOf(ms, 0.95))}  (${total.toLocaleString('en')} found)`)
    }
  } finally {
    await close()
  }
  const cost = await importCost(open)
  console.log(
    `  import of ${importSize.toLocaleString('en')} people (family batch): ${(cost.with / 1000).toFixed(2)} s with the index triggers, ${(cost.without / 1000).toFixed(2)} s without (+${(((cost.with - cost.without) / cost.without) * 100).toFixed(0)}%)`,
  )
}
