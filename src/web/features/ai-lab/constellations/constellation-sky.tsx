import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Star, StarKind, StarLink } from '../../../../shared/contracts/constellations.ts'
import { arrowDirections, nearestInDirection } from './sky-navigation.ts'
import { skyHeight, skyWidth, type PlacedStar } from './star-layout.ts'

/** The largest stars carry their name in the sky; the others say it when focused or chosen. */
const labelledStars = 24

/** A kind told apart by its shape as much as by its colour: a round person, a diamond place, a square year. */
function StarShape({ kind, radius }: { kind: StarKind; radius: number }) {
  if (kind === 'person') return <circle className="sky-star-shape" r={radius} />
  const side = radius * 0.9
  return <rect className="sky-star-shape" x={-side} y={-side} width={side * 2} height={side * 2} transform={kind === 'place' ? 'rotate(45)' : undefined} />
}

/** Every line of one strength in one path: a thousand lines are three elements, not a thousand. */
function linePaths(placed: readonly PlacedStar[], links: readonly StarLink[]) {
  const at = new Map(placed.map((p) => [p.star.id, p]))
  const paths = ['', '', '']
  for (const link of links) {
    const [a, b] = [at.get(link.source), at.get(link.target)]
    if (!a || !b) continue
    const strength = Math.min(link.weight, 3) - 1
    paths[strength] += `M${a.x.toFixed(1)},${a.y.toFixed(1)}L${b.x.toFixed(1)},${b.y.toFixed(1)}`
  }
  return paths
}

interface Props {
  placed: readonly PlacedStar[]
  links: readonly StarLink[]
  chosenId: string | null
  onChoose(star: Star): void
}

/**
 * The sky: the stars where the layout put them, the lines between them, and one star at a time
 * reachable by Tab (a roving tabindex); the arrows move to the nearest star that way, Enter or
 * Space chooses it.
 */
export const ConstellationSky = memo(function ConstellationSky({ placed, links, chosenId, onChoose }: Props) {
  const { t } = useTranslation('ai-lab')
  const [activeId, setActiveId] = useState<string | null>(null)
  const refs = useRef(new Map<string, SVGGElement>())
  const paths = useMemo(() => linePaths(placed, links), [placed, links])
  const current = placed.find((p) => p.star.id === (activeId ?? chosenId)) ?? placed[0]

  function handleKeyDown(event: KeyboardEvent, from: PlacedStar) {
    const direction = arrowDirections[event.key]
    if (direction) {
      event.preventDefault()
      const next = nearestInDirection(from, placed, direction)
      if (next) {
        setActiveId(next.star.id)
        refs.current.get(next.star.id)?.focus()
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onChoose(from.star)
    }
  }

  return (
    <svg className="sky" viewBox={`0 0 ${skyWidth} ${skyHeight}`} role="group" aria-label={t('constellations.sky.label')} aria-describedby="sky-keys">
      <g aria-hidden="true" className="sky-lines">
        {paths.map((d, strength) => (d ? <path key={strength} d={d} className={`sky-line sky-line-${strength + 1}`} /> : null))}
      </g>
      {placed.map((p, i) => {
        const { star } = p
        const isCurrent = star.id === current?.star.id
        const isChosen = star.id === chosenId
        const count = star.mentionKeys.length
        return (
          <g
            key={star.id}
            ref={(node) => {
              if (node) refs.current.set(star.id, node)
              else refs.current.delete(star.id)
            }}
            className={`sky-star sky-star-${star.kind}${isChosen ? ' is-chosen' : ''}${i % 3 === 0 ? ' twinkles' : ''}`}
            style={{ animationDelay: `${(i % 7) * 0.6}s` }}
            transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}
            role="button"
            tabIndex={isCurrent ? 0 : -1}
            aria-pressed={isChosen}
            aria-label={t('constellations.star', { label: star.label, kind: t(`constellations.kinds.${star.kind}`), count })}
            onFocus={() => setActiveId(star.id)}
            onClick={() => onChoose(star)}
            onKeyDown={(event) => handleKeyDown(event, p)}
          >
            <circle className="sky-star-ring" r={p.radius + 6} />
            <StarShape kind={star.kind} radius={p.radius} />
            {(i < labelledStars || isChosen || isCurrent) && (
              <text className="sky-star-label" y={p.radius + 16} textAnchor="middle" aria-hidden="true">
                {star.label}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
})
