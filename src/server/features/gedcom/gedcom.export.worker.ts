import { workerData } from 'node:worker_threads'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { serveChunks } from '../../lib/chunks-off-thread.ts'
import { writeGedcom } from '../../lib/gedcom/index.ts'
import { attachCitations } from './gedcom.export-facts.ts'
import type { ExportThreadData } from './gedcom.export-thread.ts'
import { treeToGedcom } from './gedcom.export.ts'

// Turns the tree into GEDCOM's model and writes the file, off the request thread: for 100,000
// people that is seconds of CPU and hundreds of megabytes of short-lived objects.
const { version, tree: meta, media, kept, facts, language, options } = workerData as ExportThreadData

serveChunks(async function* (lists) {
  const tree = { tree: meta, members: lists.members ?? [], unions: lists.unions ?? [] } as FamilyTree
  const recordings = new Map(media)
  const data = await treeToGedcom(tree, version, recordings, kept)
  if (facts.length > 0) attachCitations(data, facts, { tree, language, recordings })
  yield* writeGedcom(data, { ...options, version })
})
