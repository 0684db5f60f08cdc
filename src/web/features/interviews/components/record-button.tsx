import { useTranslation } from 'react-i18next'
import type { RecognitionProblem } from '../../../lib/speech/use-speech-recognition.ts'
import { Icon } from '../../../components/ui/icon.tsx'

/** The record button (docs/product.md#interview) toggles recording (dictation and the voice itself); pressed while recording. */
export function RecordButton({ isRecording, onToggle }: { isRecording: boolean; onToggle: () => void }) {
  const { t } = useTranslation('interviews')
  return (
    <button
      type="button"
      className={`button interview-record${isRecording ? ' interview-record-on' : ''}`}
      aria-pressed={isRecording}
      aria-label={isRecording ? t('chat.stopRecordingLabel') : t('chat.recordLabel')}
      data-testid="interview-record"
      onClick={onToggle}
    >
      <Icon name="microphone" /> {isRecording ? t('chat.stopRecording') : t('chat.record')}
    </button>
  )
}

const problemKeys: Record<RecognitionProblem, string> = {
  'no-speech': 'chat.noSpeech',
  'audio-capture': 'chat:mic.problems.audioCapture',
  network: 'chat:mic.problems.network',
  other: 'chat:mic.problems.other',
}

interface RecordingStatusProps {
  recording: {
    isRecording: boolean
    canRecordVoice: boolean
    canDictate: boolean
    recorderFailed: boolean
    dictationProblem: RecognitionProblem | null
    interimText: string
  }
}

/**
 * Under the composer: 'Grabando ahora' while recording, what dictation heard so far, and why the
 * words must be typed when dictation is missing or failed (the voice is recorded all the same).
 */
export function RecordingStatus({ recording }: RecordingStatusProps) {
  const { t } = useTranslation(['interviews', 'chat'])
  const isVoiceKept = recording.canRecordVoice && !recording.recorderFailed
  return (
    <>
      <div role="status" className="interview-recording-status">
        {recording.isRecording && (
          <p className="chat-mic-recording">
            <span className="chat-mic-dot" aria-hidden="true" /> {t('chat.recordingNow')}
          </p>
        )}
        {recording.recorderFailed && <p className="chat-mic-problem">{t('chat.recordingFailed')}</p>}
        {/* While the voice is kept, failed dictation only means typing the words (a missing
            microphone or network would contradict the recording going on), though silence is
            worth saying; without a recorder, dictation is all there is. */}
        {recording.dictationProblem && (!isVoiceKept || recording.dictationProblem === 'no-speech') && (
          <p className="chat-mic-problem">{t(problemKeys[recording.dictationProblem])}</p>
        )}
      </div>
      {recording.interimText && <p className="chat-mic-heard">{t('chat:mic.heard', { text: recording.interimText })}</p>}
      {(!recording.canDictate || (recording.dictationProblem && recording.dictationProblem !== 'no-speech')) && isVoiceKept && (
        <p className="chat-mic-note">{t('chat.dictationUnavailable')}</p>
      )}
      {!recording.canRecordVoice && <p className="chat-mic-note">{t('chat.recordingUnsupported')}</p>}
    </>
  )
}
