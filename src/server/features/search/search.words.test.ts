import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer } from '../../../shared/contracts/search.ts'
import type { Database } from '../../db/schema.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { createSearchRepository } from './search.repository.ts'

// PostgreSQL lists every word its index holds (`search_word`), and a search reads the list to turn
// a prefix into words: a text whose word is missing from the list cannot be found by a prefix. Words
// no text holds any more are pruned (an account deleted, a rebuild); a writer listing a word while a
// prune runs must never lose it. SQLite's FTS5 keeps no list: there the same searches must answer
// alike, and a prune does nothing.

describe.each(testDatabases)('the search word list on %s', (database) => {
  let t: TestApp
  const isPostgres = database === 'postgres'

  const repo = () => createSearchRepository(t.db.withoutPlugins(), isPostgres ? 'postgres' : 'sqlite')
  async function post(user: TestUser, url: string, payload: object): Promise<{ id: string }> {
    const response = await as(t.app, user)({ method: 'POST', url, payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }
  async function found(user: TestUser, q: string): Promise<string[]> {
    const response = await as(t.app, user)({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as SearchAnswer).groups.flatMap((group) => group.results.map((result) => result.id))
  }
  async function isListed(word: string): Promise<boolean> {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_word WHERE word = ${word}`.execute(t.db)
    return Number(rows[0]!.n) > 0
  }
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('forgets a deleted account’s own words and keeps those another account still holds', async () => {
    const rosa = await createTestUser(t.app)
    const marta = await createTestUser(t.app)
    await post(rosa, '/api/dreams', { content: 'El zumbayllu de Ernesto bailaba en Abancay.' })
    const hers = await post(marta, '/api/dreams', { content: 'Las fiestas de Abancay.' })
    if (isPostgres) expect(await isListed('zumbayllu')).toBe(true)

    const erased = await as(t.app, rosa)({ method: 'DELETE', url: '/api/me', payload: { password: 'un-recuerdo-largo' } })
    expect(erased.statusCode, erased.body).toBe(204)

    if (isPostgres) {
      expect(await isListed('zumbayllu')).toBe(false)
      expect(await isListed('ernesto')).toBe(false)
      expect(await isListed('abancay')).toBe(true)
    }
    expect(await found(marta, 'abanc')).toEqual([hers.id])
  })

  it('prunes only the candidates no text holds, quoted as the word index reads them', async () => {
    const lucia = await createTestUser(t.app)
    await post(lucia, '/api/dreams', { content: 'Un paso más hacia el río.' })
    if (!isPostgres) {
      expect(await repo().pruneWords(['paso'])).toBe(0)
      expect(await repo().wordsOf(lucia.id)).toEqual([])
      return
    }
    // Words the parser never makes, which the list could still hold: «pa\so» read unquoted would be «paso».
    await sql`INSERT INTO search_word (word) VALUES (${'pa\\so'}), (${"d'oro"}), ('zzrio')`.execute(t.db)
    expect(await repo().pruneWords(['pa\\so', "d'oro", 'paso', 'rio'])).toBe(2)
    expect(await isListed('pa\\so')).toBe(false)
    expect(await isListed("d'oro")).toBe(false)
    expect(await isListed('paso')).toBe(true)
    expect(await isListed('rio')).toBe(true)
    // Not a candidate: left for a prune of every word, which counts what it took out.
    expect(await isListed('zzrio')).toBe(true)
    expect(await repo().pruneWords()).toBeGreaterThanOrEqual(1)
    expect(await isListed('zzrio')).toBe(false)
    expect(await isListed('paso')).toBe(true)
  })
})

describe.skipIf(!process.env.TEST_POSTGRES_URL)('a prune of the search word list racing a writer on postgres', () => {
  let t: TestApp
  let lucia: TestUser
  let raw: Kysely<Database>

  const repo = () => createSearchRepository(raw, 'postgres')
  async function isListed(word: string): Promise<boolean> {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_word WHERE word = ${word}`.execute(raw)
    return Number(rows[0]!.n) > 0
  }
  /** A word listed by a text since deleted: the list still has it, no text holds it. */
  async function staleWord(word: string): Promise<void> {
    const response = await as(t.app, lucia)({ method: 'POST', url: '/api/dreams', payload: { content: `Soñé con ${word}.` } })
    expect((await as(t.app, lucia)({ method: 'DELETE', url: `/api/dreams/${response.json().id}` })).statusCode).toBe(204)
    expect(await isListed(word)).toBe(true)
  }
  async function found(q: string): Promise<string[]> {
    const response = await as(t.app, lucia)({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })
    return (response.json() as SearchAnswer).groups.flatMap((group) => group.results.map((result) => result.id))
  }
  /** A dream written as any write path does, in the transaction `trx`: the triggers index it and list its words. */
  async function writeDream(trx: Kysely<Database>, id: string, content: string): Promise<void> {
    await sql`INSERT INTO dream_entry (id, author_user_id, title, content, entry_date, updated_at) VALUES (${id}, ${lucia.id}, '', ${content}, now(), now())`.execute(trx)
  }
  /** Waits until `sessions` sessions of this database wait for a lock, or `isOver` (at most 10 s); says whether they did. */
  async function untilWaiting(sessions: number, isOver: () => boolean): Promise<boolean> {
    for (const started = Date.now(); Date.now() - started < 10_000 && !isOver();) {
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(raw)
      if (Number(rows[0]!.n) >= sessions) return true
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return false
  }
  /** A promise, and the function that fulfils it. */
  function signal(): [Promise<void>, () => void] {
    let fulfil!: () => void
    return [new Promise<void>((resolve) => (fulfil = resolve)), () => fulfil()]
  }

  beforeAll(async () => {
    t = await createTestApp('postgres')
    raw = t.db.withoutPlugins()
    lucia = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('keeps a word that a writer found listed, when the prune started before the writer committed', async () => {
    await staleWord('quenacho')
    const [wrote, markWritten] = signal()
    const [mayCommit, letCommit] = signal()
    const dreamId = randomUUID()
    // The writer finds «quenacho» listed and does not list it again.
    const writer = raw.transaction().execute(async (trx) => {
      await writeDream(trx, dreamId, 'El quenacho del abuelo sonaba al atardecer.')
      markWritten()
      await mayCommit
    })
    let waited = false
    try {
      await Promise.race([wrote, writer])
      let isPruned = false
      const pruning = repo()
        .pruneWords()
        .finally(() => (isPruned = true))
      // The prune waits for the writer's documents before it reads which words are held.
      waited = await untilWaiting(1, () => isPruned)
      letCommit()
      await pruning
    } finally {
      letCommit()
      await writer
    }
    expect(await isListed('quenacho')).toBe(true)
    expect(await found('quenach')).toEqual([dreamId])
    expect(waited).toBe(true)
  })

  it('lists again a word the prune took out while a writer waited for it', async () => {
    await staleWord('yareta')
    await sql`INSERT INTO search_word (word) VALUES ('zzcerrojo')`.execute(raw)
    // Someone holds the list's row of another word, so the prune, once it holds the list, waits
    // there in the middle of its deletion: the writer then comes while the prune is under way.
    const [held, markHeld] = signal()
    const [mayRelease, release] = signal()
    const holder = raw.transaction().execute(async (trx) => {
      await sql`SELECT word FROM search_word WHERE word = 'zzcerrojo' FOR UPDATE`.execute(trx)
      markHeld()
      await mayRelease
    })
    const dreamId = randomUUID()
    let waited = false
    try {
      await Promise.race([held, holder])
      let isPruned = false
      const pruning = repo()
        .pruneWords(['yareta', 'zzcerrojo'])
        .finally(() => (isPruned = true))
      expect(await untilWaiting(1, () => isPruned)).toBe(true)
      let isWritten = false
      const writer = raw
        .transaction()
        .execute((trx) => writeDream(trx, dreamId, 'La yareta del altiplano.'))
        .finally(() => (isWritten = true))
      // The writer waits for the prune to end, and must then read the list without the word: the
      // list's trigger takes the list's lock before the statement that reads it.
      waited = await untilWaiting(2, () => isWritten)
      release()
      expect(await pruning).toBe(2)
      await writer
    } finally {
      release()
      await holder
    }
    expect(await isListed('yareta')).toBe(true)
    expect(await found('yaret')).toEqual([dreamId])
    expect(waited).toBe(true)
  })

  it('deletes an account without its prune when writers hold the list past the prune’s wait', async () => {
    const rosa = await createTestUser(t.app)
    await as(t.app, rosa)({ method: 'POST', url: '/api/dreams', payload: { content: 'El chaquitaclla de Rosa.' } })
    const [held, markHeld] = signal()
    const [mayRelease, release] = signal()
    // What a long import holds while it lists its words.
    const importing = raw.transaction().execute(async (trx) => {
      await sql`LOCK TABLE search_word IN ROW EXCLUSIVE MODE`.execute(trx)
      markHeld()
      await mayRelease
    })
    await Promise.race([held, importing])
    try {
      const erased = await as(t.app, rosa)({ method: 'DELETE', url: '/api/me', payload: { password: 'un-recuerdo-largo' } })
      expect(erased.statusCode, erased.body).toBe(204)
    } finally {
      release()
      await importing
    }
    // Left listed, finding nothing, until the next prune.
    expect(await isListed('chaquitaclla')).toBe(true)
    await repo().pruneWords()
    expect(await isListed('chaquitaclla')).toBe(false)
  })
})
