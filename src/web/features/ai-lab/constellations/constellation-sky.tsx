import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Star, StarKind, StarLink } from '../../../../shared/contracts/constellations.ts'
import { useGrowingCount } from '../../../lib/use-growing-count.ts'
import { arrowDirections, nearestInDirection } from './sky-navigation.ts'
import { skyHeight, skyWidth, type PlacedStar } from './star-layout.ts'

/** The largest stars carry their name in the sky; the others say it when focused or chosen. */
const labelledStars = 12
const twinkling = 45
const growing = { first: 50, step: 50 }

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

interface StarProps {
  placed: PlacedStar
  /** What a screen reader says of it: name, kind and how often it recurs. */
  label: string
  isCurrent: boolean
  isChosen: boolean
  hasLabel: boolean
  twinkleDelay: number | null
  register(id: string, node: SVGGElement | null): void
  onFocusStar(id: string): void
  onKey(event: KeyboardEvent, from: PlacedStar): void
  onChoose(star: Star): void
}

/** One star: drawn again only when it becomes or stops being the current or the chosen one. */
const SkyStar = memo(function SkyStar({ placed, label, isCurrent, isChosen, hasLabel, twinkleDelay, register, onFocusStar, onKey, onChoose }: StarProps) {
  const { star } = placed
  return (
    <g
      ref={(node) => register(star.id, node)}
      className={`sky-star sky-star-${star.kind}${isChosen ? ' is-chosen' : ''}${isCurrent ? ' is-current' : ''}${twinkleDelay === null ? '' : ' twinkles'}`}
      style={twinkleDelay === null ? undefined : { animationDelay: `${twinkleDelay}s` }}
      transform={`translate(${placed.x.toFixed(1)} ${placed.y.toFixed(1)})`}
      role="button"
      tabIndex={isCurrent ? 0 : -1}
      aria-pressed={isChosen}
      aria-label={label}
      onFocus={() => onFocusStar(star.id)}
      onClick={() => onChoose(star)}
      onKeyDown={(event) => onKey(event, placed)}
    >
      <circle className="sky-star-ring" r={placed.radius + 6} />
      <StarShape kind={star.kind} radius={placed.radius} />
      {hasLabel && (
        <text className="sky-star-label" y={placed.radius + 16} textAnchor="middle" aria-hidden="true">
          {star.label}
        </text>
      )}
    </g>
  )
})

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
  // Worded once per sky, not for every star each time the focus moves.
  const labels = useMemo(
    () => placed.map(({ star }) => t('constellations.star', { label: star.label, kind: t(`constellations.kinds.${star.kind}`), count: star.mentionKeys.length })),
    [placed, t],
  )
  // The brightest stars come out first, fifty per task, so that no task draws the whole sky.
  const drawn = useGrowingCount(placed.length, growing)
  const currentId = (placed.find((p) => p.star.id === (activeId ?? chosenId)) ?? placed[0])?.star.id

  const register = useCallback((id: string, node: SVGGElement | null) => {
    if (node) refs.current.set(id, node)
    else refs.current.delete(id)
  }, [])
  const handleKey = useCallback(
    (event: KeyboardEvent, from: PlacedStar) => {
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
    },
    [placed, onChoose],
  )

  return (
    <svg className="sky" viewBox={`0 0 ${skyWidth} ${skyHeight}`} role="group" aria-label={t('constellations.sky.label')} aria-describedby="sky-keys">
      <g aria-hidden="true" className="sky-lines">
        {paths.map((d, strength) => (d ? <path key={strength} d={d} className={`sky-line sky-line-${strength + 1}`} /> : null))}
      </g>
      {placed.slice(0, drawn).map((p, i) => {
        const isCurrent = p.star.id === currentId
        const isChosen = p.star.id === chosenId
        return (
          <SkyStar
            key={p.star.id}
            placed={p}
            label={labels[i] ?? p.star.label}
            isCurrent={isCurrent}
            isChosen={isChosen}
            hasLabel={i < labelledStars || isChosen || isCurrent}
            // A few of the brightest twinkle: each twinkle repaints the sky, and a gentle sky needs no more.
            twinkleDelay={i < twinkling && i % 3 === 0 ? (i % 7) * 0.6 : null}
            register={register}
            onFocusStar={setActiveId}
            onKey={handleKey}
            onChoose={onChoose}
          />
        )
      })}
    </svg>
  )
})
