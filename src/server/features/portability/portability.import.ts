import { createHash } from 'node:crypto'
import type { z } from 'zod'
import {
  exportFileOf,
  exportFormatName,
  exportManifestSchema,
  exportSchemaVersion,
  readableSchemaVersions,
  portableAccountSchema,
  portableAiLabMemorySchema,
  portableBiographyEntrySchema,
  portableDreamReadingSchema,
  portableDreamSchema,
  portableGedcomKeptSchema,
  portableHeardFactSchema,
  portableInterviewSessionSchema,
  portableMediaSchema,
  type ExportKind,
  type ImportReport,
  type ImportSkipReason,
} from '../../../shared/contracts/portability.ts'
import { limits } from '../../../shared/limits.ts'
import { AppError } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { RestoredFile } from '../media/media.service.ts'
import type { PortabilityPorts } from './portability.ports.ts'
import type { ZipArchive } from '../../lib/zip/zip-reader.ts'

type KindReport = ImportReport['kinds'][number]
type Skipped = KindReport['skipped']
/** Old id → new id, per kind, of what was restored; references are remapped through them. */
type IdMap = Map<string, string>

interface Logger {
  warn(details: object, message: string): void
}

/** The largest JSON file read from an archive. */
const maxJsonBytes = 64 * 1024 * 1024

async function readJson(archive: ZipArchive, name: string): Promise<unknown> {
  const entry = archive.entries.get(name)
  if (!entry) return undefined
  try {
    return JSON.parse((await archive.read(entry, maxJsonBytes)).toString('utf8'))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('portability.not_an_export', `${name} is not valid JSON`)
  }
}

/** The rows of one kind an archive may bring: a tree's people as many as one tree holds, any other kind as many as `limits.importRowsPerKind`. */
function assertRowCount(kind: ExportKind, raw: unknown): void {
  const rows = kind === 'familyTree' ? (raw as { members?: unknown } | undefined)?.members : raw
  const max = kind === 'familyTree' ? limits.membersPerTree : limits.importRowsPerKind
  if (Array.isArray(rows) && rows.length > max) throw new AppError('portability.too_many_rows', `${exportFileOf[kind]} holds ${rows.length} rows; an import takes at most ${max}`)
}

/** The manifest, checked before anything is written: format name first, then the version. */
async function readManifest(archive: ZipArchive) {
  const raw = await readJson(archive, 'manifest.json')
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== exportFormatName) {
    throw new AppError('portability.not_an_export', 'This archive is not a Legado export (no manifest.json of ours)')
  }
  const version = (raw as { schemaVersion?: unknown }).schemaVersion
  if (typeof version !== 'number' || !readableSchemaVersions.includes(version)) {
    throw new AppError('portability.unsupported_version', `This export is of format version ${String(version)}; this Legado reads versions up to ${exportSchemaVersion}`)
  }
  const manifest = exportManifestSchema.safeParse(raw)
  if (!manifest.success) throw new AppError('portability.not_an_export', 'The manifest of this export is damaged')
  return manifest.data
}

/** The valid items of a kind's file (an array), the invalid ones reported by their id. */
function validItems<T extends { id: string }>(raw: unknown, schema: z.ZodType<T>, skipped: Skipped): { items: T[]; found: number } {
  if (raw === undefined) return { items: [], found: 0 }
  if (!Array.isArray(raw)) {
    skipped.push({ id: '*', reason: 'invalid', detail: 'not a list' })
    return { items: [], found: 0 }
  }
  const items: T[] = []
  for (const [index, item] of raw.entries()) {
    const parsed = schema.safeParse(item)
    if (parsed.success) items.push(parsed.data)
    else skipped.push({ id: String((item as { id?: unknown })?.id ?? index), reason: 'invalid', detail: parsed.error.issues.map((issue) => issue.path.join('.')).join(', ') })
  }
  return { items, found: raw.length }
}

/**
 * Writes one kind all at once under new ids: every item the checks let through is written in one
 * transaction, or (when it fails) none, each then reported. Answers the old → new ids written.
 */
