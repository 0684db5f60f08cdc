// Bringing a backup (see backup-lib.mjs) back into DATA_DIR. The server must be stopped: the
// database is checked for other connections first, and a restore refuses while one is open.
import { existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { BackupError, backupsDir, copyNewFiles, databaseFile, listBackups, verifyBackup } from './backup-lib.mjs'

/**
 * Refuses while any process (a running server) has the database open. Every open WAL connection
 * holds a shared lock on the database file, so an exclusive lock can be had only when none is.
 */
export function assertDatabaseUnused(file) {
  if (!existsSync(file)) return
  const database = new SQLite(file, { timeout: 0 })
  try {
    database.pragma('locking_mode = EXCLUSIVE')
    database.exec('BEGIN EXCLUSIVE')
    database.exec('COMMIT')
  } catch (error) {
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') {
      throw new BackupError(`A Legado server is using ${file}. Stop it first, then run \`npm run restore\` again.`)
    }
    throw error
  } finally {
    // Closing the last connection folds the write-ahead log into the file and removes it.
    database.close()
  }
}

/** What a restore moves aside and puts back, relative to DATA_DIR. */
const restoredEntries = [databaseFile, 'media', 'auth-secret']
const leftovers = [`${databaseFile}-wal`, `${databaseFile}-shm`]

/**
 * Restores the backup `name` (the newest by default) into `dataDir`. The backup is verified and
 * copied into a hidden folder first; then the current database, media and secret are moved aside
 * into `replaced-<time>/` and the copies renamed into place, so DATA_DIR is never half restored
 * (a failed rename puts the previous data back). Nothing is deleted: the replaced data stays until
 * the operator removes it.
 */
export async function restoreBackup(dataDir, name, { now = new Date() } = {}) {
  const names = await listBackups(dataDir)
  if (names.length === 0) throw new BackupError(`No backups in ${backupsDir(dataDir)}: run \`npm run backup\` first.`)
  const chosen = name ?? names.at(-1)
  if (!names.includes(chosen)) throw new BackupError(`No backup named ${chosen}. Available: ${names.join(', ')}`)
  const folder = path.join(backupsDir(dataDir), chosen)
  const manifest = await verifyBackup(folder)
  assertDatabaseUnused(path.join(dataDir, databaseFile))

  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const staging = path.join(dataDir, `.restore-${stamp}`)
  const replaced = path.join(dataDir, `replaced-${stamp}`)
  await mkdir(staging, { recursive: true })
  try {
    await copyFile(path.join(folder, databaseFile), path.join(staging, databaseFile))
    await mkdir(path.join(staging, 'media'))
    await copyNewFiles(path.join(folder, 'media'), path.join(staging, 'media'))
    if (existsSync(path.join(folder, 'auth-secret'))) await copyFile(path.join(folder, 'auth-secret'), path.join(staging, 'auth-secret'))
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }

  await mkdir(replaced)
  const movedAside = []
  const placed = []
  try {
    for (const entry of [...restoredEntries, ...leftovers]) {
      if (!existsSync(path.join(dataDir, entry))) continue
      await rename(path.join(dataDir, entry), path.join(replaced, entry))
      movedAside.push(entry)
    }
    for (const entry of restoredEntries) {
      if (!existsSync(path.join(staging, entry))) continue
      await rename(path.join(staging, entry), path.join(dataDir, entry))
      placed.push(entry)
    }
  } catch (error) {
    for (const entry of placed) await rm(path.join(dataDir, entry), { recursive: true, force: true })
    for (const entry of movedAside) await rename(path.join(replaced, entry), path.join(dataDir, entry))
    await rm(replaced, { recursive: true, force: true })
    throw error
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  if (movedAside.length === 0) await rm(replaced, { recursive: true, force: true })
  return { name: chosen, manifest, replaced: movedAside.length > 0 ? replaced : undefined }
}
