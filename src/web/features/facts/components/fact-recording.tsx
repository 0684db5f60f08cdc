import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

interface FactRecordingProps {
  /** The media asset of the answer's recording. */
  recordingId: string
  /** The fact in words, which names the button for a screen reader. */
  fact: string
  /** What the button says: «Escuchar» in a proposal, «escuchar» inside a card's source line. */
  variant?: 'button' | 'link'
}

/**
 * Plays the recording of the answer a fact came from: a button that starts and pauses a real
 * <audio>, whose own controls (seek, volume) appear once it has started. Nothing is fetched until
 * the person asks, so a list of facts costs no downloads.
 */
export function FactRecording({ recordingId, fact, variant = 'button' }: FactRecordingProps) {
  const { t } = useTranslation('facts')
  const audioRef = useRef<HTMLAudioElement>(null)
  const [isPlaying, setIsPlaying] = useState(false)
  const [hasStarted, setHasStarted] = useState(false)
  const [isMissing, setIsMissing] = useState(false)

  function handleToggle() {
    const audio = audioRef.current
    if (!audio) return
    if (!audio.paused) {
      audio.pause()
      return
    }
    setHasStarted(true)
    // A refused start (the file is gone, or the browser cannot play it) shows in `onError`.
    void audio.play().catch(() => undefined)
  }

  const isLink = variant === 'link'
  return (
    <span className={isLink ? 'fact-recording fact-recording-inline' : 'fact-recording'}>
      <button
        type="button"
        className={isLink ? 'fact-link-button' : 'button'}
        aria-label={isPlaying ? t('recording.pauseLabel', { fact }) : t(isLink ? 'source.listenLabel' : 'recording.playLabel', { fact })}
        onClick={handleToggle}
      >
        {isPlaying ? t('recording.pause') : isLink ? t('source.listen') : t('recording.play')}
      </button>
      {/* A dictated answer has no caption track: its words are the quote beside the player. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audioRef}
        className={hasStarted && !isMissing ? 'fact-audio' : 'fact-audio fact-audio-idle'}
        src={`/api/media/${encodeURIComponent(recordingId)}/content`}
        preload="none"
        controls={hasStarted && !isMissing}
        aria-label={t('recording.audioLabel', { fact })}
        onPlay={() => setIsPlaying(true)}
        onPause={() => setIsPlaying(false)}
        onEnded={() => setIsPlaying(false)}
        onError={() => {
          setIsPlaying(false)
          setIsMissing(true)
        }}
      >
        {t('recording.unsupported')}
      </audio>
      {isMissing && <span className="fact-recording-missing">{t('recording.missing')}</span>}
    </span>
  )
}
