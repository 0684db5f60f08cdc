import type { TFunction } from 'i18next'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { BookBlock, BookPlan } from '../../../../shared/contracts/book.ts'
import { previewPagesOf, type PreviewPage } from '../lib/preview-pages.ts'

interface BookPreviewProps {
  /** The book as it will be printed: chapters in order, without what was left out. */
  plan: BookPlan
  /** New choices are being drawn: the pages shown are the last ones. */
  isUpdating: boolean
}

/** The small WebP the server keeps of a photo. */
const thumbnailUrl = (mediaId: string) => `/api/media/${encodeURIComponent(mediaId)}/thumbnail`

/** How much of a chapter's beginning a page can hold; the rest is cut by the page's edge anyway. */
const blocksOnFirstPage = 3
const textOnFirstPage = 600

/**
 * The book's first pages drawn as pages, in the book's proportions (6×9 in or A5) and language,
 * each named for a screen reader by its number and what it holds. Drawn from the same plan the
 * PDF is made from, so what is seen here is how the book begins.
 */
export function BookPreview({ plan, isUpdating }: BookPreviewProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const pages = previewPagesOf(plan)
  return (
    <section className="book-section" aria-labelledby={`${id}-title`} aria-busy={isUpdating}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('preview.title')}
      </h2>
      <p className="hint">{t('preview.intro')}</p>
      <p className="hint" role="status">
        {isUpdating ? t('preview.updating') : ''}
      </p>
      <ol className={`book-pages book-pages-${plan.format}`} aria-label={t('preview.label')} lang={plan.language}>
        {pages.map((page, index) => (
          <li key={`${page.kind}-${index}`} className="book-page-slot">
            <div className={`book-page book-page-${page.kind}`} role="group" aria-label={t('preview.page', { number: index + 1, what: pageName(t, page) })}>
              <PageContent page={page} plan={plan} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

function pageName(t: TFunction<'book'>, page: PreviewPage): string {
  if (page.kind === 'chapter') return t('preview.chapter', { title: page.chapter.title })
  return t(`preview.${page.kind}`)
}

function PageContent({ page, plan }: { page: PreviewPage; plan: BookPlan }) {
  if (page.kind === 'cover') {
    return (
      <>
        <p className="book-page-cover-title">{page.title}</p>
        {page.subtitle && <p className="book-page-cover-subtitle">{page.subtitle}</p>}
        {page.coverPhotoId && <img className="book-page-cover-photo" src={thumbnailUrl(page.coverPhotoId)} alt="" loading="lazy" decoding="async" />}
      </>
    )
  }
  if (page.kind === 'dedication') return <p className="book-page-dedication">{page.text}</p>
  if (page.kind === 'contents') {
    return (
      <>
        <p className="book-page-heading">{plan.words.contents}</p>
        <ol className="book-page-contents">
          {page.titles.map((title, index) => (
            <li key={`${title}-${index}`}>{title}</li>
          ))}
        </ol>
      </>
    )
  }
  const { chapter } = page
  return (
    <>
      <p className="book-page-heading">{chapter.title}</p>
      {chapter.subtitle && <p className="book-page-subtitle">{chapter.subtitle}</p>}
      {chapter.retelling ? (
        <>
          <p className="book-page-note">{plan.words.retoldNote}</p>
          <p className="book-page-text">{cut(chapter.retelling)}</p>
        </>
      ) : (
        chapter.blocks.slice(0, blocksOnFirstPage).map((block) => <PreviewBlock key={block.id} block={block} plan={plan} />)
      )}
    </>
  )
}

function PreviewBlock({ block, plan }: { block: BookBlock; plan: BookPlan }) {
  if (block.type === 'photo') {
    return (
      <figure className="book-page-photo">
        <img src={thumbnailUrl(block.mediaId)} alt="" loading="lazy" decoding="async" />
        {block.caption && <figcaption>{block.caption}</figcaption>}
      </figure>
    )
  }
  if (block.type === 'answer') {
    return (
      <div className="book-page-block">
        <p className="book-page-question">{block.question}</p>
        <p className="book-page-text">{cut(block.answer)}</p>
        {block.recordings.length > 0 && <p className="book-page-listen">{plan.words.listen}</p>}
      </div>
    )
  }
  return (
    <div className="book-page-block">
      {block.title && <p className="book-page-block-title">{block.title}</p>}
      {block.date && <p className="book-page-date">{block.date}</p>}
      <p className="book-page-text">{cut(block.text)}</p>
      {block.recordings.length > 0 && <p className="book-page-listen">{plan.words.listen}</p>}
    </div>
  )
}

function cut(text: string): string {
  return text.length > textOnFirstPage ? `${text.slice(0, textOnFirstPage).trimEnd()}…` : text
}
