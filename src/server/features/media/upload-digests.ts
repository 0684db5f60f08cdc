import { createHash, type Hash } from 'node:crypto'
import { pipeline, type Readable, Transform } from 'node:stream'
import { createPlainTextCheck, type PlainTextCheck } from './media-type.ts'

/** What the bytes of a finished upload were seen to be as they arrived, every one of them in order. */
export interface ReceivedBytes {
  /** The file's first bytes (up to the head length asked for), to read its type from. */
  head: Buffer
  sha256: string
  /** Whether the whole file is plain text, as `createPlainTextCheck` means it. */
  isPlainText: boolean
}

interface Running {
  /** How many bytes were seen, which the upload's file holds too. */
  offset: number
  hash: Hash
  /** Dropped once the bytes are not plain text: a photo is not checked further. */
  check: PlainTextCheck | undefined
  head: Buffer[]
  headLength: number
  /** When bytes last arrived (ms), to forget an upload nobody resumes. */
  at: number
}

/** Past this many uploads under way, the one that waited longest is forgotten (it is read again when it finishes). */
const maxRunning = 256

/**
 * The sha256, the first bytes and the plain-text check of each upload under way, computed as its
 * chunks pass on to its file, so that finishing it needs no second read of the file. Only what
 * this process saw from the first byte on, in order and as written, counts: a chunk at another
 * offset than the last one reached (a restart, another instance, a write cut short) forgets the
 * upload, and its finish reads the file as before.
 */
export function createUploadDigests({ headLength, now = Date.now }: { headLength: number; now?: () => number }) {
  const running = new Map<string, Running>()

  return {
    /**
     * Watches one write of upload `id` from `offset`: answers the stream to write instead of
     * `bytes`, and `settled`, to call with the offset the write reached (undefined: it failed).
     */
    watch(id: string, offset: number, bytes: Readable): { bytes: Readable; settled(reached: number | undefined): void } {
      let entry = running.get(id)
      running.delete(id)
      if (offset === 0) entry = { offset: 0, hash: createHash('sha256'), check: createPlainTextCheck(), head: [], headLength: 0, at: now() }
      if (!entry || entry.offset !== offset) return { bytes, settled: () => undefined }
      const seen = entry
      let passed = 0
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen.hash.update(chunk)
          if (seen.check && !seen.check.push(chunk)) seen.check = undefined
          if (seen.headLength < headLength) {
            const part = Buffer.from(chunk.subarray(0, headLength - seen.headLength))
            seen.head.push(part)
            seen.headLength += part.length
          }
          passed += chunk.length
          done(null, chunk)
        },
      })
      // A failing source fails the tap, and so the write; the write's own failure is reported by it.
      pipeline(bytes, tap, () => undefined)
      return {
        bytes: tap,
        settled(reached) {
          if (reached === undefined || reached !== offset + passed) return
          seen.offset = reached
          seen.at = now()
          running.set(id, seen)
          if (running.size > maxRunning) running.delete(running.keys().next().value!)
        },
      }
    },

    /** The finished upload's bytes as they arrived, when all `size` of them passed here; forgets the upload either way. */
    take(id: string, size: number): ReceivedBytes | undefined {
      const entry = running.get(id)
      running.delete(id)
      if (!entry || entry.offset !== size) return undefined
      return { head: Buffer.concat(entry.head), sha256: entry.hash.digest('hex'), isPlainText: entry.check?.end() ?? false }
    },

    /** The upload ended otherwise (cancelled or refused). */
    forget(id: string): void {
      running.delete(id)
    },

    /** Forgets the uploads no byte arrived for in `ms` (swept away as expired by then). */
    forgetIdle(ms: number): void {
      const at = now()
      for (const [id, entry] of running) if (at - entry.at >= ms) running.delete(id)
    },
  }
}
export type UploadDigests = ReturnType<typeof createUploadDigests>
