import type { Readable } from 'node:stream'
import type { BatchProblem } from '../../../shared/contracts/family-tree.ts'
import type { GedcomExportVersion, GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import type { PortableGedcomKept } from '../../../shared/contracts/portability.ts'
import { limits } from '../../../shared/limits.ts'
import { nowIso } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { writeGedcom } from '../../lib/gedcom/index.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { mediaEntryPath } from '../../lib/zip/media-entry.ts'
import type { ZipArchive } from '../../lib/zip/zip-reader.ts'
import { createZipWriter } from '../../lib/zip/zip-writer.ts'
import { importGedcomMedia, type GedcomMediaPort } from './gedcom.media.ts'
import { gedzipGedcomName, isGedzip, openGedzip } from './gedcom.zip.ts'
import { chooseNamespace, indexImported, namespaceBatch, xrefOfSourceId } from './gedcom.identity.ts'
import { treeToGedcom, type MediaReference } from './gedcom.export.ts'
import type { GedcomJobRepository } from './gedcom.repository.ts'
import type { GedcomKeptRepository } from './gedcom.kept.repository.ts'
import type { MappedGedcom } from './gedcom.map.ts'
import { previewGedcomOffThread, readGedcomOffThread } from './gedcom.read.ts'
import type { TreeImportDoor } from '../family-tree/family-tree.service.ts'

interface Deps {
  familyTree: TreeImportDoor
  jobs: GedcomJobRepository
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

/** An upload as the reader takes it: a .ged, or a GEDZIP with the name of its .ged. */
interface Upload {
  bytes: Uint8Array
  /** The .ged's entry when the upload is a GEDZIP, whose files are then brought in. */
  gedcomEntry?: string
  archive?: ZipArchive
}

/**
 * Text chunks as UTF-8 bytes, one at a time. The writer makes each chunk as it is asked for, so
 * the pacer's turns of the event loop let other requests in while a large tree is written.
 */
async function* encodeChunks(chunks: Iterable<string>): AsyncIterable<Uint8Array> {
  const pacer = createPacer()
  for (const chunk of chunks) {
    yield Buffer.from(chunk, 'utf8')
    const waiting = pacer.step()
    if (waiting) await waiting
  }
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

export function createGedcomService({ familyTree, jobs, kept, describeMedia, media, openMedia, maxGedcomBytes = limits.gedcomMaxBytes, log, appVersion }: Deps) {
  /** A GEDZIP is opened (its directory only) and checked before anything is answered: a zip without a tree is a clear 4xx. */
  async function open(bytes: Uint8Array): Promise<Upload> {
    if (!isGedzip(bytes)) return { bytes }
    const { archive, gedcom } = await openGedzip(bytes, maxGedcomBytes)
    return { bytes, gedcomEntry: gedcom.name, archive }
  }

  async function run(ownerId: string, jobId: string, upload: Upload): Promise<void> {
    const update = (changes: Parameters<GedcomJobRepository['update']>[2]) => jobs.update(ownerId, jobId, changes, nowIso())
    try {
      await update({ status: 'reading', progress: 5 })
      const { batch, preview, fingerprint, media: mediaLinks, kept: keptItems } = await readGedcomOffThread(upload.bytes, upload.gedcomEntry)
      if (isNotGedcom(preview)) {
        await update({ status: 'failed', errorCode: 'gedcom.not_gedcom', counts: preview.counts })
        return
      }
      // Which earlier import, if any, this file is a version of: its xrefs are named in that one's namespace.
      const imported = indexImported(await familyTree.importedMembers(ownerId))
      const pacer = createPacer()
      await namespaceBatch(batch, await chooseNamespace(batch, imported, fingerprint, pacer), imported, pacer, mediaLinks, keptItems)
      await update({ status: 'writing', progress: writingFrom, counts: preview.counts })
      const hasFiles = upload.archive !== undefined && mediaLinks.length > 0
      const record = (value: number) => update({ progress: value })
      const progress = progressRecorder(record, writingFrom, hasFiles ? filesFrom : writingTo)
      const written = await familyTree.importTree(ownerId, batch, { onProgress: progress.onProgress })
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
        skippedTags: preview.skippedTags,
        keptTags: preview.keptTags,
        media: mediaReport,
      }
      await update({ status: 'done', progress: 100, report })
    } catch (error) {
      log?.error({ err: error, jobId }, 'a GEDCOM import failed')
      await update({ status: 'failed', errorCode: 'internal' }).catch(() => {})
    } finally {
      await upload.archive?.close()
    }
  }

  const service = {
    /** What the file holds and what would be skipped, without writing anything. */
    async preview(bytes: Uint8Array): Promise<GedcomPreview> {
      const upload = await open(bytes)
      try {
        const preview = await previewGedcomOffThread(upload.bytes, upload.gedcomEntry)
        assertGedcom(preview)
        return { ...preview, container: upload.archive ? 'gdz' : 'ged' }
      } finally {
        await upload.archive?.close()
      }
    },

    /**
     * Starts an import and answers at once with its job; the reading runs on a worker thread and
     * the writing in bounded transactions, so the server keeps answering meanwhile. The job's
     * progress and report are in the database, for whichever instance is asked.
     */
    async startImport(ownerId: string, bytes: Uint8Array, fileName: string): Promise<GedcomImportJob> {
      const upload = await open(bytes)
      const id = newId()
      await jobs.create(ownerId, id, fileName.slice(0, 255), nowIso())
      void run(ownerId, id, upload)
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
      const files = new Map([...described].map(([id, asset]) => [id, options.mediaFile ? { ...asset, file: options.mediaFile(asset) } : asset]))
      return writeGedcom(treeToGedcom(tree, version, files, await kept.list(ownerId)), {
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
    async exportGedzip(ownerId: string): Promise<Readable> {
      const included: { id: string; path: string }[] = []
      const gedcom = await service.exportTree(ownerId, '7.0', {
        mediaFile: (asset) => {
          const path = mediaEntryPath(asset)
          included.push({ id: asset.id, path })
          return path
        },
      })
      const zip = createZipWriter()
      const write = async () => {
        await zip.addStream(gedzipGedcomName, encodeChunks(gedcom))
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
