import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookChapter, BookOptionsInput } from '../../../../shared/contracts/book.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { useRetellChapter } from '../api/book-queries.ts'
import { failureText } from '../lib/failure-text.ts'

interface ChapterRetellingProps {
  chapter: BookChapter
  /** The book's choices the chapter was drawn from: the server finds the chapter with them. */
  options: BookOptionsInput
  /** The retelling already asked for, if any. */
  retelling: string | undefined
  isUsed: boolean
  onRetold: (chapterKey: string, retelling: string) => void
  onToggleUse: (chapterKey: string) => void
}

/**
 * A model's retelling of one chapter as prose, asked for by the author, read, then put in the book
 * or not. What was told stays in the book's source as it was; the book says which chapter was retold.
 */
export function ChapterRetelling({ chapter, options, retelling, isUsed, onRetold, onToggleUse }: ChapterRetellingProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const retell = useRetellChapter()
  const hasText = chapter.blocks.some((block) => block.type !== 'photo')
  if (!hasText) return null

  function handleRetell() {
    retell.mutate({ options, chapterKey: chapter.key }, { onSuccess: (answer) => onRetold(answer.chapterKey, answer.retelling) })
  }

  return (
    <div className="book-retelling">
      {retelling === undefined ? (
        <button
          type="button"
          className="button"
          aria-label={t('retell.buttonLabel', { title: chapter.title })}
          aria-disabled={retell.isPending}
          onClick={() => !retell.isPending && handleRetell()}
        >
          {retell.isPending ? t('retell.working') : t('retell.button')}
        </button>
      ) : (
        <div className="book-retelling-text" aria-labelledby={`${id}-title`} role="group">
          <p id={`${id}-title`} className="book-retelling-title">
            {t('retell.title', { title: chapter.title })}
          </p>
          <p className="book-retelling-prose">{retelling}</p>
          <button type="button" className="button" aria-pressed={isUsed} aria-label={t('retell.useLabel', { title: chapter.title })} onClick={() => onToggleUse(chapter.key)}>
            {t('retell.use')}
          </button>
          <p className="hint" aria-live="polite">
            {isUsed ? t('retell.used') : t('retell.notUsed')}
          </p>
        </div>
      )}
      <ErrorBanner>{retell.error ? failureText(t, retell.error, 'retell.failed') : null}</ErrorBanner>
    </div>
  )
}
