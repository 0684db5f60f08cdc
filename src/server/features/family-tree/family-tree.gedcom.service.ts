import type { BatchProblem } from '../../../shared/contracts/family-tree.ts'
import type { GedcomExportVersion, GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import { nowIso } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { writeGedcom } from '../../lib/gedcom/index.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { chooseNamespace, indexImported, namespaceBatch, xrefOfSourceId } from './family-tree.gedcom-identity.ts'
import { treeToGedcom, type MediaReference } from './family-tree.gedcom-export.ts'
import type { GedcomJobRepository } from './family-tree.gedcom-jobs.ts'
import { previewGedcomOffThread, readGedcomOffThread } from './family-tree.gedcom-read.ts'
import type { FamilyTreeService } from './family-tree.service.ts'

interface Deps {
  familyTree: Pick<FamilyTreeService, 'getTree' | 'applyBatch' | 'importedMembers'>
  jobs: GedcomJobRepository
  /** Each of the owner's files, for OBJE references (the media feature knows). */
  describeMedia?(ownerId: string, mediaIds: string[]): Promise<Map<string, MediaReference & { id: string; fileName: string }>>
  log?: { error(details: object, message: string): void }
  /** Legado's version, for HEAD.SOUR.VERS. */
  appVersion?: string
}

/** Problems kept in a report; the rest are counted. A 100,000-person file with one fault everywhere stays readable. */
const reportedProblems = 500

/** The writing phase's share of the bar: it starts once the file is read and ends just before done. */
const writingFrom = 40
const writingTo = 99
/** The bar moves in the database at most this often, or sooner after a jump of `progressStep` points. */
const progressEveryMs = 250
const progressStep = 2

/**
 * Records the writing's progress without a write per step: at most every `progressEveryMs`, or
 * after `progressStep` points, one write at a time and in order. `settled` waits for the last one.
 */
function progressRecorder(record: (progress: number) => Promise<void>) {
  let shown = writingFrom
  let shownAt = performance.now()
  let last: Promise<void> = Promise.resolve()
  let busy = false
  return {
    onProgress(done: number, total: number) {
      const progress = Math.floor(writingFrom + ((writingTo - writingFrom) * done) / Math.max(total, 1))
      const now = performance.now()
      if (busy || progress <= shown || (progress - shown < progressStep && now - shownAt < progressEveryMs)) return
      shown = progress
      shownAt = now
      busy = true
      last = record(progress).then(
        () => void (busy = false),
        () => void (busy = false),
      )
    },
    settled: () => last,
  }
}

/** A problem as the file names its item: the xref, without the namespace it was kept in. */
function asFileRef(problem: BatchProblem): BatchProblem {
  if (problem.ref === undefined) return problem
  const xref = xrefOfSourceId(problem.ref)
  return { ...problem, ref: xref ?? problem.ref }
}

/** A file with no GEDCOM version and nobody in it is something else (a photo, a zip, a letter). */
const isNotGedcom = (preview: GedcomPreview) => preview.version === null && preview.counts.people === 0 && preview.counts.families === 0

function assertGedcom(preview: GedcomPreview): void {
  if (isNotGedcom(preview)) throw new AppError('gedcom.not_gedcom', 'The file is not GEDCOM')
}

export function createGedcomService({ familyTree, jobs, describeMedia, log, appVersion }: Deps) {
  async function run(ownerId: string, jobId: string, bytes: Uint8Array): Promise<void> {
    const update = (changes: Parameters<GedcomJobRepository['update']>[2]) => jobs.update(ownerId, jobId, changes, nowIso())
    try {
      await update({ status: 'reading', progress: 5 })
      const { batch, preview, fingerprint } = await readGedcomOffThread(bytes)
      if (isNotGedcom(preview)) {
        await update({ status: 'failed', errorCode: 'gedcom.not_gedcom', counts: preview.counts })
        return
      }
      // Which earlier import, if any, this file is a version of: its xrefs are named in that one's namespace.
      const imported = indexImported(await familyTree.importedMembers(ownerId))
      const pacer = createPacer()
      await namespaceBatch(batch, await chooseNamespace(batch, imported, fingerprint, pacer), imported, pacer)
      await update({ status: 'writing', progress: writingFrom, counts: preview.counts })
      const progress = progressRecorder((value) => update({ progress: value }))
      const written = await familyTree.applyBatch(ownerId, batch, { bySourceId: true, onProgress: progress.onProgress })
      await progress.settled()
      const problems: BatchProblem[] = written.problems
      const report: GedcomImportReport = {
        members: written.members,
        unions: written.unions,
        links: written.links,
        problems: problems.slice(0, reportedProblems).map(asFileRef),
        moreProblems: Math.max(0, problems.length - reportedProblems),
        warnings: preview.warnings,
        skippedTags: preview.skippedTags,
      }
      await update({ status: 'done', progress: 100, report })
    } catch (error) {
      log?.error({ err: error, jobId }, 'a GEDCOM import failed')
      await update({ status: 'failed', errorCode: 'internal' }).catch(() => {})
    }
  }

  return {
    /** What the file holds and what would be skipped, without writing anything. */
    async preview(bytes: Uint8Array): Promise<GedcomPreview> {
      const preview = await previewGedcomOffThread(bytes)
      assertGedcom(preview)
      return preview
    },

    /**
     * Starts an import and answers at once with its job; the reading runs on a worker thread and
     * the writing in bounded transactions, so the server keeps answering meanwhile. The job's
     * progress and report are in the database, for whichever instance is asked.
     */
    async startImport(ownerId: string, bytes: Uint8Array, fileName: string): Promise<GedcomImportJob> {
      const id = newId()
      await jobs.create(ownerId, id, fileName.slice(0, 255), nowIso())
      void run(ownerId, id, bytes)
      return (await jobs.find(ownerId, id))!
    },

    async getImport(ownerId: string, id: string): Promise<GedcomImportJob> {
      const job = await jobs.find(ownerId, id)
      if (!job) throw notFound('Import')
      return job
    },

    /**
     * The owner's tree as GEDCOM text, chunk by chunk. Files are referred to by where they are
     * stored, or by `mediaFile` (their path inside an export archive, beside the .ged).
     */
    async exportTree(ownerId: string, version: GedcomExportVersion, options: { mediaFile?(asset: { id: string; fileName: string }): string } = {}): Promise<Iterable<string>> {
      const tree = await familyTree.getTree(ownerId)
      const mediaIds = [...new Set(tree.members.flatMap((member) => member.mediaAssetIds))]
      const described = mediaIds.length > 0 && describeMedia ? await describeMedia(ownerId, mediaIds) : new Map<string, MediaReference & { id: string; fileName: string }>()
      const media = new Map([...described].map(([id, asset]) => [id, options.mediaFile ? { ...asset, file: options.mediaFile(asset) } : asset]))
      return writeGedcom(treeToGedcom(tree, version, media), { version, submitterName: tree.tree?.treeName ?? 'Legado', ...(appVersion ? { sourceVersion: appVersion } : {}), date: new Date() })
    },
  }
}
export type GedcomService = ReturnType<typeof createGedcomService>
