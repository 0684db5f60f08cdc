// Stand-ins for the browser's Web Speech API, microphone and permissions, for tests of the speech
// hooks and of the screens that use them. Every installer returns a controller with uninstall();
// uninstallSpeechFakes() puts back everything still installed (call it in afterEach).
import { act } from '@testing-library/react'
import type { SpeechRecognitionErrorEventLike, SpeechRecognitionInstance, SpeechRecognitionResultEventLike } from '../speech-types.ts'

const installed = new Set<() => void>()

/** Puts back every global a fake of this file replaced. */
export function uninstallSpeechFakes() {
  for (const uninstall of [...installed].reverse()) uninstall()
}

/** Replaces a global for the test; returns how to put it back. */
export function replaceProperty(target: object, key: string, value: unknown): () => void {
  const previous = Object.getOwnPropertyDescriptor(target, key)
  Object.defineProperty(target, key, { configurable: true, writable: true, value })
  return () => {
    if (previous) Object.defineProperty(target, key, previous)
    else Reflect.deleteProperty(target, key)
  }
}

/** Registers undos with uninstallSpeechFakes(); returns an uninstall() that runs them once. */
export function track(...undos: (() => void)[]): () => void {
  let isDone = false
  const uninstall = () => {
    if (isDone) return
    isDone = true
    installed.delete(uninstall)
    for (const undo of undos.reverse()) undo()
  }
  installed.add(uninstall)
  return uninstall
}

