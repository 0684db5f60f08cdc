import { useCallback, useRef, useState } from 'react'
import { useSpeechRecognition } from '../../../lib/speech/use-speech-recognition.ts'
import { useVoiceRecorder } from '../../../lib/speech/use-voice-recorder.ts'

/** A recording of the person's voice, waiting to be saved with their next message. */
export interface PendingRecording {
  id: number
  blob: Blob
  /** An object URL to listen to it before it goes; freed by `remove` or `release`. */
  url: string
}

/**
 * The interview's record button: while it is on, the person's words are dictated into the message
 * (continuous recognition, in the page's language) and their voice itself is recorded. The two run
 * side by side, so a browser without speech recognition, or one whose recognition fails, still
 * keeps the voice; the person then types the words. Stopped recordings wait here until a saved
 * exchange takes them.
 */
export function useInterviewRecording({ language, onFinalText }: { language: string; onFinalText: (text: string) => void }) {
  const recognition = useSpeechRecognition({ language, continuous: true, onFinalText })
  const recorder = useVoiceRecorder()
  const [pending, setPending] = useState<PendingRecording[]>([])
  const [isStarting, setIsStarting] = useState(false)
  const nextId = useRef(0)

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

  /** Stops both; the recording joins the ones waiting for the next message. */
  const stop = useCallback(async () => {
    recognition.stop()
    const blob = await recorder.stop()
    if (blob && blob.size > 0) {
      nextId.current += 1
      const id = nextId.current
      setPending((list) => [...list, { id, blob, url: URL.createObjectURL(blob) }])
    }
  }, [recognition, recorder])

  return {
    isRecording,
    isDenied,
    canRecordVoice,
    canDictate,
    recorderFailed: recorder.status === 'failed',
    dictationProblem: recognition.problem,
    interimText: recognition.interimText,
    pending,
    start,
    stop,
    remove(id: number) {
      const item = pending.find((candidate) => candidate.id === id)
      if (item) URL.revokeObjectURL(item.url)
      setPending((list) => list.filter((candidate) => candidate.id !== id))
    },
    /** Frees recordings that were saved and will not come back. */
    release: (items: PendingRecording[]) => items.forEach((item) => URL.revokeObjectURL(item.url)),
    /** Hands the waiting recordings to a message being sent. */
    takePending(): PendingRecording[] {
      const taken = pending
      setPending([])
      return taken
    },
    /** Puts back recordings whose message was not saved, ahead of any recorded since. */
    restore: (items: PendingRecording[]) => setPending((list) => [...items, ...list]),
  }
}
