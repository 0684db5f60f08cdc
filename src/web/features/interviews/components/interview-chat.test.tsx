import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InterviewChatEvent, InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { installFakeRecorder } from '../../../lib/speech/test/fake-recorder.ts'
import { installFakeMicrophone, installFakeRecognition, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { controlledEventStream } from '../../../test/event-stream.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildSession, fakeInterviewApi } from '../test/fake-interview-api.ts'
import type { RecordingStore } from '../lib/use-interview-recording.ts'
import { InterviewChat } from './interview-chat.tsx'

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

/** The fake API, with Ana's next answer held for the test to write. */
function setUp() {
  const api = fakeInterviewApi({ opening: 'Hola, soy Ana. ¿Cómo era Carmen?' })
  const stream = controlledEventStream<InterviewChatEvent>()
  api.answerNext('POST', '/api/interviews/chat', () => stream.response)
  /** The bodies of the messages sent to Ana, in order. */
  const sent = () => api.requests.filter((request) => request.method === 'POST').map((request) => request.body)
  const store = fakeRecordingStore()
  const onSaved = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<InterviewChat memberId="member-1" memberName="Carmen" recordings={store} onSaved={onSaved} />)
  return { api, stream, sent, store, onSaved, user }
}

/**
 * Where the page keeps recordings (the media feature): what it was asked to keep, add to a session
 * or delete. `holdNextKeep` leaves the next save unfinished until the test settles it.
 */
function fakeRecordingStore() {
  const kept: string[] = []
  const attached: { mediaId: string; sessionId: string }[] = []
  const discarded: string[] = []
  let failNext = false
  let held: Promise<string | null> | undefined
  const store: RecordingStore = {
    keep: vi.fn(async (recording: Blob) => {
      if (held) {
        const waiting = held
        held = undefined
        return waiting
      }
      if (failNext) {
        failNext = false
        return null
      }
      kept.push(await recording.text())
      return `media-${kept.length}`
    }),
    attach: vi.fn(async (mediaId: string, sessionId: string) => {
      attached.push({ mediaId, sessionId })
      return true
    }),
    discard: vi.fn(async (mediaId: string) => void discarded.push(mediaId)),
  }
  return {
    ...store,
    kept,
    attached,
    discarded,
    failNextKeep: () => (failNext = true),
    /** The next save waits; the returned function finishes it with that id (null: it failed). */
    holdNextKeep(): (mediaId: string | null) => void {
      let settle!: (mediaId: string | null) => void
      held = new Promise((resolve) => (settle = resolve))
      return (mediaId) => act(() => settle(mediaId))
    },
  }
}

const input = () => screen.getByLabelText('Tu mensaje para Ana')
const recordButton = () => screen.getByTestId('interview-record')
const alertText = () => screen.getByRole('alert').textContent

async function answerWithSession(stream: ReturnType<typeof controlledEventStream<InterviewChatEvent>>, session: InterviewSession) {
  await stream.delta('Qué bonito. ¿Qué cantaba Carmen?')
  await stream.send({ event: 'done', data: { reply: 'Qué bonito. ¿Qué cantaba Carmen?', carry: null, session, notSavedReason: null } })
}

