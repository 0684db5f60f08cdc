import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { exportFileOf, exportFormatName, exportSchemaVersion, type ExportKind, type ExportManifest, type PortableMedia } from '../../../shared/contracts/portability.ts'
import { createPacer, pacedJsonStream } from '../../lib/cooperative.ts'
import { mediaEntryPath } from '../../lib/zip/media-entry.ts'
import type { ExportedAsset } from '../media/media.service.ts'
import type { ExportExtension, PortabilityPorts } from './portability.ports.ts'
import { readableStories, type ReadableFile } from './portability.readable.ts'
import type { ZipWriter } from '../../lib/zip/zip-writer.ts'

/** The manifest, indented: a person opening the archive reads it first. */
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`)

function toPortableMedia(asset: ExportedAsset): PortableMedia {
  const idsOf = (type: ExportedAsset['targets'][number]['type']) => asset.targets.filter((target) => target.type === type).map((target) => target.id)
  return {
    id: asset.id,
    path: mediaEntryPath(asset),
    fileName: asset.fileName,
    caption: asset.caption,
    contentType: asset.contentType,
    size: asset.size,
    sha256: asset.sha256,
    uploadedAt: asset.uploadedAt,
    linkedToType: asset.linkedToType,
    linkedToId: asset.linkedToId,
    links: { memberIds: idsOf('member'), biographyEntryIds: idsOf('biographyEntry'), interviewSessionIds: idsOf('interviewSession') },
  }
}

export interface CollectedExport {
  manifest: ExportManifest
  files: Record<ExportKind, unknown>
  media: PortableMedia[]
  /** The story as pages to read (`historia.html`…), written after the files they show. */
  readable: ReadableFile[]
}

/**
 * Reads every row of the user (they are small) before a byte is sent, so that a failure is an
 * error answer rather than a broken download, and the manifest can count them.
 */
export async function collectExport(userId: string, ports: PortabilityPorts, extensions: ExportExtension[], now = new Date()): Promise<CollectedExport> {
  const [account, familyTree, gedcomKept, dreams, lab, biographyEntries, interviewSessions, heardFacts, assets] = await Promise.all([
    ports.account.exportProfile(userId),
    ports.familyTree.exportTree(userId),
    ports.gedcomKept.exportKept(userId),
    ports.dreams.exportDreams(userId),
    ports.aiLab.exportLab(userId),
    ports.biography.exportEntries(userId),
    ports.interviews.exportSessions(userId),
    ports.facts.exportFacts(userId),
    ports.media.exportAssets(userId),
  ])
  const media = assets.map(toPortableMedia)
  const files: Record<ExportKind, unknown> = {
    account,
    familyTree,
    gedcomKept,
    dreams,
    dreamReadings: lab.readings,
    biographyEntries,
    interviewSessions,
    heardFacts,
    aiLabMemories: lab.memories,
    media,
  }
  const readable = await readableStories({ account, familyTree, biographyEntries, interviewSessions, media }, now)
  const manifest: ExportManifest = {
    format: exportFormatName,
    schemaVersion: exportSchemaVersion,
    exportedAt: now.toISOString(),
    application: 'Legado',
    counts: {
      familyTreeMembers: familyTree.members.length,
      gedcomKept: gedcomKept.length,
      dreams: dreams.length,
      dreamReadings: lab.readings.length,
      biographyEntries: biographyEntries.length,
      interviewSessions: interviewSessions.length,
      heardFacts: heardFacts.length,
      aiLabMemories: lab.memories.length,
      media: media.length,
    },
    extensions: [...extensions, ...readable].map(({ path, description }) => ({ path, description })),
  }
  return { manifest, files, media, readable }
}

/** Writes the archive: the manifest, one JSON file per kind, each file's bytes (one at a time), then the extensions and the readable story. */
export async function writeExport(
  userId: string,
  { manifest, files, media, readable }: CollectedExport,
  ports: PortabilityPorts,
  extensions: ExportExtension[],
  zip: ZipWriter,
): Promise<void> {
  await zip.addBuffer('manifest.json', json(manifest))
  // Each kind's JSON is made in slices and deflated as it is made: the family tree of 100,000
  // people is a hundred megabytes of it, which need never be held at once.
  for (const [kind, value] of Object.entries(files) as [ExportKind, object][]) await zip.addBuffer(exportFileOf[kind], pacedJsonStream(value, createPacer()))
  for (const asset of media) await zip.addStream(asset.path, await ports.media.openContent(userId, asset.id))
  for (const extension of extensions) {
    const content = await extension.write(userId, files.familyTree as FamilyTree)
    await (content instanceof Uint8Array ? zip.addBuffer(extension.path, content) : zip.addStream(extension.path, content))
    for (const file of (await extension.files?.(userId)) ?? []) await zip.addStream(file.path, await file.open())
  }
  for (const file of readable) await zip.addBuffer(file.path, Buffer.from(file.html))
  zip.end()
}
