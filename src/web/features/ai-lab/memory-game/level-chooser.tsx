import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { levels, pairsPerLevel, type Level } from './memory-game-logic.ts'

interface LevelChooserProps {
  /** How many people of the tree can play. */
  available: number
  onChoose: (level: Level) => void
  /** Takes focus when shown again after a game (its "change level" button is gone). */
  focusOnShow?: boolean
}

/** Easy, medium or hard; a level needing more people than the tree has says why it cannot start. */
export function LevelChooser({ available, onChoose, focusOnShow = false }: LevelChooserProps) {
  const { t } = useTranslation('memory-game')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const noteId = useId()

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus()
  }, [focusOnShow])

  return (
    <section className="memory-levels" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('levels.title')}
      </h3>
      <ul className="memory-level-list">
        {levels.map((level) => {
          const needed = pairsPerLevel[level]
          const isAvailable = available >= needed
          return (
            <li key={level}>
              <button
                type="button"
                className="memory-level"
                aria-disabled={!isAvailable || undefined}
                aria-describedby={isAvailable ? undefined : `${noteId}-${level}`}
                onClick={() => isAvailable && onChoose(level)}
              >
                <span className="memory-level-name">{t(`levels.${level}`)}</span> <span className="memory-level-pairs">{t('levels.pairs', { count: needed })}</span>
              </button>
              {!isAvailable && (
                <p id={`${noteId}-${level}`} className="memory-level-note">
                  {t('levels.needsMore', { count: needed, available })}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
