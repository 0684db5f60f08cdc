import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { BookChapter, BookPlan } from '../../../../shared/contracts/book.ts'
import type { Language } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { isMaking, useBookDraft, useBooks } from '../api/book-queries.ts'
import { draftRequestOf, initialChoices, keptChapters, orderedChapters, subjectOf, toggled, withSubject, type BookChoices, type BookSubject } from '../lib/book-options.ts'
import { failureText } from '../lib/failure-text.ts'
import { useSettledValue } from '../lib/use-settled-value.ts'
import { BookContents } from './book-contents.tsx'
import { BookMaking } from './book-making.tsx'
import { BookOrderChoice } from './book-order.tsx'
import { BookPreview } from './book-preview.tsx'
import { BookPrint } from './book-print.tsx'
import { BookSubjectChoice, type BookPerson } from './book-subject.tsx'
import { ChapterRetelling } from './chapter-retelling.tsx'
import './book.css'

interface BookMakerProps {
  language: Language
  /** The tree's people other than the author, for a relative's book. */
  relatives: readonly BookPerson[]
  /** A relative chosen before the page opened (their card's «Hacer su libro»). */
  initialMemberId?: string
}

/** How long the author pauses before the draft and preview are asked for again. */
const settleMs = 400

/**
 * The whole book page below its heading: what book, what goes in, in what order, how it is
 * printed, a preview of its first pages, then making it. The choices live here; each part
 * changes some of them.
 */
export function BookMaker({ language, relatives, initialMemberId }: BookMakerProps) {
  const { t } = useTranslation('book')
  const [choices, setChoices] = useState<BookChoices>(() => initialChoices(language, initialMemberId))
  const [retellings, setRetellings] = useState<Record<string, string>>({})
  // A relative's book before the relative is chosen has the choices of one's own: the subject is kept beside them.
  const [subject, setSubject] = useState<BookSubject>(() => subjectOf(choices))
  const isComplete = subject !== 'relative' || choices.memberId !== undefined
  const wanted = isComplete ? draftRequestOf(choices) : undefined
  const draftRequest = useSettledValue(wanted, settleMs)
  const isSettling = JSON.stringify(wanted) !== JSON.stringify(draftRequest)
  const draft = useBookDraft(draftRequest)
  const books = useBooks()
  const makingId = books.data?.find(isMaking)?.id

  // The chapters of the draft on screen, in the author's order; what was left out is still offered.
  const chapters = draft.data && isComplete ? orderedChapters(draft.data.plan.chapters, choices) : undefined
  const withRetelling = (chapter: BookChapter): BookChapter =>
    choices.retold.includes(chapter.key) ? { ...chapter, retelling: chapter.retelling ?? retellings[chapter.key] ?? null } : { ...chapter, retelling: null }
  const printed: BookPlan | undefined =
    draft.data && chapters ? { ...draft.data.plan, dedication: choices.dedication, chapters: keptChapters(chapters, choices.excluded).map(withRetelling) } : undefined

  const change = (changes: Partial<BookChoices>) => setChoices((current) => ({ ...current, ...changes }))
  // A retelling tells the chapter as it was when asked: an item taken out or put back asks for it again.
  const changeContents = (changes: Partial<BookChoices>) => {
    if (changes.excluded && chapters) {
      const before = new Set(choices.excluded)
      const after = new Set(changes.excluded)
      const touched = chapters.filter((chapter) => chapter.blocks.some((block) => before.has(block.id) !== after.has(block.id))).map((chapter) => chapter.key)
      if (touched.length > 0) {
        setRetellings((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.includes(key))))
        changes = { ...changes, retold: choices.retold.filter((key) => !touched.includes(key)) }
      }
    }
    change(changes)
  }

  let status
  if (!isComplete) status = <p>{t('contents.choosePerson')}</p>
  else if (draft.isError && !draft.data) status = <ErrorBanner>{failureText(t, draft.error, 'contents.loadFailed')}</ErrorBanner>
  else if (!chapters) status = <p role="status">{t('contents.loading')}</p>
  else if (chapters.length === 0) status = <EmptyBook subject={subject} />

  return (
    <div className="book-maker">
      <BookSubjectChoice
        subject={subject}
        memberId={choices.memberId}
        relatives={relatives}
        onChange={(next, memberId) => {
          setRetellings({})
          setSubject(next)
          setChoices((current) => withSubject(current, next, memberId))
        }}
      />
      <BookContents
        choices={choices}
        chapters={chapters}
        onChange={changeContents}
        status={status}
        renderChapterExtra={(chapter) =>
          draft.data?.canRetell && (
            <ChapterRetelling
              chapter={chapter}
              options={choices}
              retelling={retellings[chapter.key] ?? chapter.retelling ?? undefined}
              isUsed={choices.retold.includes(chapter.key)}
              onRetold={(key, text) => setRetellings((current) => ({ ...current, [key]: text }))}
              onToggleUse={(key) => setChoices((current) => ({ ...current, retold: toggled(current.retold, key) }))}
            />
          )
        }
      />
      {chapters && chapters.length > 1 && <BookOrderChoice order={choices.order} chapters={chapters} onChange={change} />}
      <BookPrint choices={choices} onChange={change} />
      {draft.isError && draft.data && <ErrorBanner>{failureText(t, draft.error, 'contents.loadFailed')}</ErrorBanner>}
      {printed && <BookPreview plan={printed} isUpdating={draft.isFetching || isSettling} />}
      <BookMaking options={isComplete && printed && printed.chapters.length > 0 ? choices : undefined} makingId={makingId} />
    </div>
  )
}

/** Nothing to put in yet: where the memories come from. */
function EmptyBook({ subject }: { subject: BookSubject }) {
  const { t } = useTranslation('book')
  return (
    <p className="book-empty">
      {t(`contents.empty.${subject}`)} {subject === 'own' ? <Link to="/my-biography">{t('contents.talkToCronos')}</Link> : <Link to="/family-tree">{t('contents.openTree')}</Link>}
    </p>
  )
}
