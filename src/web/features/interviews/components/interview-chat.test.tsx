import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InterviewChatEvent, InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { installFakeRecorder } from '../../../lib/speech/test/fake-recorder.ts'
import { installFakeMicrophone, installFakeRecognition, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { controlledEventStream } from '../../../test/event-stream.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildSession, fakeInterviewApi } from '../test/fake-interview-api.ts'
import { InterviewChat, type RecordingUpload } from './interview-chat.tsx'

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
  const uploads: { recording: Blob; sessionId: string }[] = []
  const upload = vi.fn<RecordingUpload>(async (recording, sessionId) => {
    uploads.push({ recording, sessionId })
    return true
  })
  const onSaved = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<InterviewChat memberId="member-1" memberName="Carmen" uploadRecording={upload} onSaved={onSaved} />)
  return { api, stream, sent, uploads, upload, onSaved, user }
}

const input = () => screen.getByLabelText('Tu mensaje para Ana')
const recordButton = () => screen.getByTestId('interview-record')
const alertText = () => screen.getByRole('alert').textContent

async function answerWithSession(stream: ReturnType<typeof controlledEventStream<InterviewChatEvent>>, session: InterviewSession) {
  await stream.delta('Qué bonito. ¿Qué cantaba Carmen?')
  await stream.send({ event: 'done', data: { reply: 'Qué bonito. ¿Qué cantaba Carmen?', carry: null, session, notSavedReason: null } })
}

describe('the interview chat with Ana', () => {
  it('records the voice while dictating, holds the message until the recording stops, then saves the voice with the session', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const recorder = installFakeRecorder()
    const { api, stream, sent, uploads, onSaved, user } = setUp()
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
    expect(await screen.findByRole('list', { name: 'Grabaciones listas para enviar' })).toBeInTheDocument()
    expect(recordButton()).toHaveAttribute('aria-pressed', 'false')
    expect(input()).toHaveValue('Cantaba boleros')

    await user.type(input(), '{Enter}')
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ memberId: 'member-1', message: 'Cantaba boleros', language: 'es', carried: [] })
    const session = buildSession({ id: 'session-42' })
    await answerWithSession(stream, session)
    expect(await screen.findByText('Guardado en las entrevistas sobre Carmen.')).toBeInTheDocument()
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]!.sessionId).toBe('session-42')
    expect(await uploads[0]!.recording.text()).toBe('la voz de Rosa')
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
    const { stream, upload, user } = setUp()
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
    expect(upload).not.toHaveBeenCalled()
    expect(screen.getByRole('list', { name: 'Grabaciones listas para enviar' })).toBeInTheDocument()
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
