import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedOwnerData } from '../../test/owner-data.ts'
import { as, cookieHeader, createTestApp, signUpTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

/** Columns that say whose a row is. */
const ownerColumns = ['user_id', 'owner_user_id', 'author_user_id']

/**
 * How many rows of each table belong to `userId`, read from the database's own catalogue so that
 * a table added later is counted without anyone remembering to add it here.
 */
async function rowsOf(t: TestApp, database: string, userId: string): Promise<Record<string, number>> {
  const columns =
    database === 'sqlite'
      ? (
          await sql<{ tbl: string; col: string }>`
            select m.name as tbl, p.name as col
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table'`.execute(t.db)
        ).rows
      : (
          await sql<{ tbl: string; col: string }>`
            select table_name as tbl, column_name as col from information_schema.columns where table_schema = current_schema()`.execute(t.db)
        ).rows
  const counts: Record<string, number> = {}
  // (Aliases without underscores: the observer's connection turns snake_case names into camelCase.)
  for (const { tbl: table, col: column } of columns) {
    if (!ownerColumns.includes(column) && !(table === 'user' && column === 'id')) continue
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(t.db)
    counts[`${table}.${column}`] = Number(rows[0]!.n)
  }
  return counts
}

/** Every folder under `root`, by its whole path. */
function foldersUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))

describe.each(testDatabases)('deleting an account on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_RATE_LIMIT_MAX: '3' })
  })
  afterAll(() => t.close())

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
  const erase = (user: TestUser, payload: object) => as(t.app, user)({ method: 'DELETE', url: '/api/me', payload })
  const objectsOf = (userId: string) => {
    const folder = path.join(t.dataDir, 'media', 'userMedia', userId)
    return existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0
  }

  /** One of everything, a photo with its thumbnail, a contact message, and a second session. */
  async function personWithEverything() {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-rosa' })
    const ids = await seedOwnerData(t.app, user)
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer()
    const uploaded = await tusClient(t.app, user).createWithData(photo, { filename: 'abuela.png', linkedToType: 'member', linkedToId: ids.member })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const contact = await as(t.app, user)({ method: 'POST', url: '/api/contact', payload: { name: 'Rosa', email: user.email, message: 'Gracias por Legado.' } })
    expect(contact.statusCode, contact.body).toBe(201)
    const phone = cookieHeader(await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'la-clave-de-rosa' } }))
    return { user, ids, phone }
  }

  it('erases every row and every stored object of the person, ends every session, and touches no one else', async () => {
    const { user, phone } = await personWithEverything()
    const { user: neighbour, ids: neighbourIds } = await personWithEverything()
    const before = nonZero(await rowsOf(t, database, user.id))
    // The seed really reaches every kind of row: the tree, memories, interviews, media, the lab, contact, sessions.
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(12)
    expect(objectsOf(user.id)).toBe(3)
    const neighbourBefore = await rowsOf(t, database, neighbour.id)

    const erased = await erase(user, { password: 'la-clave-de-rosa' })
    expect(erased.statusCode, erased.body).toBe(204)
    expect(erased.cookies.find((cookie) => cookie.name === 'legado.session_token')).toMatchObject({ value: '', maxAge: 0 })

    expect(nonZero(await rowsOf(t, database, user.id))).toEqual({})
    // A contact message would outlive its sender's row with an empty user id, name and e-mail kept.
    const messages = await sql<{ n: number | string }>`select count(*) as n from contact_message where email = ${user.email}`.execute(t.db)
    expect(Number(messages.rows[0]!.n)).toBe(0)
    expect(objectsOf(user.id)).toBe(0)
    for (const cookie of [user.cookie, phone]) expect((await me(cookie)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'la-clave-de-rosa' } })).statusCode).toBe(401)

    expect(await rowsOf(t, database, neighbour.id)).toEqual(neighbourBefore)
    expect(objectsOf(neighbour.id)).toBe(3)
    const neighbourMedia = await as(t.app, neighbour)({ method: 'GET', url: `/api/media/${neighbourIds.media}/content` })
    expect(neighbourMedia.body).toBe('Una carta.')
  })

  it('leaves no folder of the person, nor any empty one, under the data folder', async () => {
    const { user, ids } = await personWithEverything()
    const unfinished = await tusClient(t.app, user).create(1000, { filename: 'a-medias.txt', linkedToType: 'member', linkedToId: ids.member })
    expect(unfinished.statusCode, unfinished.body).toBe(201)
    // A life book made and kept: its PDF is stored apart from the media.
    const book = await as(t.app, user)({ method: 'POST', url: '/api/books', payload: { kind: 'person', memberId: ids.member, language: 'es' } })
    expect(book.statusCode, book.body).toBe(201)
    while (/queued|running/.test((await as(t.app, user)({ method: 'GET', url: `/api/books/${book.json().id}` })).json().status))
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(readdirSync(path.join(t.dataDir, 'media', 'books', user.id))).toEqual([`${book.json().id}.pdf`])
    expect(foldersUnder(t.dataDir).some((folder) => folder.includes(user.id))).toBe(true)

    expect((await erase(user, { password: 'la-clave-de-rosa' })).statusCode).toBe(204)

    const folders = foldersUnder(t.dataDir)
    expect(folders.filter((folder) => folder.includes(user.id))).toEqual([])
    // The data folder's own folders (media, uploads, imports) may stand empty; nothing below them.
    expect(folders.filter((folder) => path.dirname(folder) !== t.dataDir && readdirSync(folder).length === 0)).toEqual([])
  })

  it('frees the e-mail: the same person can start again with an account holding only their new card', async () => {
    const { user } = await personWithEverything()
    expect((await erase(user, { password: 'la-clave-de-rosa' })).statusCode).toBe(204)
    const again = await signUpTestUser(t.app, { name: 'Rosa Díaz', email: user.email, password: 'otra-vez-desde-cero' })
    const tree = await as(t.app, again)({ method: 'GET', url: '/api/family-tree' })
    expect(tree.json().members).toEqual([expect.objectContaining({ firstName: 'Rosa', lastName: 'Díaz', isSelf: true, mediaAssetIds: [], interviewSegments: [] })])
    for (const url of ['/api/dreams', '/api/biography/entries']) {
      const listed = (await as(t.app, again)({ method: 'GET', url })).json() as Record<string, unknown[]>
      expect(Object.values(listed)[0]).toEqual([])
    }
  })

  it('refuses a wrong or missing password on its field and erases nothing', async () => {
    const { user } = await personWithEverything()
    const before = await rowsOf(t, database, user.id)
    const wrong = await erase(user, { password: 'no-es-la-clave' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.details).toEqual([{ path: 'password', code: 'auth.wrong_password' }])
    const missing = await erase(user, {})
    expect(missing.json().error.details).toEqual([{ path: 'password', code: 'validation.required' }])
    expect(await rowsOf(t, database, user.id)).toEqual(before)
    expect(objectsOf(user.id)).toBe(3)
    expect((await me(user.cookie)).statusCode).toBe(200)
  })

  it('counts guesses at the password against the account’s own limit', async () => {
    const user = await signUpTestUser(t.app, { password: 'la-clave-de-siempre' })
    const answers = []
    for (let i = 0; i < 4; i += 1) answers.push((await erase(user, { password: `adivinanza-${i}` })).statusCode)
    expect(answers).toEqual([400, 400, 400, 429])
    expect((await me(user.cookie)).statusCode).toBe(200)
  })
})
