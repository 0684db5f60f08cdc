import { bookLimits, type BookChapter, type BookPlan } from '../../../../shared/contracts/book.ts'

/** One page of the preview, in the order the book prints them. */
export type PreviewPage =
  | { kind: 'cover'; title: string; subtitle: string; coverPhotoId: string | null }
  | { kind: 'dedication'; text: string }
  | { kind: 'contents'; titles: string[] }
  | { kind: 'chapter'; chapter: BookChapter }

/**
 * The book's first pages, as the PDF begins: the cover, the dedication when there is one, the
 * contents, then the chapters' beginnings, up to `limit` pages. `plan` is the one to print: its
 * chapters already in the author's order, without what was left out.
 */
export function previewPagesOf(plan: Pick<BookPlan, 'title' | 'subtitle' | 'coverPhotoId' | 'dedication' | 'chapters'>, limit: number = bookLimits.previewPages): PreviewPage[] {
  const pages: PreviewPage[] = [{ kind: 'cover', title: plan.title, subtitle: plan.subtitle, coverPhotoId: plan.coverPhotoId }]
  if (plan.dedication.trim()) pages.push({ kind: 'dedication', text: plan.dedication.trim() })
  if (plan.chapters.length > 0) pages.push({ kind: 'contents', titles: plan.chapters.map((chapter) => chapter.title) })
  for (const chapter of plan.chapters) pages.push({ kind: 'chapter', chapter })
  return pages.slice(0, limit)
}
