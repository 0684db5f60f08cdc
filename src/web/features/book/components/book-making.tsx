import { useEffect, useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { Book, BookOptionsInput } from '../../../../shared/contracts/book.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { bookPdfUrl, isMaking, useBook, useCancelBook, useMakeBook } from '../api/book-queries.ts'
import { bookFailureText, failureText } from '../lib/failure-text.ts'

interface BookMakingProps {
  /** The choices to make the book with; undefined while they are incomplete (no relative chosen). */
  options: BookOptionsInput | undefined
  /** A book still being made when the page opened (made in another tab, or before a reload). */
  makingId: string | undefined
}

/**
 * «Hacer el libro»: the book is made on the server while a progress bar follows it; when it is
 * ready, its download link takes the focus, and a failure says in plain words what happened.
 */
export function BookMaking({ options, makingId }: BookMakingProps) {
  const { t } = useTranslation('book')
  const make = useMakeBook()
  const cancel = useCancelBook()
  const bookId = make.data?.id ?? makingId
  const book = useBook(bookId).data ?? make.data
  const downloadRef = useRef<HTMLAnchorElement>(null)
  const isDone = book?.status === 'done'

  useEffect(() => {
    if (isDone && make.data) downloadRef.current?.focus()
  }, [isDone, make.data])

  const isBusy = make.isPending || isMaking(book)
  return (
    <section className="book-section book-making" aria-labelledby="book-making-title">
      <h2 id="book-making-title" className="book-section-title">
        {t('make.title')}
      </h2>
      <button
        type="button"
        className="button button-primary book-make-button"
        aria-disabled={isBusy || !options}
        onClick={() => {
          if (!isBusy && options) make.mutate(options)
        }}
      >
        {make.isPending ? t('make.starting') : t('make.button')}
      </button>
      {!options && <p className="hint">{t('make.nothingYet')}</p>}
      <ErrorBanner>{make.error ? failureText(t, make.error, 'make.failed') : null}</ErrorBanner>
      {book && <BookProgress book={book} downloadRef={downloadRef} onCancel={() => cancel.mutate(book.id)} isCancelling={cancel.isPending} />}
      <ErrorBanner>{cancel.error ? failureText(t, cancel.error, 'make.cancelFailed') : null}</ErrorBanner>
    </section>
  )
}

interface BookProgressProps {
  book: Book
  downloadRef: Ref<HTMLAnchorElement>
  onCancel: () => void
  isCancelling: boolean
}

function BookProgress({ book, downloadRef, onCancel, isCancelling }: BookProgressProps) {
  const { t } = useTranslation('book')
  const status = t(`make.status.${book.status}`)
  if (book.status === 'done') {
    return (
      <div className="book-ready">
        <p role="status">{status}</p>
        <a ref={downloadRef} className="button button-primary" href={bookPdfUrl(book.id)} download>
          {t('make.download', { count: book.pageCount ?? 0 })}
        </a>
      </div>
    )
  }
  if (book.status === 'failed' || book.status === 'cancelled') {
    return <ErrorBanner>{bookFailureText(t, book)}</ErrorBanner>
  }
  return (
    <div className="book-progress">
      <div
        className="book-progress-track"
        role="progressbar"
        aria-label={t('make.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={book.progress}
        aria-valuetext={`${t('make.progress', { percent: book.progress })}: ${status}`}
      >
        <div className="book-progress-bar" style={{ width: `${book.progress}%` }} />
      </div>
      <p role="status">
        {status} <span aria-hidden="true">{t('make.progress', { percent: book.progress })}</span>
      </p>
      <button type="button" className="button" aria-disabled={isCancelling} onClick={() => !isCancelling && onCancel()}>
        {t('make.cancel')}
      </button>
    </div>
  )
}
