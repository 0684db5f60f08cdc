import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { normaliseRelationship } from '../../../../shared/family-tree/self-member.ts'

export const levels = ['easy', 'medium', 'hard'] as const
export type Level = (typeof levels)[number]

export const pairsPerLevel: Record<Level, number> = { easy: 3, medium: 6, hard: 8 }

/** Fewer people than the easy level's pairs make no game. */
export const minimumPeople = pairsPerLevel.easy

/** A number in [0, 1), as `Math.random` gives; tests pass a fixed one. */
export type RandomSource = () => number

/** A copy of `items` in a random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const shuffled = [...items]
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  return shuffled
}

export const fullName = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim()

/**
 * Who the player is in the tree and how the others stand to them, as the tree's cards say it to
 * them (the page passes the family tree's view of its reader).
 */
export interface PlayerView {
  /** The player's own card: its answer is «Tú». */
  isYou: (member: Member) => boolean
  /** How anyone else stands to the player; '' when the tree does not say. */
  relationshipOf: (member: Member) => string
}

/** How a person stands to the player, as a card says it: `youText` on the player's own card, or '' when the tree does not say. */
export type AnswerOf = (member: Member) => string

export function answersOf(player: PlayerView, youText: string): AnswerOf {
  return (member) => (player.isYou(member) ? youText : player.relationshipOf(member))
}

/**
 * The members who may form a pair before their photos are known: those with a relationship to
 * the player (the player counts: they are "you"), or with files that may hold a photo.
 */
export function playableMembers(members: readonly Member[], answerOf: AnswerOf): Member[] {
  return members.filter((member) => answerOf(member) !== '' || member.mediaAssetIds.length > 0)
}

/** A member's photo URL, or null when they have none (or it could not be looked up). */
export type PhotoLookup = (memberId: string) => string | null

/** What a card shows once turned over. */
export type CardFace = { kind: 'photo'; url: string } | { kind: 'name' } | { kind: 'relationship' }

export interface Card {
  id: string
  face: CardFace
  /** The words the card shows (the name for a photo, which its alt text says). */
  text: string
  /** The question card (photo, or name without a photo) is found with its answer card. */
  role: 'question' | 'answer'
  /** The text of the answer that completes this card's pair. */
  answer: string
  /** Whose pair it is, for "Pareja encontrada: Rosa Díaz". */
  name: string
}

/**
 * Two cards per member, question then answer: photo and name, or, without a photo, name and
 * relationship (`answerOf`). A member with neither photo nor relationship is left out.
 */
export function buildPairs(members: readonly Member[], photoOf: PhotoLookup, answerOf: AnswerOf): Card[] {
  return members.flatMap((member): Card[] => {
    const name = fullName(member)
    const url = photoOf(member.memberId)
    const id = member.memberId
    if (url) {
      return [
        { id: `${id}:photo`, face: { kind: 'photo', url }, text: name, role: 'question', answer: name, name },
        { id: `${id}:name`, face: { kind: 'name' }, text: name, role: 'answer', answer: name, name },
      ]
    }
    const relationship = answerOf(member)
    if (relationship === '') return []
    return [
      { id: `${id}:name`, face: { kind: 'name' }, text: name, role: 'question', answer: relationship, name },
      { id: `${id}:relationship`, face: { kind: 'relationship' }, text: relationship, role: 'answer', answer: relationship, name },
    ]
  })
}

/**
 * A question and an answer that show the same answer: two cousins both "Primo" cannot be told
 * apart, so either name goes with either "Primo" (what is left still pairs up).
 */
export function cardsMatch(a: Card, b: Card): boolean {
  return a.role !== b.role && normaliseRelationship(a.answer) === normaliseRelationship(b.answer)
}

export type Outcome = { kind: 'first'; cardId: string } | { kind: 'match' | 'mismatch'; cardIds: readonly [string, string] }

export interface GameState {
  cards: readonly Card[]
  /** Face up and not matched: nothing, the first card of a turn, or a pair that did not match. */
  faceUp: readonly string[]
  matched: readonly string[]
  turns: number
  last: Outcome | undefined
}

export type GameAction = { type: 'turn'; cardId: string } | { type: 'continue' }

/** A fresh game with the cards shuffled, all face down. */
export function newGame(cards: readonly Card[], random: RandomSource): GameState {
  return { cards: shuffle(cards, random), faceUp: [], matched: [], turns: 0, last: undefined }
}

/**
 * Turning a card over. A pair that did not match stays face up until the next card is chosen or
 * the player continues: there is no timer.
 */
export function gameReducer(state: GameState, action: GameAction): GameState {
  if (action.type === 'continue') return state.faceUp.length === 2 ? { ...state, faceUp: [], last: undefined } : state

  const { cardId } = action
  const card = state.cards.find((candidate) => candidate.id === cardId)
  if (!card || state.matched.includes(cardId)) return state
  // After a pair that did not match, any card (one of those two too) starts the next turn.
  if (state.faceUp.length !== 1) return { ...state, faceUp: [cardId], last: { kind: 'first', cardId } }
  const firstId = state.faceUp[0]!
  if (firstId === cardId) return state

  const first = state.cards.find((candidate) => candidate.id === firstId)!
  const cardIds = [firstId, cardId] as const
  const turns = state.turns + 1
  if (cardsMatch(first, card)) return { ...state, faceUp: [], matched: [...state.matched, ...cardIds], turns, last: { kind: 'match', cardIds } }
  return { ...state, faceUp: cardIds, turns, last: { kind: 'mismatch', cardIds } }
}

export const pairsFound = (state: GameState) => state.matched.length / 2
export const pairsTotal = (state: GameState) => state.cards.length / 2
export const isGameOver = (state: GameState) => state.cards.length > 0 && state.matched.length === state.cards.length

/** The card an arrow key (or Home/End) moves to in a grid of `columns`; undefined at an edge. */
export function neighbourIndex(index: number, key: string, columns: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    ArrowUp: index - columns,
    ArrowDown: index + columns,
    Home: 0,
    End: count - 1,
  }
  const target = moves[key]
  return target !== undefined && target >= 0 && target < count ? target : undefined
}
