import type { TFunction } from 'i18next'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { bookLimits, type BookBlock, type BookChapter } from '../../../../shared/contracts/book.ts'
import { toggled, type BookChoices } from '../lib/book-options.ts'

type Include = BookChoices['include']

interface BookContentsProps {
  choices: BookChoices
  /** The draft's chapters in the book's order; undefined while the first draft is on its way. */
  chapters: readonly BookChapter[] | undefined
  onChange: (changes: Partial<BookChoices>) => void
  /** What goes under a chapter's items: its retelling by a model, where one answers. */
  renderChapterExtra?: (chapter: BookChapter) => ReactNode
  /** Said instead of the chapters while there are none to show (loading, empty, failed). */
  status?: ReactNode
}

const kinds = ['memories', 'interviews', 'photos'] as const satisfies readonly (keyof Include)[]

/** What goes in: the kinds of things, each item of each chapter (unticked is left out), and a dedication. */
export function BookContents({ choices, chapters, onChange, renderChapterExtra, status }: BookContentsProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const dedicationLength = choices.dedication.length

  return (
    <section className="book-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('contents.title')}
      </h2>
      <fieldset className="book-choices">
        <legend>{t('contents.kinds')}</legend>
        {kinds.map((kind) => (
          <div key={kind} className="checkbox-field">
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              checked={choices.include[kind]}
              onChange={(event) => onChange({ include: { ...choices.include, [kind]: event.target.checked } })}
            />
            <label htmlFor={`${id}-${kind}`}>{t(`contents.${kind}`)}</label>
          </div>
        ))}
      </fieldset>

      <h3 className="book-subtitle">{t('contents.chapters')}</h3>
      {status ?? (
        <>
          <p className="hint">{t('contents.chaptersHint')}</p>
          <ol className="book-chapters">
            {(chapters ?? []).map((chapter) => (
              <li key={chapter.key}>
                <fieldset className="book-chapter">
                  <legend>
                    <span className="book-chapter-title">{chapter.title}</span>
                    {chapter.subtitle && <span className="book-chapter-subtitle"> · {chapter.subtitle}</span>}
                  </legend>
                  <ul className="book-items">
                    {chapter.blocks.map((block) => (
                      <li key={block.id} className="checkbox-field">
                        <input
                          id={`${id}-item-${block.id}`}
                          type="checkbox"
                          checked={!choices.excluded.includes(block.id)}
                          onChange={() => onChange({ excluded: toggled(choices.excluded, block.id) })}
                        />
                        <label htmlFor={`${id}-item-${block.id}`}>{itemLabel(t, block)}</label>
                      </li>
                    ))}
                  </ul>
                  {renderChapterExtra?.(chapter)}
                </fieldset>
              </li>
            ))}
          </ol>
        </>
      )}

      <div className="field book-dedication">
        <label htmlFor={`${id}-dedication`}>
          {t('contents.dedication')} <span className="field-optional">{t('contents.optional')}</span>
        </label>
        <p id={`${id}-dedication-hint`} className="hint">
          {t('contents.dedicationHint')}
        </p>
        <textarea
          id={`${id}-dedication`}
          value={choices.dedication}
          maxLength={bookLimits.dedicationMaxLength}
          aria-describedby={`${id}-dedication-hint ${id}-dedication-count`}
          onChange={(event) => onChange({ dedication: event.target.value })}
        />
        <p id={`${id}-dedication-count`} className="hint book-counter">
          {t('contents.counter', { count: dedicationLength, max: bookLimits.dedicationMaxLength })}
        </p>
      </div>
    </section>
  )
}

/** How an item is named beside its checkbox: what it is, and its title, question or caption. */
function itemLabel(t: TFunction<'book'>, block: BookBlock): string {
  if (block.type === 'memory') return t('contents.item.memory', { title: block.title || firstWords(block.text), date: block.date ? ` (${block.date})` : '' })
  if (block.type === 'answer') return t('contents.item.answer', { question: block.question || firstWords(block.answer) })
  return block.caption ? t('contents.item.photo', { caption: block.caption }) : t('contents.item.photoUntitled')
}

/** The first words of a text with no title, enough to know it again. */
function firstWords(text: string): string {
  const words = text.trim().split(/\s+/)
  return words.length > 10 ? `${words.slice(0, 10).join(' ')}…` : words.join(' ')
}
