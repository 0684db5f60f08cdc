import { parentPort, workerData } from 'node:worker_threads'
import { lowerThisThreadsPriority } from '../worker-thread.ts'
import type { GedcomData } from './model.ts'
import { writeGedcom } from './write.ts'
import type { WriterData, WriterReply, WriterRequest } from './write-off-thread.ts'

// Writes a GEDCOM file from the model the request thread sends in parts: planning the identifiers
// and writing 100,000 people's lines is seconds of CPU and hundreds of megabytes of short-lived
// strings, which here neither hold the request thread nor fill its heap. The thread yields the CPU
// to the request thread when both want it.
lowerThisThreadsPriority()

const { options, schema } = workerData as WriterData
const data: Required<Pick<GedcomData, 'individuals' | 'families' | 'keptRecords'>> & GedcomData = {
  individuals: [],
  families: [],
  keptRecords: [],
  ...(schema ? { schema } : {}),
}
let chunks: Generator<string, void, undefined> | undefined
const encoder = new TextEncoder()

parentPort!.on('message', (request: WriterRequest) => {
  if (request.kind !== 'next') {
    // One at a time: a spread of a part into push would pass as many arguments as it holds.
    for (const item of request.items) (data[request.kind] as object[]).push(item)
    return
  }
  chunks ??= writeGedcom(data, options)
  for (;;) {
    const next = chunks.next()
    if (next.done) return void parentPort!.postMessage({ done: true } satisfies WriterReply)
    // Empty chunks are the writer's pauses for a paced consumer on a shared thread: none here.
    if (!next.value) continue
    const bytes = encoder.encode(next.value)
    return void parentPort!.postMessage({ bytes } satisfies WriterReply, [bytes.buffer])
  }
})
