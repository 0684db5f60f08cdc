import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'

/**
 * How a memory is named in its heading, buttons and announcements (docs/product.md#biography): its title, or else
 * the moment it was saved, so two untitled memories never share a name.
 */
export function memoryName(entry: BiographyEntry, language: string): string {
  return entry.title || formatDateTime(entry.entryDate, language)
}
