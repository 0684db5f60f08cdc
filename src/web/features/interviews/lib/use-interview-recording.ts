import { useCallback, useEffect, useState } from 'react'
import { useSpeechRecognition } from '../../../lib/speech/use-speech-recognition.ts'
import { useVoiceRecorder } from '../../../lib/speech/use-voice-recorder.ts'
import { useKeptRecordings, type RecordingStore } from './use-kept-recordings.ts'

export type { KeptRecording, RecordingStore } from './use-kept-recordings.ts'

/**
 * The interview's record button: while it is on, the person's words are dictated into the message
 * (continuous recognition, in the page's language) and their voice itself is recorded. The two run
 * side by side, so a browser without speech recognition, or one whose recognition fails, still
 * keeps the voice; the person then types the words. A stopped recording is saved with the
 * interviewed member at once (leaving the page then loses nothing) and joins the next saved
 * exchange.
 */
interface InterviewRecordingOptions {
  language: string
  onFinalText: (text: string) => void
  store: RecordingStore
  /** A stopped recording was saved with the member, or could not be yet. */
  onKept: (isKept: boolean) => void
}

export function useInterviewRecording({ language, onFinalText, store, onKept }: InterviewRecordingOptions) {
  const recognition = useSpeechRecognition({ language, continuous: true, onFinalText })
  const recorder = useVoiceRecorder()
  const kept = useKeptRecordings(store, onKept)
  const [isStarting, setIsStarting] = useState(false)

  const canRecordVoice = recorder.status !== 'unsupported'
  const canDictate = recognition.status !== 'unsupported'
  const isDenied = recorder.status === 'denied' || recognition.status === 'denied'
  // The recorder is what keeps the voice, so it says whether recording is on; dictation alone only
  // where the voice cannot be recorded. A recogniser slow to end never holds the button pressed.
  const isDictating = recognition.status === 'listening' || recognition.status === 'starting'
  const isRecording = isStarting || (canRecordVoice ? recorder.status === 'recording' : isDictating)

  const start = useCallback(async () => {
    setIsStarting(true)
    try {
      // The recorder asks for the microphone first; dictation follows once the voice is kept.
      const isKeeping = canRecordVoice ? await recorder.start() : false
      if (canDictate && (isKeeping || !canRecordVoice)) recognition.start()
    } finally {
      setIsStarting(false)
    }
  }, [canDictate, canRecordVoice, recognition, recorder])

  const { add } = kept
  /** Stops both; the recording is saved at once and waits for the next message. */
  const stop = useCallback(async () => {
    recognition.stop()
    const blob = await recorder.stop()
    if (blob && blob.size > 0) add(blob)
  }, [add, recognition, recorder])

  // A recording still on its way to the server would be lost with the page: the browser asks first.
  const { isSaving } = kept
  useEffect(() => {
    if (!isSaving) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [isSaving])

  return {
    isRecording,
    isDenied,
    canRecordVoice,
    canDictate,
    recorderFailed: recorder.status === 'failed',
    dictationProblem: recognition.problem,
    interimText: recognition.interimText,
    start,
    stop,
    ...kept,
  }
}
