import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { bookOrders, type BookChapter, type BookOrder } from '../../../../shared/contracts/book.ts'
import { movedChapter, type BookChoices } from '../lib/book-options.ts'

interface BookOrderChoiceProps {
  order: BookOrder
  /** The chapters in the author's order (by hand: as placed so far). */
  chapters: readonly BookChapter[]
  onChange: (changes: Partial<Pick<BookChoices, 'order' | 'manualOrder'>>) => void
}

/**
 * How the chapters follow each other. By hand, each chapter has «Subir» and «Bajar»: the button
 * pressed keeps the focus as its chapter moves (it is marked unavailable, never disabled, at the
 * ends, so the focus is not lost), and a polite line says where the chapter is now.
 */
export function BookOrderChoice({ order, chapters, onChange }: BookOrderChoiceProps) {
  const { t } = useTranslation('book')
  const id = useId()
  const [announcement, setAnnouncement] = useState('')

  function move(chapter: BookChapter, step: -1 | 1) {
    const manualOrder = movedChapter(chapters, chapter.key, step)
    const position = manualOrder.indexOf(chapter.key) + 1
    const isUnmoved = manualOrder.every((key, index) => chapters[index]?.key === key)
    setAnnouncement(
      isUnmoved ? t(step < 0 ? 'order.alreadyFirst' : 'order.alreadyLast', { title: chapter.title }) : t('order.moved', { title: chapter.title, position, count: chapters.length }),
    )
    if (!isUnmoved) onChange({ manualOrder })
  }

  return (
    <section className="book-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="book-section-title">
        {t('order.title')}
      </h2>
      <fieldset className="book-choices">
        <legend className="visually-hidden">{t('order.title')}</legend>
        {bookOrders.map((value) => (
          <div key={value} className="book-radio">
            <input id={`${id}-${value}`} type="radio" name={`${id}-order`} checked={order === value} onChange={() => onChange({ order: value })} />
            <label htmlFor={`${id}-${value}`}>{t(`order.${value}`)}</label>
          </div>
        ))}
      </fieldset>
      {order === 'manual' && (
        <>
          <p className="hint">{t('order.manualHint')}</p>
          <ol className="book-manual-order" aria-label={t('order.listLabel')}>
            {chapters.map((chapter, index) => (
              <li key={chapter.key} className="book-manual-chapter">
                <span className="book-manual-position" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="book-manual-title">{chapter.title}</span>
                <span className="book-manual-buttons">
                  <button type="button" className="button" aria-label={t('order.upLabel', { title: chapter.title })} aria-disabled={index === 0} onClick={() => move(chapter, -1)}>
                    {t('order.up')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('order.downLabel', { title: chapter.title })}
                    aria-disabled={index === chapters.length - 1}
                    onClick={() => move(chapter, 1)}
                  >
                    {t('order.down')}
                  </button>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  )
}
