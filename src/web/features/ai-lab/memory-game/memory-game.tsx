import type { TFunction } from 'i18next'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { UseQueryResult } from '@tanstack/react-query'
import type { FamilyTree, Member } from '../../../../shared/contracts/family-tree.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { LevelChooser } from './level-chooser.tsx'
import { MemoryBoard } from './memory-board.tsx'
import { answersOf, buildPairs, minimumPeople, pairsPerLevel, playableMembers, shuffle, type Level, type PlayerView, type RandomSource } from './memory-game-logic.ts'
import { useRoundPhotos, type MemberMediaQuery } from './use-round-photos.ts'
import './memory-game.css'

interface MemoryGameProps {
  /** The people of the signed-in user's tree to play with, and how reading them went (the page passes the family tree's nearest people). */
  tree: Pick<UseQueryResult<FamilyTree>, 'data' | 'isError' | 'error' | 'isFetching'> & { refetch(): Promise<unknown> }
  /** Which card is the player's («Tú») and how the others stand to them (the family tree's reader view). */
  player: PlayerView
  /** How a member's files are asked for (the media feature's query); photos come from them. */
  mediaQuery: MemberMediaQuery
  /** Where the shuffles take their chances from; tests pass a fixed one. */
  random?: RandomSource
}

interface Round {
  id: number
  level: Level
  members: Member[]
}

/** The screen's sentence, then the server's reason when it says more than a plain failure. */
function loadFailedText(t: TFunction<'memory-game'>, error: unknown): string {
  const sentence = t('loadFailed')
  if (!(error instanceof ApiError) || error.code === 'internal') return sentence
  return `${sentence} ${errorText(t as TFunction, error)}`
}

function NotEnoughPeople({ count }: { count: number }) {
  const { t } = useTranslation('memory-game')
  return (
    <div className="memory-not-enough">
      <h3>{t('notEnough.title')}</h3>
      <p>
        {t('notEnough.need')} {t('notEnough.count', { count })}
      </p>
      <p>{t('notEnough.how')}</p>
      <Link className="button button-primary" to="/family-tree">
        {t('notEnough.link')}
      </Link>
    </div>
  )
}

/**
 * "¿Quién es?": a matching game with the people of the signed-in user's tree, each on two cards
 * (photo and name, or name and relationship). No AI, no timer. Renders inside a page: its title
 * is an h2 with the id `memory-game-title`.
 */
export function MemoryGame({ tree, player, mediaQuery, random = Math.random }: MemoryGameProps) {
  const { t } = useTranslation('memory-game')
  const [round, setRound] = useState<Round>()
  const [hasPlayed, setHasPlayed] = useState(false)
  const roundCount = useRef(0)
  const youText = t('you')
  const answerOf = useMemo(() => answersOf(player, youText), [player, youText])
  const candidates = useMemo(() => playableMembers(tree.data?.members ?? [], answerOf), [tree.data, answerOf])
  // Photos are fetched only for the people chosen for the round.
  const photos = useRoundPhotos(round?.members ?? [], mediaQuery)

  function handleStart(level: Level) {
    roundCount.current += 1
    setRound({ id: roundCount.current, level, members: shuffle(candidates, random).slice(0, pairsPerLevel[level]) })
  }

  function handleChangeLevel() {
    setRound(undefined)
    setHasPlayed(true)
  }

  let content: ReactNode
  let isPlaying = false
  // A tree already shown stays, even if refetching it failed later.
  if (!tree.data) {
    content = tree.isError ? (
      <ErrorBanner>
        <p className="memory-game-error">{loadFailedText(t, tree.error)}</p>
        <button type="button" className="button" aria-disabled={tree.isFetching} onClick={() => !tree.isFetching && void tree.refetch()}>
          {tree.isFetching ? t('retrying') : t('retry')}
        </button>
      </ErrorBanner>
    ) : (
      <p className="memory-game-status" role="status">
        {t('loading')}
      </p>
    )
  } else if (candidates.length < minimumPeople) {
    content = <NotEnoughPeople count={candidates.length} />
  } else if (!round) {
    content = <LevelChooser available={candidates.length} onChoose={handleStart} focusOnShow={hasPlayed} />
  } else if (photos.isPending) {
    content = (
      <p className="memory-game-status" role="status">
        {t('preparing')}
      </p>
    )
  } else {
    // A relative with files but no relationship drops out when none of the files is a photo.
    const pairs = buildPairs(round.members, photos.photoOf, answerOf)
    isPlaying = pairs.length / 2 >= minimumPeople
    content = isPlaying ? (
      <MemoryBoard key={round.id} pairs={pairs} random={random} onPlayAgain={() => handleStart(round.level)} onChangeLevel={handleChangeLevel} />
    ) : (
      <NotEnoughPeople count={pairs.length / 2} />
    )
  }

  return (
    <section className="memory-game" aria-labelledby="memory-game-title">
      <h2 id="memory-game-title">{t('title')}</h2>
      {!isPlaying && <p className="memory-game-intro">{t('intro')}</p>}
      {content}
    </section>
  )
}