async function restoreAll<T extends { id: string }>(items: T[], skipped: Skipped, write: (items: T[]) => Promise<void>, log: Logger): Promise<IdMap> {
  const ids: IdMap = new Map(items.map((item) => [item.id, newId()]))
  try {
    await write(items.map((item) => ({ ...item, id: ids.get(item.id)! })))
    return ids
  } catch (error) {
    log.warn({ err: error }, 'an import could not write a kind of rows')
    for (const item of items) skipped.push({ id: item.id, reason: 'failed' })
    return new Map()
  }
}

/**
 * The tree is written in one transaction: when it fails (the same GEDCOM file imported into this
 * account at that very moment, say), none of it is there, every member is reported, and the
 * kinds after it are restored without their links to members, as for any kind that fails.
 */
async function restoreTree(userId: string, raw: unknown, ports: PortabilityPorts, log: Logger) {
  try {
    return await ports.familyTree.restoreTree(userId, raw)
  } catch (error) {
    log.warn({ err: error }, 'an import could not write the family tree')
    const members = Array.isArray((raw as { members?: unknown })?.members) ? (raw as { members: unknown[] }).members : []
    const skipped: Skipped = members.map((member, index) => ({ id: String((member as { memberId?: unknown } | null)?.memberId ?? index), reason: 'failed' }))
    return { found: members.length, restored: 0, skipped, ids: new Map<string, string>(), unionIds: new Map<string, string>() }
  }
}

const reasonOf = (error: unknown): ImportSkipReason => {
  if (!(error instanceof AppError)) return 'failed'
  if (error.code === 'payload_too_large') return 'too_large'
  if (error.code === 'unsupported_media_type') return 'unsupported_media_type'
  if (error.code === 'media.quota_exceeded') return 'quota_exceeded'
  if (error.code === 'not_found') return 'missing_reference'
  return 'failed'
}

/**
 * Restores an export into the signed-in account, kinds in order of reference (the tree's members
 * first: memories, interviews, facts heard and files point at them), everything under new ids.
 */
