import type { Readable } from 'node:stream'
import type { BatchProblem } from '../../../shared/contracts/family-tree.ts'
import type { GedcomExportVersion, GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import type { FactProposal } from '../../../shared/contracts/facts.ts'
import type { PortableGedcomKept } from '../../../shared/contracts/portability.ts'
import { defaultLanguage, limits, type Language } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { JobKind, JobRunner, RunningJob } from '../../lib/jobs/job-runner.ts'
import { writeGedcomOffThread } from '../../lib/gedcom/write-off-thread.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { openZip } from '../../lib/zip/zip-reader.ts'
import { mediaEntryPath } from '../../lib/zip/media-entry.ts'
import type { ZipArchive } from '../../lib/zip/zip-reader.ts'
import { createZipWriter } from '../../lib/zip/zip-writer.ts'
import { importGedcomMedia, type GedcomMediaPort } from './gedcom.media.ts'
import { gedzipGedcomName, gedzipLimits, isGedzip, openGedzip } from './gedcom.zip.ts'
import { chooseNamespace, indexImported, namespaceBatch, xrefOfSourceId } from './gedcom.identity.ts'
import { treeToGedcom, type MediaReference } from './gedcom.export.ts'
import { attachCitations } from './gedcom.export-facts.ts'
import type { GedcomJobRepository } from './gedcom.repository.ts'
import type { GedcomKeptRepository } from './gedcom.kept.repository.ts'
import type { MappedGedcom } from './gedcom.map.ts'
import { previewGedcomOffThread, readGedcomOffThread, type ReaderLimits } from './gedcom.read.ts'
import type { TreeImportDoor } from '../family-tree/family-tree.service.ts'

interface Deps {
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
  /** What imports kept without showing it, written back on export. */
  kept: GedcomKeptRepository
  /** Each of the owner's files, for OBJE references (the media feature knows). */
  describeMedia?(ownerId: string, mediaIds: string[]): Promise<Map<string, MediaReference & { id: string; fileName: string }>>
  /** Brings a GEDZIP's files in as media of their people (the media feature's service). */
  media?: GedcomMediaPort
  /** A stored file's bytes, for a GEDZIP export. */
  openMedia?(ownerId: string, mediaId: string): Promise<AsyncIterable<Uint8Array>>
  /** The largest .ged taken, also inside a GEDZIP. */
  maxGedcomBytes?: number
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void }
  /** Legado's version, for HEAD.SOUR.VERS. */
  appVersion?: string
  /** The accepted facts the tree still holds, each with where it was heard (the facts feature): cited in an export. */
  citedFacts?(ownerId: string): Promise<FactProposal[]>
  /** The language of the person exporting (their account's), for the citations' titles; Spanish without one. */
  languageOf?(userId: string): Promise<Language | null>
}

/** Tags named per kind in a preview or report, the most frequent first; a file inventing tags by the thousand is not answered whole. */
export const reportedTags = 100

/** Imports one person may have waiting or running at once. */
const importsPerPerson = 1

/** The `reportedTags` most frequent tags, the rest left out. */
export function topTags(tags: Record<string, number>): Record<string, number> {
  const entries = Object.entries(tags)
  if (entries.length <= reportedTags) return tags
  return Object.fromEntries(entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, reportedTags))
}

/** Refuses a file with more people than a tree may hold, or more families than Legado takes from one file. */
function assertWithinLimits(counts: GedcomPreview['counts'], maxMembers: number): void {
  if (counts.people > maxMembers) throw new AppError('gedcom.too_many_people', `A GEDCOM file can hold at most ${maxMembers} people`)
  if (counts.families > limits.gedcomFamiliesPerFile) throw new AppError('gedcom.too_many_families', `A GEDCOM file can hold at most ${limits.gedcomFamiliesPerFile} families`)
}

/** Problems kept in a report; the rest are counted. A 100,000-person file with one fault everywhere stays readable. */
const reportedProblems = 500

/**
 * The writing phase's share of the bar: it starts once the file is read and ends just before done.
 * A GEDZIP's files, unpacked and stored one by one, take the last part of it.
 */
const writingFrom = 40
const writingTo = 99
const filesFrom = 80
/** The bar moves in the database at most this often, or sooner after a jump of `progressStep` points. */
const progressEveryMs = 250
const progressStep = 2

/**
 * Records a step's progress between `from` and `to` without a write per step: at most every
 * `progressEveryMs`, or after `progressStep` points, one write at a time and in order. `settled`
 * waits for the last one.
 */
