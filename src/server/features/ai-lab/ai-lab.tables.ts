import type { ColumnType, Insertable, Selectable } from 'kysely'
import type { Language } from '../../../shared/limits.ts'
import type { SaveMethod } from '../../../shared/contracts/ai-lab.ts'

type Instant = ColumnType<Date | string, string, string>

/** A memory kept in the AI lab: as told, or with its variation. */
export interface AiLabMemoryTable {
  id: string
  userId: string
  originalText: string
  aiVariationText: string | null
  saveMethod: SaveMethod
  timestamp: Instant
}
export type AiLabMemoryRow = Selectable<AiLabMemoryTable>
export type NewAiLabMemoryRow = Insertable<AiLabMemoryTable>

/** A reading of a dream; it goes when its dream goes. */
export interface DreamReadingTable {
  id: string
  ownerUserId: string
  dreamId: string
  text: string
  language: Language
  createdAt: Instant
}
export type DreamReadingRow = Selectable<DreamReadingTable>
export type NewDreamReadingRow = Insertable<DreamReadingTable>

export interface AiLabTables {
  aiLabMemory: AiLabMemoryTable
  dreamReading: DreamReadingTable
}
