import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type {
  PortableAccount,
  PortableAiLabMemory,
  PortableBiographyEntry,
  PortableDream,
  PortableDreamReading,
  PortableGedcomKept,
  PortableHeardFact,
  PortableInterviewSession,
} from '../../../shared/contracts/portability.ts'
import type { ExportedAsset, RestoredFile } from '../media/media.service.ts'
import type { FamilyTreeRestore } from './family-tree-kind.ts'

/**
 * What portability asks of each feature, wired in the composition root: every feature exports
 * and restores its own rows through its own service, so portability never reads another
 * feature's tables. Restores take items that already carry their new ids and references.
 */
export interface PortabilityPorts {
  account: { exportProfile(userId: string): Promise<PortableAccount>; restoreProfile(userId: string, profile: PortableAccount): Promise<void> }
  familyTree: { exportTree(userId: string): Promise<FamilyTree>; restoreTree: FamilyTreeRestore }
  /** What GEDCOM imports kept without showing it; restored rows name members and unions the tree's restore just wrote. */
  gedcomKept: { exportKept(userId: string): Promise<PortableGedcomKept[]>; restoreKept(userId: string, rows: PortableGedcomKept[]): Promise<void> }
  dreams: { exportDreams(userId: string): Promise<PortableDream[]>; restoreDreams(userId: string, dreams: PortableDream[]): Promise<void> }
  aiLab: {
    exportLab(userId: string): Promise<{ memories: PortableAiLabMemory[]; readings: PortableDreamReading[] }>
    restoreMemories(userId: string, memories: PortableAiLabMemory[]): Promise<void>
    restoreReadings(userId: string, readings: PortableDreamReading[]): Promise<void>
  }
  biography: { exportEntries(userId: string): Promise<PortableBiographyEntry[]>; restoreEntries(userId: string, entries: PortableBiographyEntry[]): Promise<void> }
  interviews: { exportSessions(userId: string): Promise<PortableInterviewSession[]>; restoreSessions(userId: string, sessions: PortableInterviewSession[]): Promise<void> }
  /** Facts heard in answers, with their decisions; restored rows name the members, memories and interviews just written. */
  facts: { exportFacts(userId: string): Promise<PortableHeardFact[]>; restoreFacts(userId: string, facts: PortableHeardFact[]): Promise<void> }
  media: {
    exportAssets(userId: string): Promise<ExportedAsset[]>
    openContent(userId: string, assetId: string): Promise<AsyncIterable<Uint8Array>>
    restoreFile(userId: string, file: RestoredFile): Promise<{ id: string }>
    /** The largest file the media feature takes. */
    maxFileBytes: number
    /** The bytes of files the person may still store. */
    freeBytes(userId: string): Promise<number>
  }
}

/**
 * An extra entry of the export that another part of the app writes (the tree as GEDCOM 7 is the
 * first): listed in the manifest, never read back by an import, which restores from the JSON.
 */
export interface ExportExtension {
  /** The entry's path inside the archive, e.g. `family-tree.ged`. */
  path: string
  /** One line for the manifest: what the entry is and who reads it. */
  description: string
  /**
   * The entry's bytes. `tree` is the family tree the archive already holds (read once for the
   * whole export: at 100,000 people a second read is seconds of work and as much memory again).
   */
  write(userId: string, tree: FamilyTree): Promise<Uint8Array | AsyncIterable<Uint8Array>>
  /** Files that go with the entry (their bytes, one at a time, after it), at paths it names. */
  files?(userId: string): Promise<{ path: string; open(): Promise<AsyncIterable<Uint8Array>> }[]>
}
