// `npm run restore [name]`: brings a backup (the newest by default) back into DATA_DIR; stop the server first.
import { BackupError, dataDirFrom } from './backup-lib.mjs'
import { restoreBackup } from './restore-lib.mjs'

try {
  const { name, replaced } = await restoreBackup(dataDirFrom(), process.argv[2])
  console.log(`Backup ${name} restored.`)
  if (replaced) console.log(`The data it replaced is kept in ${replaced}; delete that folder once all is well.`)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exitCode = 1
}
