import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { microphoneFailure } from './microphone.ts'
import { useMicrophonePermission } from './use-microphone-permission.ts'

/** 'denied': the browser refused the microphone (the interview then shows its permission screen). 'failed': any other trouble. */
export type RecorderStatus = 'unsupported' | 'idle' | 'recording' | 'denied' | 'failed'

export interface VoiceRecorderControls {
  status: RecorderStatus
  /** Asks for the microphone and starts recording; true once recording. Does nothing (false) while asking or recording. */
  start(): Promise<boolean>
  /** Ends the recording; resolves with it once the recorder has handed over its last data, or null when nothing was recorded. */
  stop(): Promise<Blob | null>
}

/** Opus first (small and clear for speech); Safari records only MP4. Else the browser's default. */
export const recordingTypes = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const

// Speech needs little: at 32 kbit/s twenty minutes of talk stay under the 5 MB upload limit.
const audioBitsPerSecond = 32_000

/** One press of the microphone, from asking for it to the recorder's last data. */
interface Recording {
  stream: MediaStream | null
  recorder: MediaRecorder | null
  chunks: Blob[]
  /** Stopped while asking, abandoned or failed: nothing more happens to it. */
  isCancelled: boolean
  /** Stopped by stop(), rather than by itself (the microphone unplugged, its permission withdrawn). */
  isStopRequested: boolean
  result: Promise<Blob | null>
  settle: (blob: Blob | null) => void
}

/**
 * Keeps the person's voice while they dictate: records the microphone with MediaRecorder, in the
 * first type of `recordingTypes` the browser supports. Follows the microphone permission while
 * mounted, so the blocked state lifts once the person allows the microphone again.
 */
export function useVoiceRecorder(): VoiceRecorderControls {
  const [isSupported] = useState(isRecordingSupported)
  const [status, setStatus] = useState<RecorderStatus>(isSupported ? 'idle' : 'unsupported')
  const current = useRef<Recording | null>(null)
  // A recording that ended by itself waits here for the next stop(), so the voice is not lost.
  const unclaimed = useRef<Promise<Blob | null> | null>(null)

  useMicrophonePermission(isSupported, {
    onDenied: () => {
      abandon(current)
      setStatus('denied')
    },
    onAllowed: () => setStatus((now) => (now === 'denied' ? 'idle' : now)),
  })

  useEffect(() => () => abandon(current), [])

  const start = useCallback(async () => {
    if (!isSupported || current.current) return false
    const recording = newRecording()
    current.current = recording
    unclaimed.current = null
    setStatus((now) => (now === 'failed' ? 'idle' : now))

    const finish = (next: RecorderStatus) => {
      if (current.current === recording) current.current = null
      release(recording)
      setStatus(next)
      return false
    }

    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (error) {
      return recording.isCancelled ? false : finish(microphoneFailure(error) === 'denied' ? 'denied' : 'failed')
    }
    recording.stream = stream
    if (recording.isCancelled) {
      release(recording)
      return false
    }
    try {
      const mimeType = chooseRecordingType()
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond } : { audioBitsPerSecond })
      recording.recorder = recorder
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) recording.chunks.push(event.data)
      }
      recorder.onerror = () => finish('failed')
      recorder.onstop = () => {
        if (recording.isCancelled) return
        const type = recorder.mimeType || recording.chunks[0]?.type || ''
        recording.settle(recording.chunks.length > 0 ? new Blob(recording.chunks, { type }) : null)
        if (!recording.isStopRequested) unclaimed.current = recording.result
        finish('idle')
      }
      recorder.start()
    } catch {
      return finish('failed')
    }
    setStatus('recording')
    return true
  }, [isSupported])

  const stop = useCallback(async () => {
    const recording = current.current
    if (!recording) {
      const left = unclaimed.current
      unclaimed.current = null
      return left ?? null
    }
    recording.isStopRequested = true
    if (recording.recorder) {
      // The recorder hands over its last data, then reports 'stop' (see onstop); it may already
      // be on its way there if it ended by itself.
      if (recording.recorder.state !== 'inactive') recording.recorder.stop()
    } else {
      // Still asking for the microphone: give up before anything is recorded.
      current.current = null
      release(recording)
    }
    return recording.result
  }, [])

  return { status, start, stop }
}

function isRecordingSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function'
}

/** The first of `recordingTypes` the browser can record, or undefined for its default. */
export function chooseRecordingType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined
  return recordingTypes.find((type) => MediaRecorder.isTypeSupported(type))
}

function newRecording(): Recording {
  let settle!: (blob: Blob | null) => void
  const result = new Promise<Blob | null>((resolve) => {
    settle = resolve
  })
  return { stream: null, recorder: null, chunks: [], isCancelled: false, isStopRequested: false, result, settle }
}

/** Ends a recording for good: its handlers, its recorder and the microphone; a waiting stop() gets what was settled, else null. */
function release(recording: Recording) {
  recording.isCancelled = true
  const { recorder, stream } = recording
  if (recorder) {
    recorder.ondataavailable = null
    recorder.onerror = null
    recorder.onstop = null
    if (recorder.state !== 'inactive') recorder.stop()
  }
  for (const track of stream?.getTracks() ?? []) track.stop()
  recording.settle(null)
}

function abandon(current: RefObject<Recording | null>) {
  const recording = current.current
  if (!recording) return
  current.current = null
  release(recording)
}
