// Backups of an embedded (SQLite + local media) installation, in plain Node so that they run with
// the production dependencies alone. A backup is a folder under DATA_DIR/backups named by its
// UTC time: `legado.db` (a consistent snapshot taken by SQLite's online backup API while the
// server keeps running, without the sessions and sign-in tokens in it), `media/` (the stored
// files), `auth-secret` and `backup.json` (what it holds, with the database's sha256). A backup
// is a family's private life: its folder is 0700 and its files 0600, like the data folder.
import { createHash } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import SQLite from 'better-sqlite3'

export const defaultKeep = 14
export const databaseFile = 'legado.db'
/** A backup's name: its UTC time with the characters file systems dislike replaced. */
const namePattern = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/

export class BackupError extends Error {}

/** Where the data lives, as the server reads it (DATA_DIR, default ./data). */
export function dataDirFrom(env = process.env) {
  if (env.DATABASE_URL) {
    throw new BackupError('DATABASE_URL is set: this installation runs on PostgreSQL. Use pg_dump / pg_restore (see "Backups" in the README).')
  }
  if (env.STORAGE === 's3') {
    throw new BackupError('STORAGE=s3: media live in the bucket. Use bucket versioning or `aws s3 sync` (see "Backups" in the README).')
  }
  return path.resolve(env.DATA_DIR || './data')
}

export const backupsDir = (dataDir) => path.join(dataDir, 'backups')

/** The backups kept, oldest first (their names sort by time). */
export async function listBackups(dataDir) {
  const entries = await readdir(backupsDir(dataDir), { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => entry.isDirectory() && namePattern.test(entry.name))
    .map((entry) => entry.name)
    .sort()
}

async function sha256Of(file) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk)
  return hash.digest('hex')
}

/** Copies every file of `from` missing in `to`; stored media are never rewritten, so a name is enough. */
export async function copyNewFiles(from, to) {
  let copied = 0
  let entries
  try {
    entries = await readdir(from, { recursive: true, withFileTypes: true })
  } catch (error) {
    if (error.code === 'ENOENT') return 0
    throw error
  }
  for (const entry of entries) {
    // A `.part` file is a write under way, not a stored object.
    if (!entry.isFile() || entry.name.endsWith('.part')) continue
    const source = path.join(entry.parentPath, entry.name)
    const target = path.join(to, path.relative(from, source))
    if (existsSync(target)) continue
    await mkdir(path.dirname(target), { recursive: true })
    try {
      await copyFile(source, target)
      copied += 1
    } catch (error) {
      // Deleted since the listing: its row is gone too, or goes with the next snapshot.
      if (error.code !== 'ENOENT') throw error
    }
  }
  return copied
}

async function countFiles(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).length
}

/**
 * Rows that would let whoever holds a copy act as someone: live sessions (a session cookie is
 * checked against them) and pending sign-in or verification tokens. A restore signs everyone out.
 */
const secretTables = ['session', 'verification']

function forgetSessions(file) {
  const database = new SQLite(file, { fileMustExist: true })
  try {
    for (const table of secretTables) database.prepare(`delete from "${table}"`).run()
    // Deleted rows stay in free pages until the file is rewritten.
    database.exec('vacuum')
  } finally {
    database.close()
  }
}

/** Closes a finished backup to everyone but its owner: folders 0700, files 0600. */
async function makePrivate(folder) {
  await chmod(folder, 0o700)
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600)
  }
}

/**
 * Writes a new backup and keeps the newest `keep`. The media are copied before and after the
 * database snapshot: a file is always stored before its row is written, so every row of the
 * snapshot finds its file in the copy. The backup is assembled in a hidden folder and renamed
 * into place, so a backup that is listed is always whole.
 */
export async function createBackup(dataDir, { keep = defaultKeep, now = new Date() } = {}) {
  const source = path.join(dataDir, databaseFile)
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up (is DATA_DIR right?)`)
  const name = now.toISOString().replace(/[:.]/g, '-')
  const root = backupsDir(dataDir)
  const partial = path.join(root, `.partial-${name}`)
  await mkdir(root, { recursive: true, mode: 0o700 })
  await chmod(root, 0o700)
  await mkdir(partial, { recursive: true, mode: 0o700 })
  try {
    const mediaFrom = path.join(dataDir, 'media')
    const mediaTo = path.join(partial, 'media')
    await copyNewFiles(mediaFrom, mediaTo)
    const database = new SQLite(source, { fileMustExist: true })
    try {
      database.pragma('busy_timeout = 5000')
      await database.backup(path.join(partial, databaseFile))
    } finally {
      database.close()
    }
    forgetSessions(path.join(partial, databaseFile))
    await copyNewFiles(mediaFrom, mediaTo)
    const secret = path.join(dataDir, 'auth-secret')
    if (existsSync(secret)) await copyFile(secret, path.join(partial, 'auth-secret'))
    const manifest = {
      format: 'legado-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: { file: databaseFile, sha256: await sha256Of(path.join(partial, databaseFile)) },
      mediaFiles: await countFiles(mediaTo),
    }
    await writeFile(path.join(partial, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await makePrivate(partial)
    await rename(partial, path.join(root, name))
    const removed = await pruneBackups(dataDir, keep)
    return { name, folder: path.join(root, name), manifest, removed }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

/** Deletes all but the newest `keep` backups; answers the names removed. */
export async function pruneBackups(dataDir, keep = defaultKeep) {
  const names = await listBackups(dataDir)
  const removed = names.slice(0, Math.max(0, names.length - keep))
  for (const name of removed) await rm(path.join(backupsDir(dataDir), name), { recursive: true, force: true })
  return removed
}

/** Reads and checks a backup: its manifest, the database's hash, and SQLite's own integrity check. */
export async function verifyBackup(folder) {
  const manifest = JSON.parse(await readFile(path.join(folder, 'backup.json'), 'utf8'))
  if (manifest.format !== 'legado-backup' || manifest.version !== 1) throw new BackupError(`${folder} is not a Legado backup this version can restore`)
  const file = path.join(folder, manifest.database.file)
  if ((await sha256Of(file)) !== manifest.database.sha256) throw new BackupError(`The database in ${folder} does not match its checksum: the backup is damaged`)
  const database = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const result = database.pragma('integrity_check', { simple: true })
    if (result !== 'ok') throw new BackupError(`SQLite finds the database in ${folder} damaged: ${result}`)
  } finally {
    database.close()
  }
  return manifest
}
