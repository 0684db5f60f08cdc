import { chmodSync, mkdirSync, statSync } from 'node:fs'

/**
 * Everything the server writes is for its own user alone: the database, the auth secret, the
 * stored files and unfinished uploads hold a family's private life. New files are made 0600 and
 * folders 0700 (the process's umask), and the data folder itself is closed to others if it was
 * left open, which makes what is already inside it unreachable to them too.
 */
export function keepDataPrivate(dataDir: string): { tightened: boolean } {
  process.umask(0o077)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const stats = statSync(dataDir)
  const isOurs = typeof process.getuid !== 'function' || stats.uid === process.getuid()
  if (isOurs && (stats.mode & 0o077) !== 0) {
    chmodSync(dataDir, stats.mode & 0o700)
    return { tightened: true }
  }
  return { tightened: false }
}
