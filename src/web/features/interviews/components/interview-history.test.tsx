import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildSession, errorResponse, fakeInterviewApi } from '../test/fake-interview-api.ts'
import { InterviewHistory, type RecordingLookup } from './interview-history.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

const recordingsOf = (known: Record<string, string>, isLoading = false): RecordingLookup => ({
  find: (assetId) => (known[assetId] ? { downloadURL: known[assetId], contentType: 'audio/webm' } : undefined),
  isLoading,
})

function renderHistory(recordings?: RecordingLookup, onDeleted = vi.fn<(session: InterviewSession) => void>()) {
  const user = userEvent.setup()
  renderWithProviders(<InterviewHistory memberId="member-1" memberName="Carmen" recordings={recordings} onDeleted={onDeleted} />)
  return { user, onDeleted }
}

describe('InterviewHistory', () => {
  it('shows the earlier sessions oldest first: the date, Ana’s question, the person’s words with their voice, and Ana’s reply', async () => {
    const first = buildSession({
      timestamp: '2025-03-12T10:30:00.000Z',
      question: '¿Qué hacía tu madre por las noches?',
      answer: 'Mi madre cosía de noche.',
      acknowledgement: '¿Qué cosía?',
      mediaAssetIds: ['voice-1'],
    })
    const second = buildSession({ timestamp: '2025-04-02T09:00:00.000Z', mediaAssetIds: ['voice-2', 'voice-3'] })
    fakeInterviewApi({ sessions: [second, first] })
    renderHistory(recordingsOf({ 'voice-1': '/api/media/voice-1/content', 'voice-2': '/api/media/voice-2/content' }))

    const sessions = await screen.findAllByRole('article')
    expect(sessions).toHaveLength(2)
    const [older, newer] = sessions as [HTMLElement, HTMLElement]
    expect(older).toHaveAccessibleName(/12 de marzo de 2025/)
    expect(newer).toHaveAccessibleName(/2 de abril de 2025/)
    const exchange = within(older).getByRole('group', { name: 'Conversación' })
    expect(within(exchange).getByTestId('kept-question')).toHaveTextContent('Ana preguntó: ¿Qué hacía tu madre por las noches?')
    expect(within(exchange).getByTestId('kept-answer')).toHaveTextContent('Mi madre cosía de noche.')
    expect(within(exchange).getByText('¿Qué cosía?')).toBeInTheDocument()
    const voice = within(exchange).getByLabelText('Grabación de tu voz')
    expect(voice.tagName).toBe('AUDIO')
    expect(voice).toHaveAttribute('controls')
    expect(voice).toHaveAttribute('src', '/api/media/voice-1/content')

    expect(within(newer).getByLabelText('Grabación de tu voz, parte 1 de 2')).toHaveAttribute('src', '/api/media/voice-2/content')
    expect(within(newer).getByText('Esta grabación ya no está disponible.')).toBeInTheDocument()
  })

  it('says a recording is loading while the files are still being listed', async () => {
    fakeInterviewApi({ sessions: [buildSession({ mediaAssetIds: ['voice-1'] })] })
    renderHistory(recordingsOf({}, true))
    expect(await screen.findByText('Cargando la grabación…')).toBeInTheDocument()
  })

  it('says it is loading, then that there is no interview yet', async () => {
    fakeInterviewApi()
    renderHistory()
    expect(screen.getByText('Cargando las entrevistas anteriores…')).toBeInTheDocument()
    expect(await screen.findByText('Todavía no hay entrevistas sobre Carmen. Lo que le cuentes a Ana se guardará aquí.')).toBeInTheDocument()
  })

  it.each([
    [503, 'internal', 'No pudimos conectar con la base de datos. Inténtalo de nuevo en unos minutos.'],
    [400, 'validation_failed', 'Error al cargar las entrevistas anteriores.'],
  ])('when the list answers %i, says so and loads again on request', async (status, code, text) => {
    const api = fakeInterviewApi({ sessions: [buildSession({ answer: 'Volvió' })] })
    api.answerNext('GET', '/api/interviews?memberId=member-1', () => errorResponse(status, code))
    const { user } = renderHistory()

    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('Volvió')).toBeInTheDocument()
  })

  it('deletes a session after a confirmation that says its recordings go too, then focuses the list', async () => {
    const kept = buildSession({ timestamp: '2025-03-01T10:00:00.000Z' })
    const deleted = buildSession({ timestamp: '2025-03-12T10:30:00.000Z', mediaAssetIds: ['voice-1', 'voice-2'] })
    const api = fakeInterviewApi({ sessions: [kept, deleted] })
    const { user, onDeleted } = renderHistory()

    const button = await screen.findByRole('button', { name: /^Eliminar la entrevista del 12 de marzo de 2025/ })
    await user.click(button)
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar esta entrevista?' })
    expect(dialog).toHaveAccessibleDescription(/se borrará junto con las 2 grabaciones de tu voz\. Esta acción no se puede deshacer\.$/)
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(api.sessions()).toEqual([kept])
    expect(onDeleted).toHaveBeenCalledWith(deleted)
    expect(screen.getByText(/^Se eliminó la entrevista del 12 de marzo de 2025/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Entrevistas anteriores' })).toHaveFocus())
  })

  it('keeps the session when the person cancels, or when deleting fails', async () => {
    const session = buildSession()
    const api = fakeInterviewApi({ sessions: [session] })
    api.answerNext('DELETE', `/api/interviews/${session.id}`, () => errorResponse(500, 'internal'))
    const { user, onDeleted } = renderHistory()

    const button = await screen.findByRole('button', { name: /^Eliminar la entrevista/ })
    await user.click(button)
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/se borrará\. Esta acción no se puede deshacer\.$/)
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(button).toHaveFocus()

    await user.click(button)
    await user.click(screen.getByRole('button', { name: 'Eliminar' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('No se pudo eliminar la entrevista.')
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(onDeleted).not.toHaveBeenCalled()
  })
})

describe('InterviewHistory, kept as a story', () => {
  it('shows one sitting as one conversation under its title, and corrects an answer keeping the first words', async () => {
    const sitting = { id: 'c1', title: 'Los boleros', startedAt: '2025-03-12T10:00:00.000Z' }
    const first = buildSession({ conversation: sitting, timestamp: '2025-03-12T10:00:00.000Z', answer: 'Cantaba boleros.' })
    const second = buildSession({ conversation: sitting, timestamp: '2025-03-12T10:05:00.000Z', answer: 'Bailaba tambien.' })
    const api = fakeInterviewApi({ sessions: [first, second] })
    const { user } = renderHistory()

    const conversations = await screen.findAllByTestId('interview-conversation')
    expect(conversations).toHaveLength(1)
    expect(within(conversations[0]!).getByRole('heading', { level: 3, name: 'Los boleros' })).toBeInTheDocument()
    expect(within(conversations[0]!).getAllByRole('article')).toHaveLength(2)

    await user.click(within(within(conversations[0]!).getAllByRole('article')[1]!).getByRole('button', { name: /^Corregir el texto de «/ }))
    const field = screen.getByRole('textbox', { name: 'Tu respuesta' })
    await user.clear(field)
    await user.type(field, 'Bailaba también.')
    await user.click(screen.getByRole('button', { name: 'Guardar la corrección' }))
    expect(await screen.findByText(/^Se guardó la corrección de tu respuesta del 12 de marzo de 2025/)).toBeInTheDocument()
    await waitFor(() => expect(api.sessions().find((session) => session.id === second.id)).toMatchObject({ answer: 'Bailaba también.', originalAnswer: 'Bailaba tambien.' }))
    expect(await screen.findByRole('button', { name: /^Ver el texto original de «/ })).toBeInTheDocument()
  })
})
