import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Book } from '../../../../shared/contracts/book.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { bookPdfUrl, isMaking, useBooks, useDeleteBook } from '../api/book-queries.ts'
import { bookFailureText, failureText } from '../lib/failure-text.ts'

/** The books made before, newest first: each finished one to download again, any to delete after a confirmation. */
export function BookList() {
  const { t } = useTranslation('book')
  const id = useId()
  const books = useBooks()
  const remove = useDeleteBook()
  const [toDelete, setToDelete] = useState<Book>()

  let content
  if (books.isError) {
    content = (
      <ErrorBanner>
        {t('list.loadFailed')}{' '}
        <button type="button" className="button" onClick={() => void books.refetch()}>
          {t('list.retry')}
        </button>
      </ErrorBanner>
    )
  } else if (!books.data) {
    content = <p role="status">{t('list.loading')}</p>
  } else if (books.data.length === 0) {
    content = <p>{t('list.empty')}</p>
  } else {
    content = (
      <ul className="book-list">
        {books.data.map((book) => (
          <BookListItem key={book.id} book={book} onDelete={() => setToDelete(book)} />
        ))}
      </ul>
    )
  }

  return (
    <section className="book-section book-list-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('list.title')}
      </h2>
      {content}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('list.confirmTitle')}
        description={<p>{t('list.confirmText', { title: toDelete?.title ?? '' })}</p>}
        confirmLabel={t('list.confirm')}
        cancelLabel={t('list.cancel')}
        pendingLabel={t('list.deleting')}
        pending={remove.isPending}
        error={remove.error ? failureText(t, remove.error, 'list.deleteFailed') : undefined}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => setToDelete(undefined) })}
        onCancel={() => {
          remove.reset()
          setToDelete(undefined)
        }}
      />
    </section>
  )
}

function BookListItem({ book, onDelete }: { book: Book; onDelete: () => void }) {
  const { t } = useTranslation('book')
  const language = useUiLanguage()
  const details = [t(`print.formats.${book.format}`), book.pageCount ? t('list.pages', { count: book.pageCount }) : '', formatDateTime(book.createdAt, language)].filter(Boolean)
  return (
    <li className="book-list-item card">
      <p className="book-list-title">{book.title}</p>
      <p className="hint">{details.join(' · ')}</p>
      {isMaking(book) && <p>{t(`make.status.${book.status}`)}</p>}
      {(book.status === 'failed' || book.status === 'cancelled') && <p>{bookFailureText(t, book)}</p>}
      <div className="book-list-actions">
        {book.status === 'done' && (
          <a className="button" href={bookPdfUrl(book.id)} download aria-label={t('list.downloadLabel', { title: book.title, count: book.pageCount ?? 0 })}>
            {t('list.download')}
          </a>
        )}
        <button type="button" className="button button-danger" aria-label={t('list.deleteLabel', { title: book.title })} onClick={onDelete}>
          {t('list.delete')}
        </button>
      </div>
    </li>
  )
}
