import type { TFunction } from 'i18next'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'

/**
 * How buttons, dialogs and announcements name a dream: its title, or for an untitled one the
 * moment it was written down, so two untitled dreams never share a name.
 */
export function dreamName(t: TFunction<'dreams'>, dream: Dream, language: string): string {
  if (dream.title) return dream.title
  return t('item.untitledName', { date: formatDateTime(dream.entryDate, language) })
}
