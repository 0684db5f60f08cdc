// `npm run restore [name]`: brings a backup (the newest by default) back into DATA_DIR; stop the server first.
import { BackupError, dataDirFrom } from './backup-lib.mjs'
import { restoreBackup } from './restore-lib.mjs'

// A backup, and the data restored from one, is for this user alone: files 0600, folders 0700.
process.umask(0o077)

try {
  const { name, replaced } = await restoreBackup(dataDirFrom(), process.argv[2])
  console.log(`Backup ${name} restored.`)
  if (replaced) console.log(`The data it replaced is kept in ${replaced}; delete that folder once all is well.`)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exitCode = 1
}
