import { describe, expect, it } from 'vitest'
import { buildMember } from '../../family-tree/test/fake-family-api.ts'
import {
  buildPairs,
  gameReducer,
  isGameOver,
  neighbourIndex,
  newGame,
  pairsFound,
  playableMembers,
  shuffle,
  type AnswerOf,
  type Card,
  type GameState,
} from './memory-game-logic.ts'

/** The game of someone who keeps the tree: their own card is «Tú», everyone else's their own word. */
const keeperAnswers: AnswerOf = (member) => (member.isSelf ? 'Tú' : member.relationshipToOwner.trim())
import { keepOrder } from './test/fake-game-api.ts'

const noPhotos = () => null

function deal(cards: Card[]): GameState {
  return newGame(cards, keepOrder)
}

const turn = (state: GameState, ...cardIds: string[]) => cardIds.reduce((game, cardId) => gameReducer(game, { type: 'turn', cardId }), state)

describe('shuffle', () => {
  it('takes its chances from the random source given, leaving the input alone', () => {
    const items = [1, 2, 3, 4]
    expect(shuffle(items, keepOrder)).toEqual([1, 2, 3, 4])
    expect(shuffle(items, () => 0)).toEqual([2, 3, 4, 1])
    expect(items).toEqual([1, 2, 3, 4])
  })

  it('keeps every item exactly once', () => {
    const shuffled = shuffle(['a', 'b', 'c', 'd', 'e'], Math.random)
    expect([...shuffled].sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
})

describe('who can play', () => {
  it('needs a relationship, being the player, or files that may hold a photo', () => {
    const aunt = buildMember({ relationshipToOwner: 'Tía' })
    const me = buildMember({ relationshipToOwner: '', isSelf: true })
    const withFiles = buildMember({ relationshipToOwner: '', mediaAssetIds: ['m1'] })
    const unknown = buildMember({ relationshipToOwner: '  ' })
    expect(playableMembers([aunt, me, withFiles, unknown], keeperAnswers)).toEqual([aunt, me, withFiles])
  })
})

describe('building the pairs', () => {
  it('pairs a photo with the name, or without a photo the name with the relationship ("you" for the player)', () => {
    const rosa = buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Abuela', mediaAssetIds: ['m1'] })
    const luis = buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Gil', relationshipToOwner: 'Primo' })
    const me = buildMember({ memberId: 'me', firstName: 'Ana', lastName: 'Díaz', relationshipToOwner: 'Yo mismo/a', isSelf: true })
    const photoOf = (id: string) => (id === 'rosa' ? '/rosa.webp' : null)

    const cards = buildPairs([rosa, luis, me], photoOf, keeperAnswers)
    expect(cards.map((card) => [card.face.kind, card.text, card.role])).toEqual([
      ['photo', 'Rosa Díaz', 'question'],
      ['name', 'Rosa Díaz', 'answer'],
      ['name', 'Luis Gil', 'question'],
      ['relationship', 'Primo', 'answer'],
      ['name', 'Ana Díaz', 'question'],
      ['relationship', 'Tú', 'answer'],
    ])
    expect(cards[0]!.face).toEqual({ kind: 'photo', url: '/rosa.webp' })
  })

  it('leaves out a member with neither photo nor relationship', () => {
    const noPhoto = buildMember({ relationshipToOwner: '', mediaAssetIds: ['m1'] })
    expect(buildPairs([noPhoto], noPhotos, keeperAnswers)).toEqual([])
  })
})

describe('playing', () => {
  const members = [
    buildMember({ memberId: 'a', firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Madre' }),
    buildMember({ memberId: 'b', firstName: 'Luis', lastName: 'Martín', relationshipToOwner: 'Esposo' }),
    buildMember({ memberId: 'c', firstName: 'Pedro', lastName: 'Gil', relationshipToOwner: 'Hermano' }),
  ]
  const cards = buildPairs(members, noPhotos, keeperAnswers)

  it('keeps a found pair face up and counts the turn', () => {
    const game = turn(deal(cards), 'a:name', 'a:relationship')
    expect(game.matched).toEqual(['a:name', 'a:relationship'])
    expect(game.faceUp).toEqual([])
    expect(game.turns).toBe(1)
    expect(pairsFound(game)).toBe(1)
    expect(game.last).toEqual({ kind: 'match', cardIds: ['a:name', 'a:relationship'] })
  })

  it('leaves a pair that does not match face up until the next card is chosen', () => {
    const missed = turn(deal(cards), 'a:name', 'b:relationship')
    expect(missed.faceUp).toEqual(['a:name', 'b:relationship'])
    expect(missed.last?.kind).toBe('mismatch')
    expect(missed.turns).toBe(1)

    const next = turn(missed, 'c:name')
    expect(next.faceUp).toEqual(['c:name'])
    expect(next.turns).toBe(1)
  })

  it('turns a pair that did not match face down again when the player continues', () => {
    const continued = gameReducer(turn(deal(cards), 'a:name', 'b:relationship'), { type: 'continue' })
    expect(continued.faceUp).toEqual([])
    expect(continued.turns).toBe(1)
  })

  it('ignores a matched card, and the same card chosen twice', () => {
    const matched = turn(deal(cards), 'a:name', 'a:relationship')
    expect(turn(matched, 'a:name')).toBe(matched)
    const first = turn(matched, 'b:name')
    expect(turn(first, 'b:name')).toBe(first)
  })

  it('ends once every pair is found', () => {
    const game = turn(deal(cards), 'a:name', 'a:relationship', 'b:name', 'b:relationship', 'c:relationship', 'c:name')
    expect(isGameOver(game)).toBe(true)
    expect(game.turns).toBe(3)
  })

  it('lets either name go with either of two equal relationships, since they cannot be told apart', () => {
    const cousins = buildPairs(
      [buildMember({ memberId: 'x', relationshipToOwner: 'Primo' }), buildMember({ memberId: 'y', relationshipToOwner: 'primo ' })],
      noPhotos,
      keeperAnswers,
    )
    const game = turn(deal(cousins), 'x:name', 'y:relationship', 'y:name', 'x:relationship')
    expect(isGameOver(game)).toBe(true)
    expect(game.turns).toBe(2)
  })
})

describe('moving between cards with the arrow keys', () => {
  it('moves along the row, between rows, and to the ends; stays put at an edge', () => {
    expect(neighbourIndex(1, 'ArrowRight', 3, 6)).toBe(2)
    expect(neighbourIndex(2, 'ArrowRight', 3, 6)).toBe(3)
    expect(neighbourIndex(4, 'ArrowUp', 3, 6)).toBe(1)
    expect(neighbourIndex(1, 'ArrowDown', 3, 6)).toBe(4)
    expect(neighbourIndex(4, 'Home', 3, 6)).toBe(0)
    expect(neighbourIndex(0, 'End', 3, 6)).toBe(5)
    expect(neighbourIndex(0, 'ArrowLeft', 3, 6)).toBeUndefined()
    expect(neighbourIndex(4, 'ArrowDown', 3, 6)).toBeUndefined()
    expect(neighbourIndex(0, 'Enter', 3, 6)).toBeUndefined()
  })
})
