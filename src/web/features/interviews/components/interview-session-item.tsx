import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { InterviewSession } from '../../../../shared/contracts/interviews.ts'

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
  onDelete: (session: InterviewSession) => void
}

/** One earlier exchange with Ana: the person's words with their voice, then Ana's reply. */
export function InterviewSessionItem({ session, dateText, recordings, onDelete }: InterviewSessionItemProps) {
  const { t } = useTranslation('interviews')
  const headingId = useId()
  const total = session.mediaAssetIds.length
  // The voice belongs with the person's words; a session without them still shows it, below.
  const voiceTurn = session.conversationPair.findIndex((turn) => turn.role === 'user')

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
      <h3 id={headingId} className="interview-session-date">
        <time dateTime={session.timestamp}>{dateText}</time>
      </h3>
      <ol className="interview-turns" aria-label={t('history.conversation')}>
        {session.conversationPair.map((turn, index) => (
          <li key={index} className="interview-turn" data-speaker={turn.role}>
            <p className="interview-speaker">{turn.role === 'user' ? t('history.you') : t('history.ana')}</p>
            <p className="interview-words">{turn.text}</p>
            {index === voiceTurn && voiceList}
          </li>
        ))}
      </ol>
      {voiceTurn === -1 && voiceList}
      <div className="interview-session-actions">
        <button type="button" className="button button-danger" aria-haspopup="dialog" aria-label={t('history.deleteLabel', { date: dateText })} onClick={() => onDelete(session)}>
          {t('history.delete')}
        </button>
      </div>
    </article>
  )
}
