// A stand-in for the browser's MediaRecorder, for tests of the voice recorder and the screens that
// use it. Put back by uninstallSpeechFakes(), like the other speech fakes; pair it with
// installFakeMicrophone() for getUserMedia.
import { act } from '@testing-library/react'
import { replaceProperty, track } from './fake-speech.ts'

export class FakeMediaRecorder {
  state: RecordingState = 'inactive'
  readonly mimeType: string
  ondataavailable: ((event: { data: Blob }) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  onstop: ((event: Event) => void) | null = null
  startCalls = 0
  stopCalls = 0
  /** What the recorder still holds, handed over when it stops. */
  private pending: string[] = []

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
    defaultType = 'audio/webm',
  ) {
    this.mimeType = options.mimeType ?? defaultType
  }

  start() {
    this.startCalls++
    this.state = 'recording'
  }

  /** As browsers do: inactive at once, then — a moment later — the last data and 'stop'. */
  stop() {
    this.stopCalls++
    if (this.state === 'inactive') return
    this.state = 'inactive'
    setTimeout(() => this.flush(), 0)
  }

  /** Sound the microphone heard, kept until the recorder hands it over. */
  hear(text: string) {
    this.pending.push(text)
  }

  /** A piece of the recording handed over early (as with a timeslice or requestData()). */
  emitData(text: string) {
    act(() => this.ondataavailable?.({ data: new Blob([text], { type: this.mimeType }) }))
  }

  /** The recorder fails, as when the device disappears mid-recording. */
  emitError() {
    this.state = 'inactive'
    act(() => this.onerror?.(new Event('error')))
  }

  /** The recorder ends by itself (the microphone's track ended), handing over its data. */
  endByItself() {
    this.state = 'inactive'
    act(() => this.flush())
  }

  private flush() {
    const data = new Blob(this.pending, { type: this.mimeType })
    this.pending = []
    this.ondataavailable?.({ data })
    this.onstop?.(new Event('stop'))
  }
}

export interface FakeRecorderOptions {
  /** The types isTypeSupported() accepts; none means every query says no. */
  supportedTypes?: string[]
  /** The type the recorder uses when none is asked for. */
  defaultType?: string
  /** Leave isTypeSupported out, as some older engines did. */
  withoutTypeCheck?: boolean
}

export interface FakeRecorderController {
  /** Every recorder the code created, oldest first. */
  readonly instances: FakeMediaRecorder[]
  /** The most recent recorder; throws when there is none. */
  latest(): FakeMediaRecorder
  uninstall(): void
}

export function installFakeRecorder({
  supportedTypes = ['audio/webm;codecs=opus', 'audio/webm'],
  defaultType = 'audio/webm',
  withoutTypeCheck = false,
}: FakeRecorderOptions = {}): FakeRecorderController {
  const instances: FakeMediaRecorder[] = []
  class RecordedRecorder extends FakeMediaRecorder {
    static isTypeSupported = withoutTypeCheck ? undefined : (type: string) => supportedTypes.includes(type)
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options, defaultType)
      instances.push(this)
    }
  }
  const uninstall = track(replaceProperty(window, 'MediaRecorder', RecordedRecorder))
  return {
    instances,
    latest() {
      const last = instances.at(-1)
      if (!last) throw new Error('No MediaRecorder was created.')
      return last
    },
    uninstall,
  }
}

/** Makes sure there is no MediaRecorder, as in old browsers. */
export function removeRecorder(): () => void {
  return track(replaceProperty(window, 'MediaRecorder', undefined))
}
