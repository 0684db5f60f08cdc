import type { TFunction } from 'i18next'
import type { Book } from '../../../../shared/contracts/book.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'

/** The codes of a book refused because another is being made: the job runner's, and the books' own. */
const alreadyMaking = new Set<string>(['job.too_many', 'book.in_progress'])

/**
 * The screen's own failure sentence, followed by the translated reason when the server gave one
 * more telling than a plain internal error. A book already being made has words of its own: the
 * shared text of that code speaks of imports.
 */
export function failureText(t: TFunction<'book'>, error: unknown, key: string): string {
  const sentence = t(key)
  if (!(error instanceof ApiError) || error.code === 'internal') return sentence
  if (alreadyMaking.has(error.code)) return t('make.tooMany')
  return `${sentence} ${errorText(t as TFunction, error)}`
}

/** Why a book was not made, in plain words: its stopping reasons have the book's own sentences. */
export function bookFailureText(t: TFunction<'book'>, book: Pick<Book, 'status' | 'errorCode'>): string {
  if (book.status === 'cancelled') return t('make.cancelled')
  const code = book.errorCode ?? 'internal'
  return t(`make.failure.${code.replace('.', '_')}`, { defaultValue: `${t('make.failed')} ${t(`errors:${code}`, { defaultValue: t('errors:internal') })}` })
}
