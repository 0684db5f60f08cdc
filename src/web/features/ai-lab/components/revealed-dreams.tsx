import type { UseQueryResult } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { dreamReadingEvents } from '../../../../shared/contracts/ai-lab.ts'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { ListenButton } from '../../../components/chat/listen-button.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { uiLanguageOf, useUiLanguage } from '../../../lib/ui-language.ts'
import { useTell } from '../../../lib/chat/use-tell.ts'
import { formatCalendarDate, formatDateTime } from '../../../lib/format-dates.ts'
import { aiLabUrls, useAddDreamReading, useDreamReadings, useRecheckWhenAiUnavailable } from '../api/ai-lab-queries.ts'
import { isAiUnavailable, labProblemText } from '../lib/lab-problem.ts'
import { AiNeeded } from './ai-needed.tsx'

interface RevealedDreamsProps {
  /** The dream diary's list, newest first (the page passes the diary's query). */
  dreams: Pick<UseQueryResult<Dream[]>, 'data' | 'isError' | 'isFetching' | 'refetch'>
  /** False when no model answers (the guided mode); undefined while the server has not said. */
  canGenerate: boolean | undefined
}

/**
 * Revealed Dreams: choose a dream from the diary and receive a reflective, non-clinical reading
 * of it as it is written; each reading is kept with its dream and shown again later.
 */
