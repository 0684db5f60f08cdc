import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { starKinds, type Star } from '../../../../shared/contracts/constellations.ts'
import { useGrowingCount } from '../../../lib/use-growing-count.ts'

const growing = { first: 50, step: 50 }

/** One star of the list: drawn again only when it is chosen or no longer is. */
const StarButton = memo(function StarButton({ star, count, isChosen, onChoose }: { star: Star; count: string; isChosen: boolean; onChoose(star: Star): void }) {
  return (
    <li>
      <button type="button" className="star-list-button" aria-pressed={isChosen} onClick={() => onChoose(star)}>
        <span>{star.label}</span> <span className="star-count">{count}</span>
      </button>
    </li>
  )
})

interface Props {
  stars: readonly Star[]
  chosenId: string | null
  onChoose(star: Star): void
}

/** The same stars as a list, by kind and with their counts: what a screen reader or a keyboard may use instead of the sky. */
export const StarList = memo(function StarList({ stars, chosenId, onChoose }: Props) {
  const { t } = useTranslation('ai-lab')
  // Five hundred buttons are added fifty at a time, the most frequent first: no long task.
  const shown = stars.slice(0, useGrowingCount(stars.length, growing))
  return (
    <nav className="star-list" aria-labelledby="star-list-title">
      <h3 id="star-list-title">{t('constellations.list.title')}</h3>
      {starKinds.map((kind) => {
        const ofKind = shown.filter((star) => star.kind === kind)
        if (ofKind.length === 0) return null
        return (
          <section key={kind} aria-labelledby={`star-list-${kind}`}>
            <h4 id={`star-list-${kind}`}>
              <span className={`star-key star-key-${kind}`} aria-hidden="true" /> {t(`constellations.groups.${kind}`)}
            </h4>
            <ul>
              {ofKind.map((star) => (
                <StarButton
                  key={star.id}
                  star={star}
                  count={t('constellations.list.count', { count: star.mentionKeys.length })}
                  isChosen={star.id === chosenId}
                  onChoose={onChoose}
                />
              ))}
            </ul>
          </section>
        )
      })}
    </nav>
  )
})