export async function importArchive(userId: string, archive: ZipArchive, ports: PortabilityPorts, log: Logger): Promise<ImportReport> {
  await readManifest(archive)
  const mediaSkipped: Skipped = []
  const mediaItems = validItems(await readJson(archive, exportFileOf.media), portableMediaSchema, mediaSkipped)
  // Every entry the import will use is unpacked and checked once before anything is written: an
  // archive that lies about one (its size, its checksum) is refused whole, not half restored.
  // Each is held to what its use allows before a byte is unpacked: a kind's JSON to
  // `maxJsonBytes`, a file to the upload limit (a larger one is reported, never read); an entry
  // the import does not use is not unpacked at all.
  for (const name of Object.values(exportFileOf)) {
    const entry = archive.entries.get(name)
    if (entry) await archive.read(entry, maxJsonBytes)
  }
  // The files fill what the quota still has room for, in order; those past it are never unpacked.
  const fileOutcome = new Map<string, ImportSkipReason | 'restore'>()
  let room = await ports.media.freeBytes(userId)
  for (const asset of mediaItems.items) {
    const entry = archive.entries.get(asset.path)
    if (!entry) fileOutcome.set(asset.id, 'file_missing')
    else if (entry.size > ports.media.maxFileBytes) fileOutcome.set(asset.id, 'too_large')
    else if (entry.size > room) fileOutcome.set(asset.id, 'quota_exceeded')
    else {
      fileOutcome.set(asset.id, 'restore')
      room -= entry.size
      await archive.read(entry, ports.media.maxFileBytes)
    }
  }
  const kinds: KindReport[] = []
  const report = (kind: ExportKind, found: number, restored: number, skipped: Skipped) => kinds.push({ kind, found, restored, skipped })
  // Each kind's rows are counted before anything is written: an archive with more than one account may keep is refused whole.
  const parsed = new Map<ExportKind, unknown>()
  for (const kind of Object.keys(exportFileOf) as ExportKind[]) {
    const raw = await readJson(archive, exportFileOf[kind])
    parsed.set(kind, raw)
    assertRowCount(kind, raw)
  }
  const read = async (kind: ExportKind) => parsed.get(kind)

  const account = portableAccountSchema.safeParse(await read('account'))
  if (account.success) await ports.account.restoreProfile(userId, account.data)
  report('account', account.success ? 1 : 0, account.success ? 1 : 0, account.success ? [] : [{ id: exportFileOf.account, reason: 'invalid' }])

  const rawTree = await read('familyTree')
  const tree =
    rawTree === undefined
      ? { found: 0, restored: 0, skipped: [], ids: new Map<string, string>(), unionIds: new Map<string, string>() }
      : await restoreTree(userId, rawTree, ports, log)
  report('familyTree', tree.found, tree.restored, tree.skipped)
  const members = tree.ids

  // What GEDCOM imports kept follows its members and unions to their new ids; a row of someone
  // not restored goes with them (as deleting a member takes its row), and the records stay.
  let skipped: Skipped = []
  const keptItems = validItems(await read('gedcomKept'), portableGedcomKeptSchema, skipped)
  const keptRows = keptItems.items.flatMap((row) => {
    const memberId = row.memberId === null ? null : members.get(row.memberId)
    const unionId = row.unionId === null ? null : tree.unionIds.get(row.unionId)
    if (memberId === undefined || unionId === undefined) {
      skipped.push({ id: row.id, reason: 'missing_reference', detail: memberId === undefined ? `member ${row.memberId}` : `union ${row.unionId}` })
      return []
    }
    return [{ ...row, memberId, unionId }]
  })
  const kept = await restoreAll(keptRows, skipped, (items) => ports.gedcomKept.restoreKept(userId, items), log)
  report('gedcomKept', keptItems.found, kept.size, skipped)

  skipped = []
  const dreamItems = validItems(await read('dreams'), portableDreamSchema, skipped)
  const dreams = await restoreAll(dreamItems.items, skipped, (items) => ports.dreams.restoreDreams(userId, items), log)
  report('dreams', dreamItems.found, dreams.size, skipped)

  skipped = []
  const readingItems = validItems(await read('dreamReadings'), portableDreamReadingSchema, skipped)
  const readings = readingItems.items.filter((reading) => dreams.has(reading.dreamId) || void skipped.push({ id: reading.id, reason: 'missing_reference' }))
  const readingIds = await restoreAll(
    readings.map((reading) => ({ ...reading, dreamId: dreams.get(reading.dreamId)! })),
    skipped,
    (items) => ports.aiLab.restoreReadings(userId, items),
    log,
  )
  report('dreamReadings', readingItems.found, readingIds.size, skipped)

  skipped = []
  const entryItems = validItems(await read('biographyEntries'), portableBiographyEntrySchema, skipped)
  // A memory whose member is gone stays the person's memory, without its subject (as when that member is deleted).
  const entries = await restoreAll(
    entryItems.items.map((entry) => ({ ...entry, subjectMemberId: (entry.subjectMemberId && members.get(entry.subjectMemberId)) ?? null })),
    skipped,
    (items) => ports.biography.restoreEntries(userId, items),
    log,
  )
  report('biographyEntries', entryItems.found, entries.size, skipped)

  skipped = []
  const sessionItems = validItems(await read('interviewSessions'), portableInterviewSessionSchema, skipped)
  const sessionsWithMember = sessionItems.items.filter((session) => members.has(session.interviewedMemberId) || void skipped.push({ id: session.id, reason: 'missing_reference' }))
  const sessions = await restoreAll(
    sessionsWithMember.map((session) => ({ ...session, interviewedMemberId: members.get(session.interviewedMemberId)! })),
    skipped,
    (items) => ports.interviews.restoreSessions(userId, items),
    log,
  )
  report('interviewSessions', sessionItems.found, sessions.size, skipped)

  // A fact heard follows its person and the answer it was heard in, and goes with either when it
  // did not come back (as deleting either takes it); the relative it added or linked is kept when
  // that card came back, else the fact stays decided without it.
  skipped = []
  const factItems = validItems(await read('heardFacts'), portableHeardFactSchema, skipped)
  const factRows = factItems.items.flatMap((fact) => {
    const memberId = members.get(fact.memberId)
    const interviewSessionId = fact.interviewSessionId === null ? null : sessions.get(fact.interviewSessionId)
    const biographyEntryId = fact.biographyEntryId === null ? null : entries.get(fact.biographyEntryId)
    if (memberId === undefined || interviewSessionId === undefined || biographyEntryId === undefined) {
      const detail =
        memberId === undefined ? `member ${fact.memberId}` : interviewSessionId === undefined ? `interview ${fact.interviewSessionId}` : `memory ${fact.biographyEntryId}`
      skipped.push({ id: fact.id, reason: 'missing_reference', detail })
      return []
    }
    const appliedMemberId = fact.appliedMemberId === null ? null : (members.get(fact.appliedMemberId) ?? null)
    return [{ ...fact, memberId, interviewSessionId, biographyEntryId, appliedMemberId }]
  })
  const facts = await restoreAll(factRows, skipped, (items) => ports.facts.restoreFacts(userId, items), log)
  report('heardFacts', factItems.found, facts.size, skipped)

  skipped = []
  const memoryItems = validItems(await read('aiLabMemories'), portableAiLabMemorySchema, skipped)
  const memories = await restoreAll(memoryItems.items, skipped, (items) => ports.aiLab.restoreMemories(userId, items), log)
  report('aiLabMemories', memoryItems.found, memories.size, skipped)

  skipped = mediaSkipped
  const targetIds = { member: members, biographyEntry: entries, interviewSession: sessions }
  let restoredFiles = 0
  for (const asset of mediaItems.items) {
    const outcome = fileOutcome.get(asset.id)
    const entry = archive.entries.get(asset.path)
    if (outcome !== 'restore' || !entry) {
      skipped.push({ id: asset.id, reason: outcome === 'restore' || outcome === undefined ? 'file_missing' : outcome })
      continue
    }
    try {
      const bytes = await archive.read(entry, ports.media.maxFileBytes)
      if (createHash('sha256').update(bytes).digest('hex') !== asset.sha256) {
        skipped.push({ id: asset.id, reason: 'file_damaged' })
        continue
      }
      // A link to something not restored is left out; the file itself is kept.
      const targets: RestoredFile['targets'] = [
        ...asset.links.memberIds.flatMap((id) => (members.has(id) ? [{ type: 'member' as const, id: members.get(id)! }] : [])),
        ...asset.links.biographyEntryIds.flatMap((id) => (entries.has(id) ? [{ type: 'biographyEntry' as const, id: entries.get(id)! }] : [])),
        ...asset.links.interviewSessionIds.flatMap((id) => (sessions.has(id) ? [{ type: 'interviewSession' as const, id: sessions.get(id)! }] : [])),
      ]
      const primary = asset.linkedToType && asset.linkedToId ? targetIds[asset.linkedToType].get(asset.linkedToId) : undefined
      await ports.media.restoreFile(userId, {
        fileName: asset.fileName,
        caption: asset.caption,
        contentType: asset.contentType,
        uploadedAt: asset.uploadedAt,
        linkedToType: primary ? asset.linkedToType : null,
        linkedToId: primary ?? null,
        targets,
        bytes,
      })
      restoredFiles += 1
    } catch (error) {
      if (!(error instanceof AppError)) log.warn({ err: error }, 'an imported file could not be stored')
      skipped.push({ id: asset.id, reason: reasonOf(error) })
    }
  }
  report('media', mediaItems.found, restoredFiles, skipped)

  const known = new Set<string>(['manifest.json', ...Object.values(exportFileOf), ...mediaItems.items.map((asset) => asset.path)])
  const ignoredEntries = [...archive.entries.keys()].filter((name) => !known.has(name) && !name.endsWith('/'))
  return { kinds, ignoredEntries }
}
