import { Readable } from 'node:stream'
import type { MediaService } from '../media/media.service.ts'
import type { GedcomMediaReport, GedcomMediaSkipReason } from '../../../shared/contracts/gedcom.ts'
import { AppError } from '../../lib/app-error.ts'
import { isSafeEntryName, type ZipArchive, type ZipEntry } from '../../lib/zip/zip-reader.ts'

// The files a GEDCOM names, brought in as media of the people they belong to. Only a GEDZIP (a zip
// holding the .ged and the files by their relative paths) carries them; a plain .ged names paths on
// someone else's disk, and each is reported. The media feature stores them, with its own checks.

/** One media reference of the file: whose it is (a batch reference) and the FILE as written. */
export interface GedcomMediaLink {
  owner: string
  /** The owner is a family: Legado keeps files per person, so the file goes to each of `partners`. */
  isFamily?: true
  /** A family's partners (member references). */
  partners?: string[]
  file: string
  title?: string
}

/** What the media feature does for an import, wired in the composition root. */
export interface GedcomMediaPort {
  /**
   * Stores a file as one media item of the owner's members (a wedding photo: both partners);
   * refuses with the media feature's AppErrors. Answers the item's id.
   */
  attach(ownerId: string, memberIds: string[], file: { fileName: string; caption: string; bytes: Buffer }): Promise<string>
  /** Adds a stored item to a member's media (a file the import has stored already, named again). */
  link(ownerId: string, memberId: string, mediaId: string): Promise<void>
  /** The names of the files a member has already, so an import run twice does not attach a file twice. */
  fileNamesOf(ownerId: string, memberId: string): Promise<string[]>
  /** The largest file the media feature takes: a larger entry is reported without being unpacked. */
  maxFileBytes: number
}

/** Skipped files kept in the report; the rest are counted. */
const reportedSkips = 500

/**
 * Where a FILE value points inside the archive, or nothing when it points outside it (a URL, an
 * absolute path). GEDCOM 7 writes a URI reference (`media/a%20b.jpg`); 5.5.1 files write paths,
 * often with backslashes.
 */
export function archivePathOf(file: string): string | undefined {
  let path = file.trim().replace(/\\/g, '/')
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/')) return undefined
  try {
    path = decodeURI(path)
  } catch {
    // Not percent-encoded after all: the path as written.
  }
  path = path.replace(/^(\.\/)+/, '')
  return isSafeEntryName(path) ? path : undefined
}

/** An archive's entry for a path: as written, else ignoring case, else the only file of that name anywhere in it. */
function entryFinder(archive: ZipArchive) {
  const byLowerPath = new Map<string, ZipEntry>()
  const byName = new Map<string, ZipEntry | null>()
  for (const entry of archive.entries.values()) {
    if (entry.name.endsWith('/')) continue
    byLowerPath.set(entry.name.toLowerCase(), entry)
    const name = entry.name.split('/').pop()!.toLowerCase()
    byName.set(name, byName.has(name) ? null : entry)
  }
  return (file: string): ZipEntry | undefined => {
    const path = archivePathOf(file)
    if (path !== undefined) {
      const found = archive.entries.get(path) ?? byLowerPath.get(path.toLowerCase())
      if (found) return found
    }
    // A 5.5.1 file often names the photo where it was on the author's disk (C:\Fotos\rosa.jpg).
    const name = file.trim().replace(/\\/g, '/').split('/').pop()?.toLowerCase()
    return (name && byName.get(name)) || undefined
  }
}

const reasonOf = (error: unknown): GedcomMediaSkipReason => {
  const code = error instanceof AppError ? error.code : undefined
  if (code === 'payload_too_large') return 'too_large'
  if (code === 'unsupported_media_type') return 'unsupported_type'
  if (code === 'media.quota_exceeded') return 'quota_exceeded'
  return 'failed'
}

/**
 * Brings in the files of `links` from `archive` (or reports each, without one), attached to the
 * members `memberIdOf` names. One file at a time: each is unpacked (checked against its declared
 * size and checksum), stored and dropped before the next; `onProgress` hears after each.
 */
