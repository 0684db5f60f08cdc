import { PassThrough, type Readable } from 'node:stream'
import { Zip, ZipPassThrough } from 'fflate'
import { deflateOffThread } from './deflate-off-thread.ts'

/** An archive written as it is read: one entry at a time, never held whole in memory. */
export interface ZipWriter {
  /** The archive's bytes, for the HTTP reply. */
  stream: Readable
  /** An entry made in memory (JSON), deflated: one buffer, or the chunks it is made in, as they come. */
  addBuffer(name: string, data: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<void>
  /** A stored file, streamed as it is (photos, audio and video are compressed already). */
  addStream(name: string, source: AsyncIterable<Uint8Array>): Promise<void>
  end(): void
  abort(error: Error): void
}

/** Bytes handed to the deflate thread at once: the thread's memory stays small, the hand-overs few. */
const deflateSlice = 256 * 1024

export function createZipWriter(): ZipWriter {
  const output = new PassThrough()
  const zip = new Zip((error, chunk, final) => {
    if (error) return void output.destroy(error)
    output.write(chunk)
    if (final) output.end()
  })
  /** fflate pushes without back-pressure: the producer waits here while the client is slower. */
  async function waitForRoom() {
    if (output.destroyed) throw new Error('The download was closed')
    if (!output.writableNeedDrain) return
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done)
        output.off('close', done)
        resolve()
      }
      output.once('drain', done)
      output.once('close', done)
    })
    if (output.destroyed) throw new Error('The download was closed')
  }
  return {
    stream: output,
    async addBuffer(name, data) {
      // Deflated on the deflate thread, a slice at a time: a tree of 100,000 people is a JSON of a
      // hundred megabytes, whose deflate here would take the request thread from everyone.
      const entry = deflateOffThread(name)
      zip.add(entry)
      for await (const chunk of data instanceof Uint8Array ? [data] : data) {
        for (let start = 0; start < chunk.length; start += deflateSlice) {
          await entry.push(chunk.subarray(start, start + deflateSlice), false)
          await waitForRoom()
        }
      }
      await entry.push(new Uint8Array(0), true)
      await waitForRoom()
    },
    async addStream(name, source) {
      const entry = new ZipPassThrough(name)
      zip.add(entry)
      for await (const chunk of source) {
        entry.push(chunk)
        await waitForRoom()
      }
      entry.push(new Uint8Array(0), true)
      await waitForRoom()
    },
    end: () => zip.end(),
    abort(error) {
      zip.terminate()
      output.destroy(error)
    },
  }
}