describe('the interview chat with Ana', () => {
  it('records the voice while dictating, holds the message until the recording stops, keeps the voice with the member as it stops, then adds it to the session', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const recorder = installFakeRecorder()
    const { api, stream, sent, store, onSaved, user } = setUp()
    expect(await screen.findByText('Hola, soy Ana. ¿Cómo era Carmen?')).toBeInTheDocument()

    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    expect(screen.getByText('Grabando ahora')).toBeInTheDocument()
    expect(recordButton()).toHaveAccessibleName('Detener la grabación')
    // Continuous dictation in Colombian Spanish (docs/product.md#speech: the interview listens in es-CO).
    expect(recognition.latest().lang).toBe('es-CO')
    expect(recognition.latest().continuous).toBe(true)
    recognition.latest().emitStart()
    recognition.latest().emitResult([{ transcript: 'Cantaba boleros', isFinal: true }])
    recorder.latest().hear('la voz de Rosa')
    expect(input()).toHaveValue('Cantaba boleros')

    // Sending while recording stops it and asks to send again: the last words may still come.
    await user.type(input(), '{Enter}')
    expect(alertText()).toContain('Por favor, detén la grabación primero.')
    expect(sent()).toEqual([])
    expect(recognition.latest().stopCalls).toBe(1)
    recognition.latest().emitEnd()
    const ready = await screen.findByRole('list', { name: 'Grabaciones listas para enviar' })
    expect(await within(ready).findByText('Grabación guardada')).toBeInTheDocument()
    expect(await screen.findByText('Grabación guardada. Irá con tu próximo mensaje.')).toBeInTheDocument()
    expect(store.kept).toEqual(['la voz de Rosa'])
    expect(store.attached).toEqual([])
    expect(recordButton()).toHaveAttribute('aria-pressed', 'false')
    expect(input()).toHaveValue('Cantaba boleros')

    await user.type(input(), '{Enter}')
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ memberId: 'member-1', message: 'Cantaba boleros', language: 'es', carried: [] })
    const session = buildSession({ id: 'session-42' })
    await answerWithSession(stream, session)
    expect(await screen.findByText('Guardado en las entrevistas sobre Carmen.')).toBeInTheDocument()
    await waitFor(() => expect(store.attached).toEqual([{ mediaId: 'media-1', sessionId: 'session-42' }]))
    expect(store.kept).toHaveLength(1)
    expect(await screen.findByText('Tu voz quedó guardada con esta entrevista.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Grabaciones listas para enviar' })).not.toBeInTheDocument()
    expect(onSaved).toHaveBeenCalledWith(session)
    // Ana's opening is what she said when the visit began; it is not asked for again.
    expect(api.requests.filter((request) => request.path.startsWith('/api/interviews/chat?'))).toHaveLength(1)
  })

  it.each([
    ['upstream_failed', 'Lo siento, tuve un problema...'],
    ['ai_blocked', 'Mi configuración de seguridad me impide responder a eso. ¿Podemos hablar de otra cosa?'],
    ['ai_invalid_key', 'Problema con la API Key de IA.'],
  ] as const)('answers %s with the spec’s interview message and keeps the words to try again', async (code, text) => {
    installFakeMicrophone()
    const { stream, user } = setUp()
    await user.type(input(), 'Era costurera{Enter}')
    await stream.send({ event: 'error', data: { code, message: code } })
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument()
  })

  it('keeps the recording for the next message when the exchange was not saved', async () => {
    installFakeMicrophone()
    installFakeRecognition()
    const recorder = installFakeRecorder()
    const { stream, store, user } = setUp()
    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recorder.latest().hear('voz')
    await user.click(recordButton())
    expect(await screen.findByRole('list', { name: 'Grabaciones listas para enviar' })).toBeInTheDocument()
    await user.type(input(), 'Era costurera{Enter}')
    await stream.delta('Gracias.')
    await stream.send({
      event: 'done',
      data: { reply: 'Gracias.', carry: { user: 'Era costurera', model: 'Gracias.', receipt: 'r' }, session: null, notSavedReason: 'interview.save_failed' },
    })
    expect(await screen.findByText('Hubo un problema al guardar esta entrevista.')).toBeInTheDocument()
    expect(store.attach).not.toHaveBeenCalled()
    expect(store.kept).toEqual(['voz'])
    expect(within(screen.getByRole('list', { name: 'Grabaciones listas para enviar' })).getByText('Grabación guardada')).toBeInTheDocument()
  })

  it('saves again, with the next message, a recording that could not be saved when it stopped', async () => {
    installFakeMicrophone()
    installFakeRecognition()
    const recorder = installFakeRecorder()
    const { stream, store, user } = setUp()
    store.failNextKeep()
    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recorder.latest().hear('voz de Carmen')
    await user.click(recordButton())
    expect(await screen.findByText('Todavía sin guardar')).toBeInTheDocument()
    expect(screen.getByText(/^No se pudo guardar tu grabación\. Sigue aquí/)).toBeInTheDocument()

    await user.type(input(), 'Era costurera{Enter}')
    await answerWithSession(stream, buildSession({ id: 'session-7' }))
    await waitFor(() => expect(store.attached).toEqual([{ mediaId: 'media-1', sessionId: 'session-7' }]))
    expect(store.kept).toEqual(['voz de Carmen'])
    expect(await screen.findByText('Tu voz quedó guardada con esta entrevista.')).toBeInTheDocument()
  })

  it('sends at once while a recording is still being saved, adds it to the session once saved, and deletes one taken back', async () => {
    installFakeMicrophone()
    installFakeRecognition()
    const recorder = installFakeRecorder()
    const { sent, stream, store, user } = setUp()
    const finishSaving = store.holdNextKeep()
    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recorder.latest().hear('una toma')
    await user.click(recordButton())
    expect(await screen.findByText('Guardando… 0 %')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quitar la grabación 1' })).not.toBeInTheDocument()
    await user.type(input(), 'Era costurera{Enter}')
    await waitFor(() => expect(sent()).toHaveLength(1))
    await answerWithSession(stream, buildSession({ id: 'session-3' }))
    expect(await screen.findByText('Guardado en las entrevistas sobre Carmen.')).toBeInTheDocument()
    expect(store.attached).toEqual([])

    finishSaving('media-9')
    await waitFor(() => expect(store.attached).toEqual([{ mediaId: 'media-9', sessionId: 'session-3' }]))
    expect(await screen.findByText('Tu voz quedó guardada con esta entrevista.')).toBeInTheDocument()

    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recorder.latest().hear('otra toma')
    await user.click(recordButton())
    await user.click(await screen.findByRole('button', { name: 'Quitar la grabación 2' }))
    expect(store.discarded).toEqual(['media-1'])
    expect(screen.queryByRole('list', { name: 'Grabaciones listas para enviar' })).not.toBeInTheDocument()
  })

  it('sends a recording without words, and refuses an empty message with the spec’s words', async () => {
    installFakeMicrophone()
    installFakeRecognition()
    const recorder = installFakeRecorder()
    const { sent, user } = setUp()
    await screen.findByText('Hola, soy Ana. ¿Cómo era Carmen?')
    await user.type(input(), '{Enter}')
    expect(alertText()).toBe('Por favor, escribe o graba algo.')
    expect(sent()).toEqual([])

    await user.click(recordButton())
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recorder.latest().hear('solo voz')
    await user.click(recordButton())
    await screen.findByRole('list', { name: 'Grabaciones listas para enviar' })
    await user.type(input(), '{Enter}')
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toMatchObject({ message: 'Te lo cuento con mi voz.' })
  })

  it('says when dictation heard nothing, and that a failed dictation still keeps the voice', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    installFakeRecorder()
    const { user } = setUp()
    await user.click(await screen.findByTestId('interview-record'))
    await waitFor(() => expect(recordButton()).toHaveAttribute('aria-pressed', 'true'))
    recognition.latest().emitError('no-speech')
    expect(await screen.findByText('No se detectó ninguna voz. Pulsa «Grabar» e inténtalo de nuevo.')).toBeInTheDocument()
    recognition.latest().emitError('network')
    expect(await screen.findByText(/no convierte la voz en texto, pero tu voz se graba igual/)).toBeInTheDocument()
    expect(screen.queryByText(/necesita conexión a internet/)).not.toBeInTheDocument()
    expect(recordButton()).toHaveAttribute('aria-pressed', 'true')
  })

  it('records the voice where the browser has no speech recognition, and says to type the words', async () => {
    installFakeMicrophone()
    const recorder = installFakeRecorder()
    setUp()
    await userEvent.setup().click(await screen.findByTestId('interview-record'))
    await waitFor(() => expect(recorder.instances).toHaveLength(1))
    expect(screen.getByText(/no convierte la voz en texto, pero tu voz se graba igual/)).toBeInTheDocument()
  })

  it('shows the permission screen when the microphone is refused, and lets the person go on typing', async () => {
    installFakeMicrophone({ getUserMedia: 'NotAllowedError' })
    installFakeRecognition()
    installFakeRecorder()
    const { user } = setUp()
    await user.click(await screen.findByTestId('interview-record'))
    const denied = await screen.findByTestId('microphone-denied')
    expect(within(denied).getByRole('heading', { name: 'No podemos usar tu micrófono' })).toHaveFocus()
    expect(screen.queryByLabelText('Tu mensaje para Ana')).not.toBeInTheDocument()
    await user.click(within(denied).getByRole('button', { name: 'Seguir solo escribiendo' }))
    expect(input()).toBeEnabled()
    await waitFor(() => expect(input()).toHaveFocus())
    expect(screen.queryByTestId('interview-record')).not.toBeInTheDocument()
  })
})
