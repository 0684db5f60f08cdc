import type { TFunction } from 'i18next'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Card } from './memory-game-logic.ts'

export type CardState = 'hidden' | 'shown' | 'matched'

/** What a turned card says to someone who cannot see it: its words, or "Foto de Rosa Díaz". */
export function cardContent(t: TFunction<'memory-game'>, card: Card): string {
  return card.face.kind === 'photo' ? t('card.photo', { name: card.text }) : card.text
}

interface MemoryCardProps {
  card: Card
  /** Its place in the grid, from 1: how a player who cannot see the grid remembers it. */
  number: number
  state: CardState
  onTurn: (cardId: string) => void
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void
}

/**
 * One card: a real button, named by its number and, once turned, what it shows. A matched card
 * stays focusable (aria-disabled, not disabled) so focus never drops when a pair is found.
 */
export function MemoryCard({ card, number, state, onTurn, onKeyDown }: MemoryCardProps) {
  const { t } = useTranslation('memory-game')
  const content = cardContent(t, card)
  return (
    <button
      type="button"
      className={`memory-card memory-card-${state}`}
      aria-label={t(`card.${state}`, { number, content })}
      aria-disabled={state === 'matched' || undefined}
      onClick={() => onTurn(card.id)}
      onKeyDown={onKeyDown}
    >
      {state === 'hidden' ? (
        <span className="memory-card-back" aria-hidden="true">
          ?
        </span>
      ) : (
        <span className={`memory-card-face memory-card-${card.face.kind}`}>{card.face.kind === 'photo' ? <img src={card.face.url} alt={content} /> : card.text}</span>
      )}
      {state === 'matched' && (
        <svg className="memory-card-check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  )
}
