// Cost growth on PostgreSQL: one person's reads (their dreams, family tree, a member's media, their
// memories) while the same tables hold 1,000 and then 1,000,000 rows of OTHER people's data,
// written straight into the database with generate_series. Prints p99 at a fixed rate for both and
// their ratio (goal: flat, at most 1.5×); then PostgreSQL's own plan and execution time of each
// owner-scoped query behind them at both sizes (EXPLAIN ANALYZE), and every large table the reads
// scanned sequentially (goal: none; each owner-scoped query is served by an index).
//
// Needs BENCH_POSTGRES_URL or TEST_POSTGRES_URL; a schema of its own, dropped afterwards.
// BENCH_COST_ROWS (1000000), BENCH_COST_RATE (100 req/s), BENCH_SECONDS (5), BENCH_PORT (3193).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { formatRun, openLoop, postgresSchema, postgresUrl, signUp, startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const port = Number(process.env.BENCH_PORT ?? 3193)
const base = `http://127.0.0.1:${port}`
const bigRows = Number(process.env.BENCH_COST_ROWS ?? 1_000_000)
const rate = Number(process.env.BENCH_COST_RATE ?? 100)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
/** How many other people share the tables: each holds bigRows / others rows of each kind at the end. */
const others = 1000

/** Other people's rows `from`..`to` (inclusive) of every kind the reads touch, owner `other-(n % others)`. */
const otherRows = (from, to) => [
  `insert into dream_entry (id, author_user_id, title, content, entry_date, updated_at)
     select 'dream-' || g, 'other-' || (g % ${others}), 'Sueño ' || g, 'Volaba sobre un río de luz; la casa del pueblo tenía un patio con un limonero.', now() - g * interval '1 second', now()
     from generate_series(${from}, ${to}) g`,
  `insert into member (id, tree_id, owner_user_id, first_name, last_name, relationship_to_owner, created_at, updated_at)
     select 'member-' || g, 'tree-' || (g % ${others}), 'other-' || (g % ${others}), 'Nombre ' || g, 'Díaz', 'Prima', now(), now()
     from generate_series(${from}, ${to}) g`,
  // Each member's parent is the member ${others} before them: the same person's tree.
  `insert into member_parent (child_id, parent_id, owner_user_id)
     select 'member-' || g, 'member-' || (g - ${others}), 'other-' || (g % ${others})
     from generate_series(greatest(${from}, ${others}), ${to}) g`,
  // Each member is married to the one ${others} after them (a union of their own), and was
  // interviewed once.
  `insert into family_union (id, tree_id, owner_user_id, first_partner_id, second_partner_id, marriage_place, divorce_place, notes, position, created_at, updated_at)
     select 'union-' || g, 'tree-' || (g % ${others}), 'other-' || (g % ${others}), 'member-' || g, 'member-' || (g + ${others}), '', '', '', 0, now(), now()
     from generate_series(${from}, ${to}) g where g + ${others} <= ${to}`,
  `insert into interview_session (id, owner_user_id, interviewed_member_id, timestamp, conversation_pair)
     select 'interview-' || g, 'other-' || (g % ${others}), 'member-' || g, now(), '{"question":"¿Cómo era tu casa?","answer":"Tenía un patio."}'
     from generate_series(${from}, ${to}) g`,
  `insert into media_asset (id, owner_user_id, file_name, storage_path, content_type, size, sha256, caption, linked_to_type, linked_to_id, uploaded_at)
     select 'media-' || g, 'other-' || (g % ${others}), 'foto.jpg', 'userMedia/other-' || (g % ${others}) || '/member/2026-11/foto_' || g || '.jpg', 'image/jpeg', 1000, repeat('0', 64), '', 'member', 'member-' || g, now()
     from generate_series(${from}, ${to}) g`,
  `insert into media_member_link (media_id, member_id, owner_user_id, created_at)
     select 'media-' || g, 'member-' || g, 'other-' || (g % ${others}), now()
     from generate_series(${from}, ${to}) g`,
  `insert into biography_entry (id, author_user_id, conversation_pair, title, entry_date, updated_at)
     select 'bio-' || g, 'other-' || (g % ${others}), '{"question":"¿Dónde naciste?","answer":"En Manizales, en una casa de bahareque."}', 'Recuerdo ' || g, now() - g * interval '1 second', now()
     from generate_series(${from}, ${to}) g`,
]

