import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { readGedcomFile } from '../../lib/gedcom/index.ts'
import { lowerThisThreadsPriority } from '../../lib/worker-thread.ts'
import { openZip } from '../../lib/zip/zip-reader.ts'
import { mapGedcomToBatch } from './gedcom.map.ts'
import { batchParts } from './gedcom.read.ts'
import { gedzipLimits } from './gedcom.zip.ts'

// Decoding, parsing and reading a GEDCOM file is CPU work that grows with the file (seconds for
// 100,000 people): done here, on its own thread, the server keeps answering everyone else.
lowerThisThreadsPriority()

const { file, mode, gedcomEntry } = workerData as { file: string; mode: 'preview' | 'batch'; gedcomEntry?: string }
// A GEDZIP's tree is unpacked here (the request thread checked the archive and found the entry).
const archive = gedcomEntry === undefined ? undefined : await openZip(file, gedzipLimits)
// Its declared size was held to the GEDCOM limit on the request thread; here it must only not lie.
const entry = archive?.entries.get(gedcomEntry!)
const bytes = archive && entry ? await archive.read(entry, entry.size) : new Uint8Array(await readFile(file))
await archive?.close()
const mapped = mapGedcomToBatch(readGedcomFile(bytes), mode === 'batch' ? createHash('sha256').update(bytes).digest('hex') : '')
if (mode === 'preview') parentPort!.postMessage({ preview: mapped.preview })
else {
  // One part at a time, the next when the request thread asks for it: parts sent all at once are
  // all copied in during one turn of its event loop, which is the stall the parts are there to avoid.
  const parts = batchParts(mapped)
  const send = () => {
    const part = parts.next()
    if (!part.done) parentPort!.postMessage(part.value)
    // Without a listener the port no longer keeps this thread alive, and it ends.
    if (part.done || 'last' in part.value) parentPort!.off('message', send)
  }
  parentPort!.on('message', send)
  send()
}
