import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { FactProposal } from '../../../shared/contracts/facts.ts'
import type { GedcomExportVersion } from '../../../shared/contracts/gedcom.ts'
import type { Language } from '../../../shared/limits.ts'
import { chunksOffThread } from '../../lib/chunks-off-thread.ts'
import type { WriteOptions } from '../../lib/gedcom/index.ts'
import type { MediaReference } from './gedcom.export.ts'
import type { KeptRow } from './gedcom.kept.repository.ts'

/** Names the export thread compiled to one JavaScript file, which the tests start instead of starting tsx in every export. */
export const compiledExportVariable = 'LEGADO_TEST_GEDCOM_EXPORT'

/** What an export thread starts with; the members and unions come after, in parts. */
export interface ExportThreadData {
  version: GedcomExportVersion
  tree: FamilyTree['tree']
  /** Each file a member or a citation points to, by id. */
  media: [string, MediaReference][]
  kept: KeptRow[]
  facts: FactProposal[]
  language: Language
  /** The writer's options but the warning callback, which cannot cross threads. */
  options: Omit<WriteOptions, 'onWarning' | 'version'>
}

/**
 * The heap an export thread may take. A tree is held to `limits.membersPerTree` people, whose
 * model and identifiers take a few hundred megabytes at most.
 */
const exportMemoryMb = 1_024

/**
 * The tree as a GEDCOM file, UTF-8 chunk by chunk, turned into GEDCOM's model and written on a
 * thread of its own (gedcom.export.worker.ts): the request thread only sends the tree over.
 */
export function gedcomOffThread(tree: FamilyTree, data: Omit<ExportThreadData, 'tree'>): AsyncGenerator<Buffer, void, undefined> {
  return chunksOffThread({
    entry: new URL('./gedcom.export.worker.ts', import.meta.url),
    compiledEntry: process.env[compiledExportVariable],
    workerData: { ...data, tree: tree.tree } satisfies ExportThreadData,
    lists: { members: tree.members, unions: tree.unions },
    memoryMb: exportMemoryMb,
    name: 'The GEDCOM export',
  })
}
