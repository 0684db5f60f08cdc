import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { AppError } from '../../lib/app-error.ts'
import type { PlainTextCheck } from './media-type.ts'

/**
 * The first `length` bytes of `source` (all of them when it is shorter), and a stream of every
 * byte, those first ones included: the type is read from the head while the rest still waits on
 * disk or in the bucket.
 */
export async function splitHead(source: Readable, length: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const chunks: Buffer[] = []
  let read = 0
  let isDone = false
  while (read < length) {
    const next = await iterator.next()
    if (next.done) {
      isDone = true
      break
    }
    chunks.push(next.value)
    read += next.value.length
  }
  async function* all() {
    yield* chunks
    if (isDone) return
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  }
  const whole = Readable.from(all(), { objectMode: false })
  whole.once('close', () => source.destroy())
  return { head: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), whole }
}

/** Every byte of a stream of known size, gathered into one buffer without intermediate copies. */
export async function readAll(source: Readable, size: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(size)
  let at = 0
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (at + chunk.length > size) throw new AppError('internal', 'The upload holds more bytes than it announced')
    chunk.copy(bytes, at)
    at += chunk.length
  }
  if (at !== size) throw new AppError('internal', 'The upload holds fewer bytes than it announced')
  return bytes
}

/**
 * The bytes of `source` as they pass on to storage, hashed (sha256) and counted on the way, and
 * checked as plain text when `check` is given: one pass, no copy. Text that turns out not to be
 * plain ends the stream with `unsupported_media_type`.
 */
export function hashWhileStreaming(source: Readable, check?: PlainTextCheck) {
  const hash = createHash('sha256')
  let size = 0
  let refusal: AppError | undefined
  const refuse = () => {
    refusal = new AppError('unsupported_media_type', 'This kind of file is not accepted')
    return refusal
  }
  async function* tapped() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (check && !check.push(chunk)) throw refuse()
      hash.update(chunk)
      size += chunk.length
      yield chunk
    }
    if (check && !check.end()) throw refuse()
  }
  let digest: string | undefined
  return {
    stream: Readable.from(tapped(), { objectMode: false }),
    /** Set when the bytes were refused on the way (a storage client may report that as its own error). */
    get refusal(): AppError | undefined {
      return refusal
    },
    /** The hash and the size, once the stream has ended. */
    result(): { sha256: string; size: number } {
      digest ??= hash.digest('hex')
      return { sha256: digest, size }
    },
  }
}
