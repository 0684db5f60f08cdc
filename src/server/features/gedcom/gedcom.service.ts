import type { BatchProblem } from '../../../shared/contracts/family-tree.ts'
import type { GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import { limits } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { JobKind, JobRunner, RunningJob } from '../../lib/jobs/job-runner.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { openZip } from '../../lib/zip/zip-reader.ts'
import type { ZipArchive } from '../../lib/zip/zip-reader.ts'
import { importGedcomMedia, type GedcomMediaPort } from './gedcom.media.ts'
import { gedzipLimits, isGedzip, openGedzip } from './gedcom.zip.ts'
import { chooseNamespace, indexImported, namespaceBatch } from './gedcom.identity.ts'
import type { GedcomJobRepository } from './gedcom.repository.ts'
import type { GedcomKeptRepository } from './gedcom.kept.repository.ts'
import type { MappedGedcom } from './gedcom.map.ts'
import { previewGedcomOffThread, readGedcomOffThread, type ReaderLimits } from './gedcom.read.ts'
import type { TreeImportDoor } from '../family-tree/family-tree.service.ts'
import { createGedcomExports, type GedcomExportDeps } from './gedcom.exports.ts'
import { asFileRef, filesFrom, namesOf, progressRecorder, reportedProblems, topTags, writingFrom, writingTo } from './gedcom.import-report.ts'

interface Deps extends GedcomExportDeps {
  familyTree: TreeImportDoor
  jobs: GedcomJobRepository
  /** Runs the imports (lib/jobs): caps, timeout, cancellation, another instance taking one up. */
  runner: JobRunner
  /** What one reader thread may take, and how many previews one instance reads at once. */
  reader?: { memoryMb: number; timeoutMs: number; concurrent: number }
  /** The longest an import may run. */
  importTimeoutMs?: number
  /** The people one tree may hold (`TREE_MAX_MEMBERS`): a file, and an import's additions, are held to it. */
  maxMembers?: number
  /** Brings a GEDZIP's files in as media of their people (the media feature's service). */
  media?: GedcomMediaPort
  /** The largest .ged taken, also inside a GEDZIP. */
  maxGedcomBytes?: number
}

/** Imports one person may have waiting or running at once. */
const importsPerPerson = 1

/** Refuses a file with more people than a tree may hold, or more families than Legado takes from one file. */
function assertWithinLimits(counts: GedcomPreview['counts'], maxMembers: number): void {
  if (counts.people > maxMembers) throw new AppError('gedcom.too_many_people', `A GEDCOM file can hold at most ${maxMembers} people`)
  if (counts.families > limits.gedcomFamiliesPerFile) throw new AppError('gedcom.too_many_families', `A GEDCOM file can hold at most ${limits.gedcomFamiliesPerFile} families`)
}

/** A file with no GEDCOM version and nobody in it is something else (a photo, a zip, a letter). */
const isNotGedcom = (preview: GedcomPreview) => preview.version === null && preview.counts.people === 0 && preview.counts.families === 0

function assertGedcom(preview: GedcomPreview): void {
  if (isNotGedcom(preview)) throw new AppError('gedcom.not_gedcom', 'The file is not GEDCOM')
}

/** An upload as the reader takes it: a .ged on disk, or a GEDZIP with the name of its .ged. */
interface Upload {
  file: string
  /** The .ged's entry when the upload is a GEDZIP, whose files are then brought in. */
  gedcomEntry?: string
  archive?: ZipArchive
}

/** What an import job carries besides its file. */
interface ImportInput {
  /** The .ged's entry when the file is a GEDZIP. */
  gedcomEntry?: string
}

/**
 * Kept structures as rows of the members and unions the batch wrote (an item whose person was
 * skipped has no row), replacing what earlier imports kept for them.
 */
async function storeKept(repo: GedcomKeptRepository, ownerId: string, items: MappedGedcom['kept'], written: { memberIds: Map<string, string>; unionIds: Map<string, string> }) {
  const rows = items.flatMap((item) => {
    const id = item.owner === undefined ? undefined : (item.kind === 'member' ? written.memberIds : written.unionIds).get(item.owner)
    if (item.kind !== 'record' && id === undefined) return []
    return [{ memberId: item.kind === 'member' ? id! : null, unionId: item.kind === 'union' ? id! : null, recordKey: item.key, structures: JSON.stringify(item.structures) }]
  })
  const recordKeys = items.flatMap((item) => (item.kind === 'record' ? [item.key] : []))
  await repo.replace(ownerId, { memberIds: [...new Set(written.memberIds.values())], unionIds: [...new Set(written.unionIds.values())], recordKeys }, rows)
}

export function createGedcomService(deps: Deps) {
  const {
    familyTree,
    jobs,
    runner,
    reader = { memoryMb: 2048, timeoutMs: 120_000, concurrent: 2 },
    importTimeoutMs = 30 * 60 * 1000,
    maxMembers = limits.membersPerTree,
    kept,
    media,
    maxGedcomBytes = limits.gedcomMaxBytes,
    log,
  } = deps
  const exports = createGedcomExports(deps)
  /** A GEDZIP is opened (its directory only) and checked before anything is answered: a zip without a tree is a clear 4xx. */
  async function open(file: string): Promise<Upload> {
    if (!(await isGedzip(file))) return { file }
    const { archive, gedcom } = await openGedzip(file, maxGedcomBytes)
    return { file, gedcomEntry: gedcom.name, archive }
  }

  const readerLimits = (signal?: AbortSignal): ReaderLimits => ({ memoryMb: reader.memoryMb, timeoutMs: reader.timeoutMs, ...(signal ? { signal } : {}) })

  // Previews being read on this instance: one per person, `reader.concurrent` in all. A preview is
  // answered while its request waits, so beyond that it is refused rather than queued.
  const previewing = new Set<string>()

  async function run(job: RunningJob<ImportInput>): Promise<void> {
    const { ownerId, id: jobId, signal } = job
    // Once the runner has stopped the job (timeout, cancellation), its own ending stands: nothing more is written here.
    const update = async (changes: Parameters<GedcomJobRepository['update']>[2]) => {
      if (!signal.aborted) await jobs.update(ownerId, jobId, changes, nowIso())
    }
    const file = await job.inputFile()
    const upload: Upload = { file, ...(job.input.gedcomEntry ? { gedcomEntry: job.input.gedcomEntry, archive: await openZip(file, gedzipLimits) } : {}) }
    try {
      await update({ status: 'reading', progress: 5 })
      const { batch, preview, fingerprint, media: mediaLinks, kept: keptItems } = await readGedcomOffThread(upload.file, upload.gedcomEntry, readerLimits(signal))
      if (isNotGedcom(preview)) {
        await update({ status: 'failed', errorCode: 'gedcom.not_gedcom', counts: preview.counts })
        return
      }
      assertWithinLimits(preview.counts, maxMembers)
      // Which earlier import, if any, this file is a version of: its xrefs are named in that one's namespace.
      const importedMembers = await familyTree.importedMembers(ownerId)
      const imported = indexImported(importedMembers)
      const pacer = createPacer()
      await namespaceBatch(batch, await chooseNamespace(batch, imported, fingerprint, pacer), imported, pacer, mediaLinks, keptItems)
      // The people the file adds (those an earlier import wrote are updated) must fit in the tree.
      const known = new Set(importedMembers.map((member) => member.sourceId))
      const added = batch.members.filter((member) => member.sourceId === undefined || !known.has(member.sourceId)).length
      if ((await familyTree.countMembers(ownerId)) + added > maxMembers) {
        throw new AppError('limit.members_per_tree', `A tree can hold at most ${maxMembers} people`)
      }
      await update({ status: 'writing', progress: writingFrom, counts: preview.counts })
      const hasFiles = upload.archive !== undefined && mediaLinks.length > 0
      const record = (value: number) => update({ progress: value })
      const progress = progressRecorder(record, writingFrom, hasFiles ? filesFrom : writingTo)
      const written = await familyTree.importTree(ownerId, batch, {
        onProgress: (done, total) => {
          // A stopped job ends its writing at the next bounded transaction; what was written stays, as a re-import updates it.
          if (signal.aborted) throw signal.reason
          progress.onProgress(done, total)
        },
      })
      await progress.settled()
      await storeKept(kept, ownerId, keptItems, written)
      const problems: BatchProblem[] = written.problems
      const nameOf = namesOf(batch)
      const filesProgress = progressRecorder(record, filesFrom, writingTo)
      const mediaReport = await importGedcomMedia(
        ownerId,
        mediaLinks,
        (ref) => written.memberIds.get(ref),
        nameOf,
        upload.archive,
        media,
        log,
        hasFiles ? filesProgress.onProgress : undefined,
      )
      await filesProgress.settled()
      const report: GedcomImportReport = {
        members: written.members,
        unions: written.unions,
        links: written.links,
        problems: problems.slice(0, reportedProblems).map((problem) => asFileRef(problem, nameOf)),
        moreProblems: Math.max(0, problems.length - reportedProblems),
        warnings: preview.warnings,
        skippedTags: topTags(preview.skippedTags),
        keptTags: topTags(preview.keptTags),
        media: mediaReport,
      }
      await update({ status: 'done', progress: 100, report })
    } catch (error) {
      // The runner records the ending (and tells `onEnded`, which writes it here).
      if (!(error instanceof AppError) && !signal.aborted) log?.error({ err: error, jobId }, 'a GEDCOM import failed')
      throw error
    } finally {
      await upload.archive?.close()
    }
  }

  const importKind: JobKind<ImportInput> = {
    name: 'gedcom-import',
    run,
    perPerson: importsPerPerson,
    timeoutMs: importTimeoutMs,
    // An import matches what an earlier run wrote and never deletes: run again, it finishes the work.
    retries: 2,
    onEnded: ({ id, ownerId, errorCode }) => jobs.update(ownerId, id, { status: 'failed', errorCode: errorCode ?? 'internal' }, nowIso()),
  }
  runner.register(importKind)

  const service = {
    /** What the file holds and what would be skipped, without writing anything. */
    async preview(ownerId: string, file: string): Promise<GedcomPreview> {
      if (previewing.has(ownerId)) throw new AppError('rate_limited', 'A file of yours is being read; wait for it', undefined, { 'Retry-After': '10' })
      if (previewing.size >= reader.concurrent)
        throw new AppError('rate_limited', 'Too many files are being read right now; try again in a moment', undefined, { 'Retry-After': '10' })
      previewing.add(ownerId)
      try {
        const upload = await open(file)
        try {
          const preview = await previewGedcomOffThread(upload.file, upload.gedcomEntry, readerLimits())
          assertGedcom(preview)
          assertWithinLimits(preview.counts, maxMembers)
          return { ...preview, skippedTags: topTags(preview.skippedTags), keptTags: topTags(preview.keptTags), container: upload.archive ? 'gdz' : 'ged' }
        } finally {
          await upload.archive?.close()
        }
      } finally {
        previewing.delete(ownerId)
      }
    },

    /**
     * Starts an import and answers at once with its job; the reading runs on a worker thread and
     * the writing in bounded transactions, so the server keeps answering meanwhile. The job's
     * progress and report are in the database, for whichever instance is asked.
     */
    async startImport(ownerId: string, file: string, fileName: string): Promise<GedcomImportJob> {
      const upload = await open(file)
      await upload.archive?.close()
      const id = newId()
      await jobs.create(ownerId, id, fileName.slice(0, 255), nowIso())
      try {
        // The file goes where every instance reaches it; the caller removes its own copy.
        await runner.enqueue(importKind, ownerId, { ...(upload.gedcomEntry ? { gedcomEntry: upload.gedcomEntry } : {}) }, { id, file })
      } catch (error) {
        await jobs.remove(ownerId, id)
        throw error
      }
      return (await jobs.find(ownerId, id))!
    },

    /** Stops an import: a waiting one at once, a running one where it has come to (what it wrote stays). */
    async cancelImport(ownerId: string, id: string): Promise<GedcomImportJob> {
      await service.getImport(ownerId, id)
      await runner.cancel(ownerId, id).catch((error: unknown) => {
        // An import written before the runner existed has no job: it cannot be under way.
        if (!(error instanceof AppError && error.code === 'not_found')) throw error
      })
      return service.getImport(ownerId, id)
    },

    async getImport(ownerId: string, id: string): Promise<GedcomImportJob> {
      const job = await jobs.find(ownerId, id)
      if (!job) throw notFound('Import')
      return job
    },

    ...exports,
  }
  return service
}
export type GedcomService = ReturnType<typeof createGedcomService>