/**
 * The owner-scoped queries behind those four routes, as the repositories write them: PostgreSQL's
 * own plan and execution time for each, free of the HTTP client's and the machine's noise.
 */
const ownerQueries = {
  'dreams, newest first': ['select * from dream_entry where author_user_id = $1 order by entry_date desc, id desc', (o) => [o.userId]],
  "the tree's members": ['select * from member where owner_user_id = $1', (o) => [o.userId]],
  'parent links': ['select child_id, parent_id, union_id, kind from member_parent where owner_user_id = $1 order by parent_id, child_id', (o) => [o.userId]],
  unions: ['select * from family_union where owner_user_id = $1 order by position, created_at, id', (o) => [o.userId]],
  "a member's media": [
    'select media_asset.* from media_asset join media_member_link as link on link.media_id = media_asset.id where media_asset.owner_user_id = $1 and link.member_id = $2 order by media_asset.uploaded_at desc, media_asset.id desc',
    (o) => [o.userId, o.selfId],
  ],
  "the members' media ids": [
    'select member_id, media_id from media_member_link where owner_user_id = $1 and member_id = any($2) order by created_at, media_id',
    (o) => [o.userId, o.memberIds],
  ],
  'interviews by member': ['select id, interviewed_member_id from interview_session where owner_user_id = $1', (o) => [o.userId]],
  'memories, newest first': ['select * from biography_entry where author_user_id = $1 order by entry_date desc, id desc', (o) => [o.userId]],
}

/** Each owner query's plan (the access path of every table it reads) and its best execution time of five. */
async function explainAll(client, owner) {
  const results = {}
  for (const [name, [text, params]] of Object.entries(ownerQueries)) {
    let best = Infinity
    let paths = []
    for (let i = 0; i < 5; i += 1) {
      const { rows } = await client.query(`explain (analyze, format json) ${text}`, params(owner))
      const [plan] = rows[0]['QUERY PLAN']
      best = Math.min(best, plan['Execution Time'])
      paths = []
      const walk = (node) => {
        if (node['Index Name'] || node['Relation Name']) paths.push(`${node['Node Type']} ${node['Index Name'] ?? `on ${node['Relation Name']}`}`)
        for (const child of node.Plans ?? []) walk(child)
      }
      walk(plan.Plan)
    }
    results[name] = { ms: best, paths }
  }
  return results
}

async function sql(client, statements) {
  for (const statement of statements) await client.query(statement)
}

