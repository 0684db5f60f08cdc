import { useTranslation } from 'react-i18next'
import type { RecognitionProblem, RecognitionStatus } from '../../lib/speech/use-speech-recognition.ts'
import { Icon } from '../ui/icon.tsx'
import './mic-control.css'

const problemKeys: Record<RecognitionProblem, string> = {
  'no-speech': 'mic.problems.noSpeech',
  'audio-capture': 'mic.problems.audioCapture',
  network: 'mic.problems.network',
  other: 'mic.problems.other',
}

interface MicButtonProps {
  status: RecognitionStatus
  onToggle: () => void
}

/** The mic toggles dictation; it is pressed while recording (docs/product.md#speech). */
export function MicButton({ status, onToggle }: MicButtonProps) {
  const { t } = useTranslation('chat')
  if (status === 'unsupported' || status === 'denied') return null
  const isOn = status === 'listening' || status === 'starting'
  return (
    <button type="button" className={`button chat-mic${isOn ? ' chat-mic-on' : ''}`} aria-pressed={isOn} aria-label={t('mic.label')} data-testid="chat-mic" onClick={onToggle}>
      <Icon name="microphone" /> {t('mic.button')}
    </button>
  )
}

interface MicStatusProps {
  status: RecognitionStatus
  problem: RecognitionProblem | null
  interimText: string
  /** The person chose to go on without the microphone after it was refused. */
  isDismissed: boolean
  onKeepTyping: () => void
}

/**
 * What the microphone is doing, under the composer: recording now, what it heard so far, why
 * dictation is not available, or — when the browser refused the microphone — the message of docs/product.md#speech
 * and a way to carry on typing, so nobody is left with a locked box.
 */
export function MicStatus({ status, problem, interimText, isDismissed, onKeepTyping }: MicStatusProps) {
  const { t } = useTranslation('chat')
  if (status === 'unsupported') return <p className="chat-mic-note">{t('mic.unsupported')}</p>
  if (status === 'denied') {
    if (isDismissed) return null
    return (
      <div className="banner banner-error chat-mic-denied" role="alert">
        <p>{t('mic.denied')}</p>
        <button type="button" className="button" onClick={onKeepTyping}>
          {t('mic.keepTyping')}
        </button>
      </div>
    )
  }
  return (
    <>
      <div role="status" className="chat-mic-status">
        {status === 'starting' && <p className="chat-mic-note">{t('mic.starting')}</p>}
        {status === 'listening' && (
          <p className="chat-mic-recording">
            <span className="chat-mic-dot" aria-hidden="true" /> {t('mic.recording')}
          </p>
        )}
        {problem && <p className="chat-mic-problem">{t(problemKeys[problem])}</p>}
      </div>
      {interimText && <p className="chat-mic-heard">{t('mic.heard', { text: interimText })}</p>}
    </>
  )
}
