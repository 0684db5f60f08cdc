import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedOwnerData } from '../src/server/test/owner-data.ts'
import { as, cookieHeader, createTestApp, createTestUser, type TestApp, type TestUser } from '../src/server/test/test-app.ts'
import { tusClient } from '../src/server/test/tus-client.ts'

/** Runs `npm run backup` / `npm run restore` as an operator would: a process of its own. */
function run(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [`scripts/${script}.mjs`, ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** Every row of every table, in a stable order, straight from the file. */
function everyRow(file: string): Record<string, unknown[]> {
  const database = new SQLite(file, { readonly: true })
  try {
    const tables = database.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all() as { name: string }[]
    // Ordered by every column: the search index's own tables (FTS5's) have no rowid.
    const columnsOf = (name: string) => (database.pragma(`table_info("${name}")`) as { cid: number }[]).map(({ cid }) => cid + 1).join(', ')
    return Object.fromEntries(tables.map(({ name }) => [name, database.prepare(`select * from "${name}" order by ${columnsOf(name)}`).all()]))
  } finally {
    database.close()
  }
}

/** Each stored file's path under `media/` and the sha256 of its bytes. */
function mediaHashes(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'media')
  if (!existsSync(root)) return {}
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name)
        return [path.relative(root, file), createHash('sha256').update(readFileSync(file)).digest('hex')]
      }),
  )
}

const backupNames = (dataDir: string) =>
  readdirSync(path.join(dataDir, 'backups'))
    .filter((name) => !name.startsWith('.'))
    .sort()

describe('backups of an embedded installation (npm run backup / restore)', () => {
  let t: TestApp
  let owner: TestUser
  const fresh = mkdtempSync(path.join(tmpdir(), 'legado-restored-'))
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    owner = await createTestUser(t.app)
    const ids = await seedOwnerData(t.app, owner)
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer()
    const uploaded = await tusClient(t.app, owner).createWithData(photo, { filename: 'abuela.png', linkedToType: 'member', linkedToId: ids.member })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
  })
  afterAll(async () => {
    await t.close()
    rmSync(fresh, { recursive: true, force: true })
  })

  it('backs up while the server runs, and a restore into a fresh data folder finds every row and every byte', async () => {
    const backedUp = await run('backup', { DATA_DIR: t.dataDir })
    expect(backedUp.code, backedUp.stderr).toBe(0)
    const [name] = backupNames(t.dataDir)
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    // A new machine: only the backup folder is carried over.
    cpSync(path.join(t.dataDir, 'backups', name!), path.join(fresh, 'backups', name!), { recursive: true })
    const restored = await run('restore', { DATA_DIR: fresh })
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toContain(name)

    const original = everyRow(path.join(t.dataDir, 'legado.db'))
    expect(original.dream_entry).toHaveLength(1)
    expect(original.media_asset).toHaveLength(2)
    expect(original.session!.length).toBeGreaterThan(0)
    // Every row but the sessions and pending sign-in tokens, which a backup never holds.
    expect(everyRow(path.join(fresh, 'legado.db'))).toEqual({ ...original, session: [], verification: [] })
    const hashes = mediaHashes(t.dataDir)
    // The note, the photo and its thumbnail.
    expect(Object.keys(hashes)).toHaveLength(3)
    expect(mediaHashes(fresh)).toEqual(hashes)
    expect(readdirSync(fresh).filter((entry) => entry.startsWith('.restore-'))).toEqual([])

    // The restored installation serves the same person once they sign in again: a backup holds
    // no session, so a stolen copy signs nobody in.
    const again = await createTestApp('sqlite', { DATA_DIR: fresh })
    try {
      expect((await as(again.app, owner)({ method: 'GET', url: '/api/dreams' })).statusCode).toBe(401)
      const signIn = await again.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: owner.email, password: 'un-recuerdo-largo' } })
      expect(signIn.statusCode, signIn.body).toBe(200)
      const signedIn = { ...owner, cookie: cookieHeader(signIn) }
      const dreams = await as(again.app, signedIn)({ method: 'GET', url: '/api/dreams' })
      expect(dreams.statusCode).toBe(200)
      expect(dreams.json().dreams.map((dream: { content: string }) => dream.content)).toEqual(['Volaba'])
      const media = original.media_asset as { id: string; sha256: string }[]
      for (const asset of media) {
        const content = await as(again.app, signedIn)({ method: 'GET', url: `/api/media/${asset.id}/content` })
        expect(createHash('sha256').update(content.rawPayload).digest('hex')).toBe(asset.sha256)
      }
    } finally {
      await again.close()
    }
  })

  it('keeps each backup for its owner alone: folders 0700, files 0600', () => {
    const root = path.join(t.dataDir, 'backups')
    expect(statSync(root).mode & 0o777).toBe(0o700)
    for (const name of backupNames(t.dataDir)) {
      const folder = path.join(root, name)
      expect(statSync(folder).mode & 0o777, folder).toBe(0o700)
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name)
        expect(statSync(file).mode & 0o777, file).toBe(entry.isDirectory() ? 0o700 : 0o600)
      }
    }
  })

  it('refuses to restore over a database a running server holds, and changes nothing', async () => {
    const before = readdirSync(t.dataDir).sort()
    const refused = await run('restore', { DATA_DIR: t.dataDir })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Stop it first')
    expect(readdirSync(t.dataDir).sort()).toEqual(before)
  })

  it('keeps the newest 14 backups', async () => {
    const first = backupNames(t.dataDir)[0]
    for (let count = 0; count < 15; count += 1) expect((await run('backup', { DATA_DIR: t.dataDir })).code).toBe(0)
    const names = backupNames(t.dataDir)
    expect(names).toHaveLength(14)
    expect(names).not.toContain(first)
  })

  it('names the PostgreSQL and S3 tools instead of backing up what it cannot', async () => {
    const postgres = await run('backup', { DATA_DIR: t.dataDir, DATABASE_URL: 'postgres://localhost/legado' })
    expect(postgres.code).toBe(1)
    expect(postgres.stderr).toContain('pg_dump')
    const s3 = await run('backup', { DATA_DIR: t.dataDir, STORAGE: 's3' })
    expect(s3.code).toBe(1)
    expect(s3.stderr).toContain('aws s3 sync')
  })
})
