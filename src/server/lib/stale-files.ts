import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * Removes the files in `dir` whose names start with `prefix` and that were last written more than
 * `olderThanMs` ago: what a crash or a kill left behind in a folder where uploads wait while they
 * are read. Nothing still being written is that old, so a sweep never races a live request, even
 * one on another instance sharing the folder. A missing folder is nothing to sweep.
 */
export async function sweepStaleFiles(dir: string, prefix: string, olderThanMs: number, now = Date.now()): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const removed: string[] = []
  for (const name of names) {
    if (!name.startsWith(prefix)) continue
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile() || now - info.mtimeMs <= olderThanMs) continue
    await rm(file, { force: true })
    removed.push(name)
  }
  return removed
}
