import { parentPort, workerData } from 'node:worker_threads'
import { readGedcomFile } from '../../lib/gedcom/index.ts'
import { mapGedcomToBatch } from './family-tree.gedcom-map.ts'
import { batchParts } from './family-tree.gedcom-read.ts'

// Decoding, parsing and reading a GEDCOM file is CPU work that grows with the file (seconds for
// 100,000 people): done here, on its own thread, the server keeps answering everyone else.

const { bytes, mode } = workerData as { bytes: Uint8Array; mode: 'preview' | 'batch' }
const mapped = mapGedcomToBatch(readGedcomFile(bytes))
if (mode === 'preview') parentPort!.postMessage({ preview: mapped.preview })
else for (const part of batchParts(mapped)) parentPort!.postMessage(part)
