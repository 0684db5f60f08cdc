import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { assertSafeKey, type ByteRange, ObjectNotFoundError, type ObjectStorage } from './object-storage.ts'

/**
 * Media as files under `root` (`DATA_DIR/media`). A write goes to a temporary file that is
 * flushed to disk and then renamed into place, so a crash never leaves half a photo behind.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, ...key.split('/'))
  }

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${randomUUID()}.part`
      const handle = await open(temporary, 'wx', 0o600)
      try {
        await handle.writeFile(body)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temporary, file)
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key)
      if ((await this.size(key)) === undefined) throw new ObjectNotFoundError(key)
      return createReadStream(file, range ? { start: range.start, end: range.end } : {})
    },

    async size(key) {
      try {
        const info = await stat(fileOf(key))
        return info.isFile() ? info.size : undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}