export async function importGedcomMedia(
  ownerId: string,
  links: GedcomMediaLink[],
  memberIdOf: (ref: string) => string | undefined,
  nameOf: (ref: string) => string | undefined,
  archive: ZipArchive | undefined,
  port: GedcomMediaPort | undefined,
  log?: { warn(details: object, message: string): void },
  onProgress?: (done: number, total: number) => void,
): Promise<GedcomMediaReport> {
  const report: GedcomMediaReport = { attached: 0, alreadyThere: 0, skipped: [], moreSkipped: 0 }
  const skip = (link: GedcomMediaLink, reason: GedcomMediaSkipReason) => {
    if (report.skipped.length >= reportedSkips) return void (report.moreSkipped += 1)
    const person = nameOf(link.owner)
    report.skipped.push({ file: link.file, reason, ...(person ? { person } : {}) })
  }
  const find = archive && entryFinder(archive)
  const namesOf = new Map<string, Set<string>>()
  /** Archive entry → the media item this import stored it as: a file named twice is stored once. */
  const storedAs = new Map<string, string>()
  for (const [index, link] of links.entries()) {
    onProgress?.(index, links.length)
    if (!archive || !find || !port) {
      skip(link, 'not_included')
      continue
    }
    const owners = link.isFamily ? (link.partners ?? []) : [link.owner]
    const memberIds = [...new Set(owners.flatMap((ref) => memberIdOf(ref) ?? []))]
    if (memberIds.length === 0) {
      skip(link, 'no_person')
      continue
    }
    const entry = find(link.file)
    if (!entry) {
      // A web address is a link, not a file of the tree: said apart from a file the zip lacks.
      skip(link, /^(https?|ftp):/i.test(link.file.trim()) ? 'outside' : 'missing')
      continue
    }
    const fileName = entry.name.split('/').pop()!
    // Whoever has a file of that name has it already (the same GEDZIP imported again).
    const without: string[] = []
    for (const memberId of memberIds) {
      let names = namesOf.get(memberId)
      if (!names) namesOf.set(memberId, (names = new Set(await port.fileNamesOf(ownerId, memberId))))
      if (!names.has(fileName)) without.push(memberId)
    }
    if (without.length === 0) {
      report.alreadyThere += 1
      continue
    }
    if (entry.size > port.maxFileBytes) {
      skip(link, 'too_large')
      continue
    }
    try {
      const stored = storedAs.get(entry.name)
      if (stored) for (const memberId of without) await port.link(ownerId, memberId, stored)
      else
        storedAs.set(
          entry.name,
          await port.attach(ownerId, without, { fileName, caption: (link.title ?? '').trim().slice(0, 500), bytes: await archive.read(entry, port.maxFileBytes) }),
        )
      for (const memberId of without) namesOf.get(memberId)!.add(fileName)
      report.attached += 1
    } catch (error) {
      const reason = reasonOf(error)
      if (reason === 'failed') log?.warn({ err: error }, 'a GEDCOM media file could not be stored')
      skip(link, reason)
    }
  }
  onProgress?.(links.length, links.length)
  return report
}

/**
 * The media feature's side of an import and an export, for the GEDCOM service: an import's files
 * stored as uploads are (size, real type, quota, sha256), and an export's files described and read.
 */
export function gedcomMediaFrom(media: Pick<MediaService, 'completeUpload' | 'addMedia' | 'listFor' | 'getMedia' | 'openContent'>, maxFileBytes: number) {
  const port: GedcomMediaPort = {
    async attach(ownerId, memberIds, { fileName, caption, bytes }) {
      const [first, ...others] = memberIds
      const mediaId = await media.completeUpload({
        ownerId,
        fileName,
        caption,
        linkedToType: 'member',
        linkedToId: first!,
        size: bytes.length,
        read: async () => Readable.from([bytes]),
      })
      for (const memberId of others) await media.addMedia(ownerId, 'member', memberId, mediaId)
      return mediaId
    },
    link: (ownerId, memberId, mediaId) => media.addMedia(ownerId, 'member', memberId, mediaId),
    fileNamesOf: async (ownerId, memberId) => (await media.listFor(ownerId, 'member', memberId)).map((asset) => asset.fileName),
    maxFileBytes,
  }
  return {
    media: port,
    /** The files an export names, by id; one that is gone (deleted meanwhile) is left out. */
    async describeMedia(ownerId: string, mediaIds: string[]) {
      const assets = await Promise.all(mediaIds.map((id) => media.getMedia(ownerId, id).catch(() => undefined)))
      return new Map(
        assets.flatMap((asset) =>
          asset
            ? [[asset.id, { id: asset.id, fileName: asset.fileName, file: asset.storagePath, contentType: asset.contentType, title: asset.caption || asset.fileName }] as const]
            : [],
        ),
      )
    },
    openMedia: (ownerId: string, mediaId: string) => media.openContent(ownerId, mediaId),
  }
}
