import type { TFunction } from 'i18next'
import { useEffect, useId, useReducer, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cardContent, MemoryCard, type CardState } from './memory-card.tsx'
import { gameReducer, isGameOver, neighbourIndex, newGame, pairsFound, pairsTotal, type Card, type GameState, type RandomSource } from './memory-game-logic.ts'

interface MemoryBoardProps {
  /** The round's cards, unshuffled; read once, when the board mounts (key it by round). */
  pairs: readonly Card[]
  random: RandomSource
  onPlayAgain: () => void
  onChangeLevel: () => void
}

/** What the live region says after the last card turned. */
function announcement(t: TFunction<'memory-game'>, game: GameState): string {
  const { last } = game
  if (!last) return ''
  const cardOf = (id: string) => game.cards.find((card) => card.id === id)!
  if (last.kind === 'first') return t('announce.first', { content: cardContent(t, cardOf(last.cardId)) })
  const [first, second] = last.cardIds.map(cardOf) as [Card, Card]
  const content = cardContent(t, second)
  if (last.kind === 'mismatch') return t('announce.mismatch', { content, first: cardContent(t, first) })
  const question = first.role === 'question' ? first : second
  return t('announce.match', { content, name: question.name, found: pairsFound(game), total: pairsTotal(game) })
}

/** The number of cards in the grid's first row, as the CSS grid laid them out. */
function columnsOf(buttons: HTMLElement[]): number {
  const top = buttons[0]?.offsetTop
  return Math.max(1, buttons.filter((button) => button.offsetTop === top).length)
}

/** One round: the cards, the gentle score, and the end with playing again or changing level. */
export function MemoryBoard({ pairs, random, onPlayAgain, onChangeLevel }: MemoryBoardProps) {
  const { t } = useTranslation('memory-game')
  const [game, dispatch] = useReducer(gameReducer, pairs, (cards) => newGame(cards, random))
  const titleRef = useRef<HTMLHeadingElement>(null)
  const endRef = useRef<HTMLHeadingElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const titleId = useId()
  const endId = useId()
  const isOver = isGameOver(game)

  // The board replaces the button that started it, so focus starts at its heading.
  useEffect(() => titleRef.current?.focus(), [])
  useEffect(() => {
    if (isOver) endRef.current?.focus()
  }, [isOver])

  const cardButtons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button.memory-card') ?? [])]

  function stateOf(card: Card): CardState {
    if (game.matched.includes(card.id)) return 'matched'
    return game.faceUp.includes(card.id) ? 'shown' : 'hidden'
  }

  function handleTurn(cardId: string) {
    dispatch({ type: 'turn', cardId })
  }

  // The Continue button goes away, so focus goes back to the last card chosen.
  function handleContinue() {
    const lastIndex = game.cards.findIndex((card) => card.id === game.faceUp[1])
    cardButtons()[lastIndex]?.focus()
    dispatch({ type: 'continue' })
  }

  function handleCardKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const buttons = cardButtons()
    const target = neighbourIndex(index, event.key, columnsOf(buttons), buttons.length)
    if (target === undefined) return
    event.preventDefault()
    buttons[target]?.focus()
  }

  return (
    <section className="memory-board" aria-labelledby={titleId}>
      <h3 id={titleId} ref={titleRef} tabIndex={-1}>
        {t('board.title', { count: pairsTotal(game) })}
      </h3>
      <p className="memory-board-how">{t('board.howTo')}</p>
      <p className="memory-score">
        <span>{t('board.progress', { found: pairsFound(game), total: pairsTotal(game) })}</span> <span>{t('board.turns', { count: game.turns })}</span>
      </p>
      {isOver && (
        <section className="memory-end" aria-labelledby={endId}>
          <h3 id={endId} ref={endRef} tabIndex={-1}>
            {t('end.title')}
          </h3>
          <p>{t('end.turns', { count: game.turns })}</p>
          <div className="memory-actions">
            <button type="button" className="button button-primary" onClick={onPlayAgain}>
              {t('end.playAgain')}
            </button>
            <button type="button" className="button" onClick={onChangeLevel}>
              {t('end.changeLevel')}
            </button>
          </div>
        </section>
      )}
      <ul ref={listRef} className="memory-cards" aria-label={t('board.cards')}>
        {game.cards.map((card, index) => (
          <li key={card.id}>
            <MemoryCard card={card} number={index + 1} state={stateOf(card)} onTurn={handleTurn} onKeyDown={(event) => handleCardKeyDown(event, index)} />
          </li>
        ))}
      </ul>
      {/* After the grid, so a message appearing never moves the cards under the player's finger. */}
      <div className="memory-status">
        <p className="memory-message" role="status" aria-live="polite">
          {announcement(t, game)}
        </p>
        {game.faceUp.length === 2 && (
          <button type="button" className="button button-primary" onClick={handleContinue}>
            {t('board.continue')}
          </button>
        )}
      </div>
      {!isOver && (
        <button type="button" className="button memory-change-level" onClick={onChangeLevel}>
          {t('board.changeLevel')}
        </button>
      )}
    </section>
  )
}
