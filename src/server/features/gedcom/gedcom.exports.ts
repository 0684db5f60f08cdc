import type { Readable } from 'node:stream'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { GedcomExportVersion } from '../../../shared/contracts/gedcom.ts'
import type { FactProposal } from '../../../shared/contracts/facts.ts'
import type { PortableGedcomKept } from '../../../shared/contracts/portability.ts'
import { defaultLanguage, type Language } from '../../../shared/limits.ts'
import { AppError } from '../../lib/app-error.ts'
import { createPacer } from '../../lib/cooperative.ts'
import { mediaEntryPath } from '../../lib/zip/media-entry.ts'
import { createZipWriter } from '../../lib/zip/zip-writer.ts'
import type { TreeImportDoor } from '../family-tree/family-tree.service.ts'
import { gedcomOffThread } from './gedcom.export-thread.ts'
import type { MediaReference } from './gedcom.export.ts'
import type { GedcomKeptRepository } from './gedcom.kept.repository.ts'
import { gedzipGedcomName } from './gedcom.zip.ts'

/** What the exports read: the tree, what imports kept, the members' files and the facts heard about them. */
export interface GedcomExportDeps {
  familyTree: Pick<TreeImportDoor, 'getTree'>
  /** What imports kept without showing it, written back on export. */
  kept: GedcomKeptRepository
  /** Each of the owner's files, for OBJE references (the media feature knows). */
  describeMedia?(ownerId: string, mediaIds: string[]): Promise<Map<string, MediaReference & { id: string; fileName: string }>>
  /** A stored file's bytes, for a GEDZIP export. */
  openMedia?(ownerId: string, mediaId: string): Promise<AsyncIterable<Uint8Array>>
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void }
  /** Legado's version, for HEAD.SOUR.VERS. */
  appVersion?: string
  /** The accepted facts the tree still holds, each with where it was heard (the facts feature): cited in an export. */
  citedFacts?(ownerId: string): Promise<FactProposal[]>
  /** The language of the person exporting (their account's), for the citations' titles; Spanish without one. */
  languageOf?(userId: string): Promise<Language | null>
  /** GEDCOM files written at once on this instance (`GEDCOM_WRITERS`), each on a thread whose heap may grow to a gigabyte; the others wait. */
  writers?: number
  /** How long a file waits for its reader to ask for the next chunk before it is given up. */
  readerIdleMs?: number
}

/**
 * `chunks` that call `release` once they end: read to the end, failed, or given up (`return`),
 * whether or not a chunk was ever read (an async generator given up before its first chunk never
 * runs its `finally`). A reader that asks for nothing for `idleMs` (a download left paused, a
 * client that stopped reading) loses its place: the file stops there and the next read fails.
 */
function releasing(chunks: AsyncGenerator<Buffer, void, undefined>, release: () => void, idleMs: number): AsyncIterableIterator<Buffer> {
  let isReleased = false
  let hasGivenUp = false
  const once = () => {
    if (isReleased) return
    isReleased = true
    clearTimeout(idle)
    release()
  }
  const giveUp = () => {
    hasGivenUp = true
    once()
    void chunks.return()
  }
  let idle = setTimeout(giveUp, idleMs).unref()
  return {
    async next() {
      if (hasGivenUp) throw new Error(`The GEDCOM file waited more than ${idleMs} ms for its reader and was given up`)
      clearTimeout(idle)
      try {
        const next = await chunks.next()
        if (next.done) once()
        else idle = setTimeout(giveUp, idleMs).unref()
        return next
      } catch (error) {
        once()
        throw error
      }
    },
    async return() {
      once()
      return chunks.return()
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}

/** The tree going out: as GEDCOM text, as a GEDZIP, and what imports kept for the account's archive (and back from it). */
export function createGedcomExports({ familyTree, kept, describeMedia, openMedia, log, appVersion, citedFacts, languageOf, writers = 2, readerIdleMs = 60_000 }: GedcomExportDeps) {
  // GEDCOM files being written on this instance: `writers` at once, the others waiting their turn
  // (from the tree's read on, which is as large), and at most `filesPerTree` asked for of one tree
  // at once (both versions, say): downloads asked for again and again wait or are refused rather
  // than each starting a thread. The copy inside an account's export archive, which is already
  // being sent, is never refused; it waits its turn like the others.
  const filesPerTree = 2
  const perTree = new Map<string, number>()
  let running = 0
  const waiting: (() => void)[] = []
  async function admit(ownerId: string, isInArchive: boolean): Promise<() => void> {
    const asked = perTree.get(ownerId) ?? 0
    if (!isInArchive && asked >= filesPerTree)
      throw new AppError('rate_limited', 'This tree is already being written as a file; wait for it to end', undefined, { 'Retry-After': '10' })
    perTree.set(ownerId, asked + 1)
    // A place handed on by the one leaving keeps `running` as it is.
    if (running < writers) running += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    return () => {
      const left = perTree.get(ownerId)! - 1
      if (left === 0) perTree.delete(ownerId)
      else perTree.set(ownerId, left)
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }

  /** The owner's tree as GEDCOM's chunks, written on a thread of its own once the first is asked for. */
  async function gedcomOf(
    ownerId: string,
    version: GedcomExportVersion,
    options: { mediaFile?(asset: { id: string; fileName: string }): string; exporterId?: string; tree?: FamilyTree },
  ): Promise<AsyncGenerator<Buffer, void, undefined>> {
    const tree = options.tree ?? (await familyTree.getTree(ownerId))
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
    const language = facts.length > 0 ? ((await languageOf?.(options.exporterId ?? ownerId)) ?? defaultLanguage) : defaultLanguage
    return gedcomOffThread(tree, {
      version,
      media: [...files],
      kept: await kept.list(ownerId),
      facts,
      language,
      options: { submitterName: tree.tree?.treeName ?? 'Legado', ...(appVersion ? { sourceVersion: appVersion } : {}), date: new Date() },
    })
  }

  const exports = {
    /**
     * The owner's tree as GEDCOM text, UTF-8 chunk by chunk, written on a thread of its own (see
     * gedcom.export-thread.ts). Files are referred to by where they are
     * stored, or by `mediaFile` (their path inside an export archive, beside the .ged). The facts
     * heard in conversations are cited in the language of `exporterId` (the owner by default).
     * `tree` is the owner's tree when the caller has already read it (the account export, whose
     * copy is `inArchive`). Waits while `writers` files are being written; `rate_limited` while two
     * of this tree are. The chunks must be read to the end or given up (`return`), which lets the next in.
     */
    async exportTree(
      ownerId: string,
      version: GedcomExportVersion,
      options: { mediaFile?(asset: { id: string; fileName: string }): string; exporterId?: string; tree?: FamilyTree; inArchive?: true } = {},
    ): Promise<AsyncIterableIterator<Buffer>> {
      const release = await admit(ownerId, options.inArchive === true)
      try {
        return releasing(await gedcomOf(ownerId, version, options), release, readerIdleMs)
      } catch (error) {
        release()
        throw error
      }
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
      const gedcom = await exports.exportTree(ownerId, '7.0', {
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
  return exports
}