/** Lets pending answers (the microphone's, the permission's) arrive, inside act(). */
export async function flushSpeech() {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

// ---- Speech recognition ----

export interface FakeResult {
  transcript: string
  isFinal?: boolean
}

export class FakeRecognition implements SpeechRecognitionInstance {
  lang = ''
  continuous = false
  interimResults = false
  maxAlternatives = 0
  onstart: ((event: Event) => void) | null = null
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null = null
  onerror: ((event: SpeechRecognitionErrorEventLike) => void) | null = null
  onend: ((event: Event) => void) | null = null
  startCalls = 0
  stopCalls = 0
  abortCalls = 0

  start() {
    this.startCalls++
  }

  stop() {
    this.stopCalls++
  }

  abort() {
    this.abortCalls++
  }

  /** The browser's 'start': the microphone is open. */
  emitStart() {
    act(() => this.onstart?.(new Event('start')))
  }

  /** A result event; `results` is the whole list so far, as browsers send it. */
  emitResult(results: FakeResult[], resultIndex = 0) {
    const list = results.map(({ transcript, isFinal = false }) => Object.assign([{ transcript }], { isFinal }))
    act(() => this.onresult?.({ resultIndex, results: list }))
  }

  emitError(error: string) {
    act(() => this.onerror?.({ error }))
  }

  emitEnd() {
    act(() => this.onend?.(new Event('end')))
  }
}

export interface FakeRecognitionController {
  /** Every recognition the code created, oldest first. */
  readonly instances: FakeRecognition[]
  /** The most recently created recognition; throws when there is none. */
  latest(): FakeRecognition
  uninstall(): void
}

/** Installs a speech recognition as Chrome has it (prefixed) or, with `standard`, unprefixed. */
export function installFakeRecognition({ standard = false } = {}): FakeRecognitionController {
  const instances: FakeRecognition[] = []
  class RecordedRecognition extends FakeRecognition {
    constructor() {
      super()
      instances.push(this)
    }
  }
  const uninstall = track(
    replaceProperty(window, 'SpeechRecognition', standard ? RecordedRecognition : undefined),
    replaceProperty(window, 'webkitSpeechRecognition', standard ? undefined : RecordedRecognition),
  )
  return {
    instances,
    latest() {
      const last = instances.at(-1)
      if (!last) throw new Error('No speech recognition was created.')
      return last
    },
    uninstall,
  }
}

/** Makes sure no speech recognition exists, as in Firefox. */
export function removeRecognition(): () => void {
  return track(replaceProperty(window, 'SpeechRecognition', undefined), replaceProperty(window, 'webkitSpeechRecognition', undefined))
}

// ---- Microphone and its permission ----

class FakePermissionStatus extends EventTarget {
  readonly name = 'microphone'
  onchange: ((event: Event) => void) | null = null

  constructor(public state: PermissionState) {
    super()
  }

  change(state: PermissionState) {
    this.state = state
    const event = new Event('change')
    this.dispatchEvent(event)
    this.onchange?.(event)
  }
}

export interface FakeMicrophoneOptions {
  /** What getUserMedia does: 'granted', the name of the DOMException it rejects with, or 'missing' (no mediaDevices). */
  getUserMedia?: 'granted' | 'missing' | 'NotAllowedError' | 'SecurityError' | 'NotFoundError' | 'NotReadableError' | 'AbortError'
  /** The state the permissions API reports for the microphone; 'unsupported' makes the query reject. */
  permission?: PermissionState | 'unsupported'
}

export interface FakeMicrophoneController {
  /** Constraints of every getUserMedia call. */
  readonly requests: MediaStreamConstraints[]
  /** How many opened tracks were stopped again. */
  readonly stoppedTracks: () => number
  /** Changes the permission as the user would in the browser's settings, firing 'change'. */
  setPermission(state: PermissionState): void
  uninstall(): void
}

export function installFakeMicrophone({ getUserMedia = 'granted', permission = 'prompt' }: FakeMicrophoneOptions = {}): FakeMicrophoneController {
  const requests: MediaStreamConstraints[] = []
  let stopped = 0
  const status = new FakePermissionStatus(permission === 'unsupported' ? 'prompt' : permission)
  const mediaDevices =
    getUserMedia === 'missing'
      ? undefined
      : {
          getUserMedia: (constraints: MediaStreamConstraints) => {
            requests.push(constraints)
            if (getUserMedia !== 'granted') return Promise.reject(new DOMException('Fake microphone refusal', getUserMedia))
            const openTrack = { stop: () => void stopped++ }
            return Promise.resolve({ getTracks: () => [openTrack] })
          },
        }
  const permissions = {
    query: ({ name }: { name: string }) =>
      permission === 'unsupported' || name !== 'microphone' ? Promise.reject(new TypeError(`The permission '${name}' cannot be queried.`)) : Promise.resolve(status),
  }
  const uninstall = track(replaceProperty(navigator, 'mediaDevices', mediaDevices), replaceProperty(navigator, 'permissions', permissions))
  return {
    requests,
    stoppedTracks: () => stopped,
    setPermission: (state) => act(() => status.change(state)),
    uninstall,
  }
}

// ---- Speech synthesis ----

export class FakeUtterance {
  lang = ''
  voice: SpeechSynthesisVoice | null = null
  rate = 1
  pitch = 1
  volume = 1
  onstart: ((event: Event) => void) | null = null
  onend: ((event: Event) => void) | null = null
  onerror: ((event: Event & { error: string }) => void) | null = null

  constructor(public text = '') {}
}

export interface FakeSynthesisController {
  /** Every utterance handed to speak(), oldest first. */
  readonly utterances: FakeUtterance[]
  /** How many times speechSynthesis.cancel() was called. */
  readonly cancelCalls: () => number
  /** The most recent utterance; throws when there is none. */
  latest(): FakeUtterance
  /** The browser starts speaking the utterance (default: the latest). */
  start(utterance?: FakeUtterance): void
  /** The browser finishes the utterance (default: the latest). */
  end(utterance?: FakeUtterance): void
  /** The browser fails the utterance with an error such as 'synthesis-failed'. */
  fail(error: string, utterance?: FakeUtterance): void
  /** The browser's list of voices changes (as when it finishes loading them), firing 'voiceschanged'. */
  setVoices(voices: SpeechSynthesisVoice[]): void
  /** How many 'voiceschanged' listeners are registered now. */
  readonly voicesListeners: () => number
  uninstall(): void
}

export function fakeVoice(name: string, lang: string): SpeechSynthesisVoice {
  return { name, lang, default: false, localService: true, voiceURI: name }
}

/** Installs speechSynthesis with these voices. cancel() fails the queued utterances ('interrupted'), as Chrome does. */
export function installFakeSynthesis(initialVoices: SpeechSynthesisVoice[] = []): FakeSynthesisController {
  const utterances: FakeUtterance[] = []
  let voices = initialVoices
  let queue: FakeUtterance[] = []
  let cancels = 0
  const voicesChanged = new Set<EventListenerOrEventListenerObject>()
  const synthesis = {
    get speaking() {
      return queue.length > 0
    },
    get pending() {
      return queue.length > 1
    },
    paused: false,
    getVoices: () => voices,
    speak: (utterance: FakeUtterance) => {
      utterances.push(utterance)
      queue.push(utterance)
    },
    cancel: () => {
      cancels++
      const dropped = queue
      queue = []
      for (const utterance of dropped) utterance.onerror?.(Object.assign(new Event('error'), { error: 'interrupted' }))
    },
    pause: () => undefined,
    resume: () => undefined,
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (type === 'voiceschanged') voicesChanged.add(listener)
    },
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (type === 'voiceschanged') voicesChanged.delete(listener)
    },
  }
  const latest = () => {
    const last = utterances.at(-1)
    if (!last) throw new Error('Nothing was spoken.')
    return last
  }
  const leave = (utterance: FakeUtterance) => {
    queue = queue.filter((queued) => queued !== utterance)
  }
  const uninstall = track(replaceProperty(window, 'speechSynthesis', synthesis), replaceProperty(window, 'SpeechSynthesisUtterance', FakeUtterance))
  return {
    utterances,
    cancelCalls: () => cancels,
    latest,
    start: (utterance = latest()) => act(() => utterance.onstart?.(new Event('start'))),
    end: (utterance = latest()) => {
      leave(utterance)
      act(() => utterance.onend?.(new Event('end')))
    },
    fail: (error, utterance = latest()) => {
      leave(utterance)
      act(() => utterance.onerror?.(Object.assign(new Event('error'), { error })))
    },
    setVoices: (next) => {
      voices = next
      const event = new Event('voiceschanged')
      act(() => {
        for (const listener of [...voicesChanged]) {
          if (typeof listener === 'function') listener(event)
          else listener.handleEvent(event)
        }
      })
    },
    voicesListeners: () => voicesChanged.size,
    uninstall,
  }
}

/** Makes sure there is no speech synthesis. */
export function removeSynthesis(): () => void {
  return track(replaceProperty(window, 'speechSynthesis', undefined), replaceProperty(window, 'SpeechSynthesisUtterance', undefined))
}