function progressRecorder(record: (progress: number) => Promise<void>, from: number, to: number) {
  let shown = from
  let shownAt = performance.now()
  let last: Promise<void> = Promise.resolve()
  let busy = false
  return {
    onProgress(done: number, total: number) {
      const progress = Math.floor(from + ((to - from) * done) / Math.max(total, 1))
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

/** A problem as the file names its item: the xref, without the namespace it was kept in, and the person's name. */
function asFileRef(problem: BatchProblem, nameOf: (ref: string) => string | undefined): GedcomImportReport['problems'][number] {
  if (problem.ref === undefined) return problem
  const name = nameOf(problem.ref)
  return { ...problem, ref: xrefOfSourceId(problem.ref) ?? problem.ref, ...(name ? { name } : {}) }
}

/** Each member reference of the batch → the person's name, as the file gives it. */
function namesOf(batch: { members: { sourceId?: string | undefined; firstName: string; lastName: string }[] }) {
  let names: Map<string, string> | undefined
  return (ref: string) => {
    names ??= new Map(batch.members.map((member) => [member.sourceId ?? '', `${member.firstName} ${member.lastName}`.trim()]))
    return names.get(ref)
  }
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

export function createGedcomService({
  familyTree,
  jobs,
  runner,
  reader = { memoryMb: 2048, timeoutMs: 120_000, concurrent: 2 },
  importTimeoutMs = 30 * 60 * 1000,
  maxMembers = limits.membersPerTree,
  kept,
  describeMedia,
  media,
  openMedia,
  maxGedcomBytes = limits.gedcomMaxBytes,
  log,
  appVersion,
  citedFacts,
  languageOf,
}: Deps) {
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

    /**
     * The owner's tree as GEDCOM text, UTF-8 chunk by chunk, written on a thread of its own (see
     * write-off-thread.ts). Files are referred to by where they are
     * stored, or by `mediaFile` (their path inside an export archive, beside the .ged). The facts
     * heard in conversations are cited in the language of `exporterId` (the owner by default).
     */
    async exportTree(
      ownerId: string,
      version: GedcomExportVersion,
      options: { mediaFile?(asset: { id: string; fileName: string }): string; exporterId?: string } = {},
    ): Promise<AsyncIterable<Buffer>> {
      const tree = await familyTree.getTree(ownerId)
      const facts = citedFacts ? await citedFacts(ownerId) : []
      const pacer = createPacer()
      const mediaIds = new Set<string>()
      for (const member of tree.members) {
        for (const id of member.mediaAssetIds) mediaIds.add(id)
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      // A fact's recording goes with its citation, and into a GEDZIP as the members' files do.
      for (const fact of facts) if (fact.source.recordingId !== null) mediaIds.add(fact.source.recordingId)
      const described = mediaIds.size > 0 && describeMedia ? await describeMedia(ownerId, [...mediaIds]) : new Map<string, MediaReference & { id: string; fileName: string }>()
      const files = new Map([...described].map(([id, asset]) => [id, options.mediaFile ? { ...asset, file: options.mediaFile(asset) } : asset]))
      const data = await treeToGedcom(tree, version, files, await kept.list(ownerId), pacer)
      if (facts.length > 0) {
        const language = (await languageOf?.(options.exporterId ?? ownerId)) ?? defaultLanguage
        attachCitations(data, facts, { tree, language, recordings: files })
      }
      return writeGedcomOffThread(data, {
        version,
        submitterName: tree.tree?.treeName ?? 'Legado',
        ...(appVersion ? { sourceVersion: appVersion } : {}),
        date: new Date(),
      })
    },

    /** What imports kept, for the account's export archive: each row with its structures as JSON values. */
    async exportKept(ownerId: string): Promise<PortableGedcomKept[]> {
      const rows = await kept.listWithIds(ownerId)
      return rows.map(({ structures, ...row }) => ({ ...row, structures: JSON.parse(structures) as PortableGedcomKept['structures'] }))
    },

    /**
     * Restores an archive's kept rows, which already carry their new ids and the new ids of the
     * members and unions the tree's restore just wrote: all of them, or (when a write fails) none.
     */
    async restoreKept(ownerId: string, rows: PortableGedcomKept[]): Promise<void> {
      await kept.add(
        ownerId,
        rows.map(({ structures, ...row }) => ({ ...row, structures: JSON.stringify(structures) })),
      )
    },

    /**
     * The tree as a GEDZIP: `gedcom.ged` (GEDCOM 7.0) whose OBJE files are the `media/` entries
     * beside it, each member's files streamed in one at a time. The zip is written as it is sent.
     */
    async exportGedzip(ownerId: string, exporterId?: string): Promise<Readable> {
      const included: { id: string; path: string }[] = []
      const gedcom = await service.exportTree(ownerId, '7.0', {
        ...(exporterId ? { exporterId } : {}),
        mediaFile: (asset) => {
          const path = mediaEntryPath(asset)
          included.push({ id: asset.id, path })
          return path
        },
      })
      const zip = createZipWriter()
      const write = async () => {
        await zip.addStream(gedzipGedcomName, gedcom)
        for (const { id, path } of included) if (openMedia) await zip.addStream(path, await openMedia(ownerId, id))
        zip.end()
      }
      write().catch((error: unknown) => {
        log?.error({ err: error }, 'a GEDZIP export stopped part way')
        zip.abort(error instanceof Error ? error : new Error(String(error)))
      })
      return zip.stream
    },
  }
  return service
}
export type GedcomService = ReturnType<typeof createGedcomService>