export function RevealedDreams({ dreams, canGenerate }: RevealedDreamsProps) {
  const { t, i18n } = useTranslation('ai-lab')
  const uiLanguage = uiLanguageOf(i18n)
  const language = useUiLanguage()
  const [chosenId, setChosenId] = useState<string>()
  const answerTitleRef = useRef<HTMLHeadingElement>(null)
  const addReading = useAddDreamReading()
  const reading = useTell(aiLabUrls.dreamReadings, dreamReadingEvents, {
    onDone: (done) => {
      if (done.reading) addReading(done.reading)
      setTimeout(() => answerTitleRef.current?.focus())
    },
  })
  const selectId = useId()

  const dream = dreams.data?.find((candidate) => candidate.id === chosenId) ?? dreams.data?.[0]
  const readings = useDreamReadings(dream?.id)
  const isWriting = reading.phase === 'writing'
  const isUnavailable = canGenerate === false || isAiUnavailable(reading.problem)
  useRecheckWhenAiUnavailable(reading.problem)

  function choose(id: string) {
    reading.reset()
    setChosenId(id)
  }

  const header = (
    <>
      <h2 id="revealed-dreams-title">{t('dreams.title')}</h2>
      <p>{t('dreams.intro')}</p>
      <p className="lab-note">{t('dreams.disclaimer')}</p>
      {isUnavailable && <AiNeeded need="reading" />}
    </>
  )

  if (!dreams.data) {
    return (
      <section className="lab-section" aria-labelledby="revealed-dreams-title">
        {header}
        {dreams.isError ? (
          <ErrorBanner>
            <p>{t('dreams.loadFailed')}</p>
            <button type="button" className="button" onClick={() => void dreams.refetch()}>
              {t('dreams.retry')}
            </button>
          </ErrorBanner>
        ) : (
          <p className="lab-waiting">{t('dreams.loading')}</p>
        )}
      </section>
    )
  }

  if (!dream) {
    return (
      <section className="lab-section" aria-labelledby="revealed-dreams-title">
        {header}
        <div className="lab-empty">
          <p>{t('dreams.empty')}</p>
          <Link className="button button-primary" to="/my-dreams">
            {t('dreams.emptyLink')}
          </Link>
        </div>
      </section>
    )
  }

  const dreamName = (candidate: Dream) => {
    const title = candidate.title.trim() || t('dreams.untitled')
    return candidate.dreamDate ? t('dreams.optionWithDate', { title, date: formatCalendarDate(candidate.dreamDate, uiLanguage) }) : title
  }
  const hasReadings = (readings.data?.length ?? 0) > 0
  // The reading just written shows in the list once saved; the box holds it only while it is not.
  const showsAnswer = reading.phase !== 'idle' && !isUnavailable && !(reading.phase === 'done' && reading.done?.reading)

  return (
    <section className="lab-section" aria-labelledby="revealed-dreams-title">
      {header}
      <div className="field dream-choice">
        <label htmlFor={selectId}>{t('dreams.choose')}</label>
        <select id={selectId} value={dream.id} onChange={(event) => choose(event.target.value)} disabled={isWriting}>
          {dreams.data.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {dreamName(candidate)}
            </option>
          ))}
        </select>
      </div>
      <blockquote className="dream-chosen">
        <p>{dream.content}</p>
      </blockquote>

      {!isUnavailable && (
        // A busy button says so with aria-disabled rather than disabled, so the focus stays on it.
        <div className="tell-actions">
          <button type="button" className="button button-primary" aria-disabled={isWriting} onClick={() => !isWriting && void reading.start({ dreamId: dream.id, language })}>
            {isWriting ? t('dreams.reading') : hasReadings ? t('dreams.readAgain') : t('dreams.read')}
          </button>
          {isWriting && (
            <button
              type="button"
              className="button"
              onClick={() => {
                // The Stop button goes with the stream: focus moves to what was written so far.
                reading.stop()
                setTimeout(() => answerTitleRef.current?.focus())
              }}
            >
              {t('dreams.stop')}
            </button>
          )}
        </div>
      )}
      <StatusMessage>{reading.phase === 'done' ? t('dreams.ready') : undefined}</StatusMessage>

      {showsAnswer && (
        <section className="lab-answer" aria-labelledby="dream-answer-title" aria-busy={isWriting}>
          <h3 id="dream-answer-title" ref={answerTitleRef} tabIndex={-1}>
            {t('dreams.readingTitle')}
          </h3>
          {isWriting && !reading.text && <p className="lab-waiting">{t('dreams.reading')}</p>}
          {reading.text && <p className="lab-answer-text">{reading.text}</p>}
          {!isWriting && <ListenButton text={reading.text} language={language} what={t('dreams.readingTitle')} />}
          {reading.phase === 'stopped' && <p className="lab-note">{t('dreams.stopped')}</p>}
          {reading.phase === 'done' && <p className="lab-note">{t('dreams.notSaved')}</p>}
          {reading.phase === 'failed' && reading.problem && (
            <ErrorBanner>{labProblemText(t, reading.problem, { failed: t('dreams.failed'), blocked: t('dreams.blocked') })}</ErrorBanner>
          )}
        </section>
      )}

      <section className="lab-readings" aria-labelledby="dream-readings-title">
        <h3 id="dream-readings-title" ref={reading.phase === 'done' && reading.done?.reading ? answerTitleRef : undefined} tabIndex={-1}>
          {t('dreams.readingsTitle')}
        </h3>
        {readings.isError && !readings.data ? (
          <ErrorBanner>
            <p>{t('dreams.readingsFailed')}</p>
            <button type="button" className="button" onClick={() => void readings.refetch()}>
              {t('dreams.retry')}
            </button>
          </ErrorBanner>
        ) : !readings.data ? (
          <p className="lab-waiting">{t('dreams.readingsLoading')}</p>
        ) : readings.data.length === 0 ? (
          <p className="lab-empty">{t('dreams.noReadings')}</p>
        ) : (
          <ol className="lab-reading-list">
            {readings.data.map((saved) => (
              <li key={saved.id} className="lab-reading">
                <p className="lab-memory-date">
                  <time dateTime={saved.createdAt}>{t('dreams.readOn', { date: formatDateTime(saved.createdAt, uiLanguage) })}</time>
                </p>
                <p className="lab-answer-text" lang={saved.language}>
                  {saved.text}
                </p>
                <ListenButton text={saved.text} language={saved.language} what={t('dreams.readOn', { date: formatDateTime(saved.createdAt, uiLanguage) })} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  )
}