/** The signed-in person's own data, through the API as the app writes it. */
async function seedOwner() {
  const cookie = await signUp(base, 'cost@example.com')
  const call = async (method, url, body) => {
    const answer = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) })
    if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`)
    return answer.json()
  }
  for (let i = 0; i < 50; i += 1) await call('POST', '/api/dreams', { title: `Sueño ${i}`, content: 'Volaba sobre un río de luz. '.repeat(4) })
  const self = (await call('POST', '/api/family-tree/members', { firstName: 'Rosa', lastName: 'Díaz', isSelf: true })).member.memberId
  for (let i = 0; i < 20; i += 1)
    await call('POST', '/api/family-tree/members', { firstName: `Pariente ${i}`, lastName: 'Díaz', relationshipToOwner: 'Primo', parentMemberIds: [self] })
  for (let i = 0; i < 20; i += 1) await call('POST', '/api/biography/entries', { content: `Un recuerdo de la infancia número ${i}, con el olor del pan.` })
  for (let i = 0; i < 10; i += 1) {
    const bytes = Buffer.from(`Una carta de la abuela, la número ${i}.\n`)
    const metadata = { filename: `carta-${i}.txt`, linkedToType: 'member', linkedToId: self }
    const encoded = Object.entries(metadata)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',')
    const created = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: {
        cookie,
        origin: base,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': encoded,
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    })
    if (created.status !== 201) throw new Error(`an upload answered ${created.status}`)
  }
  const tree = await (await fetch(`${base}/api/family-tree`, { headers: { cookie } })).json()
  const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()
  return {
    cookie,
    userId: me.id,
    selfId: self,
    memberIds: tree.members.map((member) => member.memberId),
    routes: ['/api/dreams', '/api/family-tree', `/api/media?memberId=${self}`, '/api/biography/entries'],
  }
}

async function measure(label, owner) {
  const figures = {}
  // A second of each first: the JIT's first compilations and cold caches are not what is measured.
  for (const route of owner.routes) await openLoop(`${base}${route}`, { cookie: owner.cookie }, { seconds: 1, rate })
  console.log(`\n${label}: ${rate} req/s for ${seconds} s per route`)
  for (const route of owner.routes) {
    const run = await openLoop(`${base}${route}`, { cookie: owner.cookie, 'accept-encoding': 'gzip, br' }, { seconds, rate })
    console.log(formatRun(`GET ${route.split('?')[0]}`, run))
    figures[route] = run
  }
  return figures
}

/** Sequential and index scans per table of the schema, as PostgreSQL counts them. */
async function scans(client, schema) {
  const { rows } = await client.query('select relname, seq_scan, coalesce(idx_scan, 0) as idx_scan, n_live_tup from pg_stat_user_tables where schemaname = $1', [schema])
  return new Map(rows.map((row) => [row.relname, { seq: Number(row.seq_scan), idx: Number(row.idx_scan), rows: Number(row.n_live_tup) }]))
}

if (!postgresUrl) {
  console.log('Cost growth on PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)')
  process.exit(0)
}
buildIfNeeded()
const database = postgresSchema('cost')
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-cost-'))
const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${database.schema}` })
let server
try {
  server = await startServer(port, { DATA_DIR: dataDir, ...database.env })
  await client.connect()
  // Bulk loading only: the generated rows are consistent by construction, so their foreign-key
  // triggers are skipped, and commits need not wait for the disk.
  await sql(client, ['set session_replication_role = replica', 'set synchronous_commit = off'])
  await sql(client, [
    `insert into "user" (id, name, email, email_verified) select 'other-' || g, 'Otra persona ' || g, 'other-' || g || '@example.com', false from generate_series(0, ${others - 1}) g`,
    `insert into family_tree (id, owner_user_id, tree_name, created_at, last_modified) select 'tree-' || g, 'other-' || g, 'Árbol', now(), now() from generate_series(0, ${others - 1}) g`,
    ...otherRows(0, 999),
    'analyze',
  ])
  const owner = await seedOwner()
  const small = await measure('1,000 rows of other people in each table', owner)
  const smallPlans = await explainAll(client, owner)

  const started = performance.now()
  await sql(client, [...otherRows(1000, bigRows - 1), 'analyze'])
  console.log(`\n(${(bigRows - 1000).toLocaleString('en')} more rows in each of 8 tables written in ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  const bigPlans = await explainAll(client, owner)
  // A closed connection reports its statistics at once, a live one only every few seconds: the
  // server restarts, so the counts before the reads hold everything done until then.
  await stopServer(server)
  server = await startServer(port, { DATA_DIR: dataDir, ...database.env })
  const before = await scans(client, database.schema)
  const big = await measure(`${bigRows.toLocaleString('en')} rows of other people in each table`, owner)
  await stopServer(server)
  server = undefined
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = await scans(client, database.schema)

  console.log('\np99 growth (goal ≤ 1.5×):')
  for (const route of owner.routes) {
    const [before99, after99] = [small[route].p99, big[route].p99]
    const [before50, after50] = [small[route].p50, big[route].p50]
    console.log(
      `  GET ${route.split('?')[0].padEnd(26)} p99 ${before99.toFixed(1).padStart(6)} ms → ${after99.toFixed(1).padStart(6)} ms ${(after99 / before99).toFixed(2).padStart(6)}×   (p50 ${before50.toFixed(1)} → ${after50.toFixed(1)} ms, ${(after50 / before50).toFixed(2)}×)`,
    )
  }
  console.log(`\nPostgreSQL's execution time of each owner query (best of 5), and how it reads each table at ${bigRows.toLocaleString('en')}:`)
  for (const name of Object.keys(ownerQueries)) {
    const [was, now] = [smallPlans[name], bigPlans[name]]
    console.log(`  ${name.padEnd(24)} ${was.ms.toFixed(2).padStart(6)} ms → ${now.ms.toFixed(2).padStart(6)} ms   ${now.paths.join(', ')}`)
  }
  const scanned = [...after].filter(([table, count]) => count.seq > (before.get(table)?.seq ?? 0) && count.rows > others)
  console.log(`\nSequential scans of a large table during the reads (goal: none): ${scanned.length === 0 ? 'none' : ''}`)
  for (const [table, count] of scanned) console.log(`  ${table}: ${count.seq - (before.get(table)?.seq ?? 0)} sequential scans of ${count.rows.toLocaleString('en')} rows`)
} finally {
  if (server) await stopServer(server)
  await client.end().catch(() => undefined)
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
