import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { KeptExchangeView } from '../../../components/chat/kept-exchange.tsx'

/** Where a recording is played from (a media asset has both). */
export interface RecordingSource {
  downloadURL: string
  contentType: string
}

/** How the session finds its recordings, which the media feature lists. */
export interface RecordingLookup {
  find: (assetId: string) => RecordingSource | undefined
  /** Still being listed: an unknown recording is loading, not missing. */
  isLoading: boolean
}

interface InterviewSessionItemProps {
  session: InterviewSession
  /** The session's date and time, as the list writes it. */
  dateText: string
  recordings?: RecordingLookup
  /** Saves the answer's corrected words. */
  /** Without these the answer is only read: it is someone else's, and the reader may not change it. */
  onCorrect?: (session: InterviewSession, answer: string) => Promise<unknown>
  onDelete?: (session: InterviewSession) => void
}

/** One earlier exchange with Ana: her question, the person's words with their voice, then her reply. */
export function InterviewSessionItem({ session, dateText, recordings, onCorrect, onDelete }: InterviewSessionItemProps) {
  const { t } = useTranslation('interviews')
  const headingId = useId()
  const total = session.mediaAssetIds.length
  // Inside a conversation, whose title is the heading above it.
  const Heading = session.conversation ? 'h4' : 'h3'

  function recordingLabel(index: number) {
    return total > 1 ? t('history.recordingPart', { number: index + 1, total }) : t('history.recording')
  }

  const voice = session.mediaAssetIds.map((assetId, index) => {
    const source = recordings?.find(assetId)
    let player
    if (source) {
      player = (
        // A dictated answer has no caption track: its words are written right above it.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio className="interview-audio" controls preload="metadata" src={source.downloadURL} aria-label={recordingLabel(index)}>
          {t('history.audioUnsupported')}
        </audio>
      )
    } else {
      player = <span className="interview-audio-note">{recordings?.isLoading ? t('history.recordingLoading') : t('history.recordingMissing')}</span>
    }
    return <li key={assetId}>{player}</li>
  })
  const voiceList = voice.length > 0 && <ul className="interview-recordings">{voice}</ul>

  return (
    <article className="interview-session card" aria-labelledby={headingId}>
      <Heading id={headingId} className="interview-session-date">
        <time dateTime={session.timestamp}>{dateText}</time>
      </Heading>
      <div className="interview-turns" role="group" aria-label={t('history.conversation')}>
        <KeptExchangeView exchange={session} persona={t('history.ana')} name={dateText} afterAnswer={voiceList} onCorrect={onCorrect && ((answer) => onCorrect(session, answer))} />
      </div>
      {onDelete && (
        <div className="interview-session-actions">
          <button type="button" className="button button-danger" aria-haspopup="dialog" aria-label={t('history.deleteLabel', { date: dateText })} onClick={() => onDelete(session)}>
            {t('history.delete')}
          </button>
        </div>
      )}
    </article>
  )
}
