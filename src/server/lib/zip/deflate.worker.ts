import { parentPort } from 'node:worker_threads'
import { crc32 } from 'node:zlib'
import { Deflate } from 'fflate'
import { lowerThisThreadsPriority } from '../worker-thread.ts'
import type { DeflateReply, DeflateRequest } from './deflate-off-thread.ts'

// Packs the JSON of exports (a tree of 100,000 people is a hundred megabytes of it) on a thread of
// its own that yields the CPU to the request thread: on two cores, an export deflating beside the
// server made a health check wait for a processor.
lowerThisThreadsPriority()

const entries = new Map<number, { deflate: Deflate; out: Uint8Array[]; crc: number; size: number }>()

parentPort!.on('message', ({ id, chunk, final }: DeflateRequest) => {
  if (chunk === null) return void entries.delete(id)
  let entry = entries.get(id)
  if (!entry) {
    const out: Uint8Array[] = []
    entry = { deflate: new Deflate({ level: 6 }, (data) => out.push(data)), out, crc: 0, size: 0 }
    entries.set(id, entry)
  }
  // (zlib's crc32 answers 0 for an empty buffer that came through a message, whatever it was given.)
  if (chunk.length > 0) entry.crc = crc32(chunk, entry.crc)
  entry.size += chunk.length
  entry.deflate.push(chunk, final)
  // One buffer of its own per answer, moved (not copied) to the request thread.
  const data = new Uint8Array(entry.out.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of entry.out.splice(0)) {
    data.set(part, at)
    at += part.length
  }
  if (final) entries.delete(id)
  const reply: DeflateReply = { id, data, final, crc: entry.crc >>> 0, size: entry.size }
  parentPort!.postMessage(reply, [data.buffer])
})
