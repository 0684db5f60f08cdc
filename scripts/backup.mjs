// `npm run backup`: a consistent snapshot of the SQLite database and the media, while the server runs.
import { BackupError, createBackup, dataDirFrom, defaultKeep } from './backup-lib.mjs'

// A backup, and the data restored from one, is for this user alone: files 0600, folders 0700.
process.umask(0o077)

try {
  const keep = process.env.BACKUP_KEEP ? Number(process.env.BACKUP_KEEP) : defaultKeep
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError('BACKUP_KEEP must be a whole number of backups, 1 or more')
  const { folder, manifest, removed } = await createBackup(dataDirFrom(), { keep })
  console.log(`Backup written to ${folder} (database and ${manifest.mediaFiles} media files).`)
  if (removed.length > 0) console.log(`Older backups removed (keeping ${keep}): ${removed.join(', ')}`)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exitCode = 1
}
