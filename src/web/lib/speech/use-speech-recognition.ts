import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { microphoneFailure } from './microphone.ts'
import { useMicrophonePermission } from './use-microphone-permission.ts'
import { speechLanguage, type SpeechLanguage } from './speech-language.ts'
import { findSpeechRecognition, type SpeechRecognitionInstance, type SpeechRecognitionResultEventLike } from './speech-types.ts'

/** Dictation (docs/product.md#speech): idle, listening (recording), blocked (denied), or no support at all. */
export type RecognitionStatus = 'unsupported' | 'idle' | 'starting' | 'listening' | 'denied'
export type RecognitionProblem = 'no-speech' | 'audio-capture' | 'network' | 'other'

export interface SpeechRecognitionOptions {
  /** The UI language ('es' | 'en' | 'fr'); mapped with speechLanguage. */
  language: string
  /** false (default): one utterance, then it stops by itself (biography). true: keeps listening until stop() (interview, AI lab). */
  continuous?: boolean
  /** The recognition locale for a UI language, when a page hears another accent (the AI lab: es-ES). */
  locale?: (language: string) => SpeechLanguage
  /** Called with each final transcript piece (trimmed, non-empty). */
  onFinalText: (text: string) => void
}

export interface SpeechRecognitionControls {
  status: RecognitionStatus
  /** What is being heard right now, before it is final (for display). '' when nothing. */
  interimText: string
  /** The last problem other than a denied microphone; cleared by the next start(). */
  problem: RecognitionProblem | null
  /** Asks for the microphone, then listens; does nothing while starting or listening, or when unsupported. */
  start(): void
  /** Stops listening; the last final text may still arrive before the status turns 'idle'. */
  stop(): void
}

/** One press of the microphone button, from asking for the microphone to the recognition's end. */
interface Session {
  recognition: SpeechRecognitionInstance | null
  /** Stopped or unmounted before the recognition existed, or aborted: its answers are ignored. */
  cancelled: boolean
}

type MicrophoneAccess = 'granted' | 'denied' | RecognitionProblem

/**
 * Dictation through the browser's speech recognition. Asks for the microphone first so that a
 * refusal shows as 'denied' rather than as a silent failure, and follows the permission while
 * mounted so the blocked state lifts when the user allows the microphone again.
 */
export function useSpeechRecognition({ language, continuous = false, locale = speechLanguage, onFinalText }: SpeechRecognitionOptions): SpeechRecognitionControls {
  const [isSupported] = useState(() => findSpeechRecognition() !== undefined)
  const [status, setStatus] = useState<RecognitionStatus>(isSupported ? 'idle' : 'unsupported')
  const [interimText, setInterimText] = useState('')
  const [problem, setProblem] = useState<RecognitionProblem | null>(null)
  const session = useRef<Session | null>(null)
  const latestOnFinalText = useRef(onFinalText)

  useEffect(() => {
    latestOnFinalText.current = onFinalText
  })

  useMicrophonePermission(isSupported, {
    onDenied: () => {
      abortSession(session)
      setInterimText('')
      setStatus('denied')
    },
    onAllowed: () => setStatus((current) => (current === 'denied' ? 'idle' : current)),
  })

  useEffect(() => () => abortSession(session), [])

  const start = useCallback(() => {
    const Recognition = findSpeechRecognition()
    if (!Recognition || session.current) return
    const current: Session = { recognition: null, cancelled: false }
    session.current = current
    setStatus('starting')
    setProblem(null)
    setInterimText('')

    const giveUp = (next: RecognitionStatus, nextProblem: RecognitionProblem | null = null) => {
      if (session.current === current) session.current = null
      setProblem(nextProblem)
      setStatus(next)
    }

    void askForMicrophone().then((access) => {
      if (current.cancelled) return
      if (access === 'denied') return giveUp('denied')
      if (access !== 'granted') return giveUp('idle', access)

      const recognition = new Recognition()
      recognition.lang = locale(language)
      recognition.continuous = continuous
      recognition.interimResults = true
      recognition.maxAlternatives = 1
      recognition.onstart = () => setStatus('listening')
      recognition.onresult = (event) => {
        const { finals, interim } = readResults(event)
        for (const text of finals) latestOnFinalText.current(text)
        setInterimText(interim)
      }
      recognition.onerror = (event) => {
        if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
          setStatus('denied')
          return
        }
        const found = recognitionProblem(event.error)
        if (found) setProblem(found)
      }
      recognition.onend = () => {
        if (session.current === current) session.current = null
        setInterimText('')
        setStatus((now) => (now === 'denied' ? now : 'idle'))
      }
      current.recognition = recognition
      try {
        recognition.start()
      } catch {
        detach(recognition)
        giveUp('idle', 'other')
      }
    })
  }, [language, continuous, locale])

  const stop = useCallback(() => {
    const current = session.current
    if (!current) return
    if (current.recognition) {
      // The recognition ends itself and reports the end (onend), with any last final text.
      current.recognition.stop()
      return
    }
    // Still waiting for the microphone: give up before a recognition exists.
    current.cancelled = true
    session.current = null
    setStatus('idle')
  }, [])

  return { status, interimText, problem, start, stop }
}

function readResults(event: SpeechRecognitionResultEventLike) {
  const finals: string[] = []
  let interim = ''
  for (let index = event.resultIndex; index < event.results.length; index++) {
    const result = event.results[index]
    const transcript = result?.[0]?.transcript ?? ''
    if (result?.isFinal) {
      const text = transcript.trim()
      if (text) finals.push(text)
    } else {
      interim += transcript
    }
  }
  return { finals, interim: interim.trim() }
}

function recognitionProblem(error: string): RecognitionProblem | null {
  switch (error) {
    case 'aborted':
      return null
    case 'no-speech':
    case 'audio-capture':
    case 'network':
      return error
    default:
      return 'other'
  }
}

function abortSession(session: RefObject<Session | null>) {
  const current = session.current
  if (!current) return
  session.current = null
  current.cancelled = true
  if (current.recognition) {
    detach(current.recognition)
    current.recognition.abort()
  }
}

function detach(recognition: SpeechRecognitionInstance) {
  recognition.onstart = null
  recognition.onresult = null
  recognition.onerror = null
  recognition.onend = null
}

/** Opens the microphone only to learn whether it may be used; the recognition opens its own. */
async function askForMicrophone(): Promise<MicrophoneAccess> {
  const mediaDevices = navigator.mediaDevices as MediaDevices | undefined
  if (!mediaDevices?.getUserMedia) return 'granted'
  try {
    const stream = await mediaDevices.getUserMedia({ audio: true })
    for (const track of stream.getTracks()) track.stop()
    return 'granted'
  } catch (error) {
    return microphoneFailure(error)
  }
}
