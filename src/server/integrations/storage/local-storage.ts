import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { type FileHandle, link, mkdir, open, readdir, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { assertSafeKey, type ByteRange, ObjectExistsError, ObjectNotFoundError, type ObjectStorage } from './object-storage.ts'

/** Flushes a folder, so a name just linked into it survives a power cut. */
async function syncFolder(folder: string) {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Media as files under `root` (`DATA_DIR/media`). A write goes to a temporary file that is flushed
 * to disk, then linked under its name (which fails if the name is taken: an object is never
 * overwritten) and the folder flushed, so a crash never leaves half a photo behind.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, ...key.split('/'))
  }

  /**
   * Removes the folders above `file` that are left empty, up to the root: a deleted person leaves
   * no folder named after them. A folder that is not empty, or already gone, ends the climb.
   */
  async function pruneFolders(file: string) {
    const top = path.resolve(root)
    for (let folder = path.dirname(file); folder.startsWith(top + path.sep); folder = path.dirname(folder)) {
      try {
        await rmdir(folder)
      } catch {
        return
      }
    }
  }

  /**
   * Makes the key's folder, then runs `write` in it. A delete that prunes the folder at that very
   * moment makes `write` find it gone: the folder is made again, a few times at most.
   */
  async function inFolderOf<T>(file: string, write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(path.dirname(file), { recursive: true })
      try {
        return await write()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error
      }
    }
  }

  /** Writes a temporary file with `fill`, flushes it, then links it under the key's name. */
  async function create(key: string, fill: (handle: FileHandle) => Promise<unknown>) {
    const file = fileOf(key)
    const temporary = `${file}.${randomUUID()}.part`
    try {
      await inFolderOf(file, async () => {
        const handle = await open(temporary, 'wx', 0o600)
        try {
          await fill(handle)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await link(temporary, file)
      })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key)
      throw error
    } finally {
      await rm(temporary, { force: true })
    }
    await syncFolder(path.dirname(file))
  }

  return {
    kind: 'local',

    async put(key, body) {
      await create(key, (handle) => handle.writeFile(body))
    },

    async putStream(key, body) {
      await create(key, async (handle) => {
        for await (const chunk of body as AsyncIterable<Buffer>) await handle.write(chunk)
      })
    },

    async adoptFile(key, source) {
      const file = fileOf(key)
      // The same guarantee as a written object: its bytes on disk before its name is.
      const handle = await open(source, 'r')
      try {
        await handle.chmod(0o600)
        await handle.sync()
      } finally {
        await handle.close()
      }
      try {
        await inFolderOf(file, () => link(source, file))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'EEXIST') throw new ObjectExistsError(key)
        // Uploads kept on another filesystem than the media: the bytes are copied after all.
        if (code === 'EXDEV') return this.putStream(key, createReadStream(source), 'application/octet-stream', (await stat(source)).size)
        throw error
      }
      await syncFolder(path.dirname(file))
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
      const file = fileOf(key)
      await rm(file, { force: true })
      await pruneFolders(file)
    },

    async *list(prefix) {
      const folder = path.join(root, ...prefix.split('/').filter(Boolean))
      let entries
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      for (const entry of entries) {
        // A `.part` file is a write under way (or one a crash cut short), not an object.
        if (!entry.isFile() || entry.name.endsWith('.part')) continue
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      }
    },
  }
}
