import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, installFakeSynthesis, removeSynthesis, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { bubbles, chatLog, memoryHeadings, opening, renderChat } from '../test/chat-helpers.tsx'
import { buildEntry, errorResponse, fakeBiographyApi } from '../test/fake-biography-api.ts'
import { BiographyChat } from './biography-chat.tsx'

beforeEach(() => {
  window.localStorage.clear()
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

describe('opening the chat', () => {
  it('shows Cronos’ greeting as his first bubble, asked for in the page’s language', async () => {
    const api = fakeBiographyApi({ opening })
    await renderChat()
    expect(bubbles()).toEqual([`Cronos: ${opening}`])
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/api/biography/chat?language=es' })
    expect(screen.queryByText('Modo guiado')).not.toBeInTheDocument()
  })

  it("says when Cronos is in the guided mode, and that whoever looks after Legado can turn AI on, in the family's words", async () => {
    fakeBiographyApi({ opening, mode: 'guided' })
    await renderChat()
    const notice = screen.getByTestId('chat-guided-notice')
    expect(notice).toHaveTextContent('Modo guiado')
    expect(notice).toHaveTextContent('Cronos te hará preguntas preparadas, una a una, sin inteligencia artificial.')
    expect(notice).toHaveTextContent('Aquí el asistente funciona en modo guiado. Quien cuida este Legado puede activar la inteligencia artificial cuando quiera.')
    expect(notice).not.toHaveTextContent(/AI_PROVIDER|README/)
  })

  it('asks again for the greeting when it could not be loaded', async () => {
    const api = fakeBiographyApi({ opening })
    api.answerNext('GET', '/api/biography/chat?language=es', () => errorResponse(500, 'internal'))
    const user = userEvent.setup()
    renderWithProviders(<BiographyChat />)
    expect(await screen.findByText('No pudimos cargar el saludo de Cronos. Puedes escribirle de todos modos.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Volver a cargar el saludo' }))
    expect(await screen.findByText(opening)).toBeInTheDocument()
  })
})

describe('writing to Cronos', () => {
  it('sends the message to Cronos and saves the exchange as a memory, shown at once in the list', async () => {
    const api = fakeBiographyApi({ opening, entries: [buildEntry({ title: 'Un recuerdo antiguo' })] })
    const { user, input } = await renderChat()

    await user.type(input, 'Nací en Cali{Shift>}{Enter}{/Shift}en 1950{Enter}')

    expect(await screen.findByText('Guardado en tus recuerdos.')).toBeInTheDocument()
    expect(api.chatMessages()).toEqual([{ message: 'Nací en Cali\nen 1950', language: 'es', carried: [] }])
    expect(bubbles()).toEqual([`Cronos: ${opening}`, 'Tú: Nací en Cali\nen 1950', 'Cronos: Gracias por contarme: Nací en Cali\nen 1950'])
    await waitFor(() => expect(memoryHeadings()).toHaveLength(2))
    expect(memoryHeadings()[1]).toBe('Un recuerdo antiguo')
    const newest = within(screen.getByTestId('memory-list')).getAllByRole('article')[0]!
    expect(within(newest).getByText('Nací en Cali\nen 1950', { normalizer: (text) => text })).toBeInTheDocument()
    // The answer is kept under the question it answered: the opening's, not Cronos' next one.
    expect(within(newest).getByTestId('kept-question')).toHaveTextContent('¿Dónde naciste?')
  })

  it('says «otra» asks for another question and is kept as no memory', async () => {
    const api = fakeBiographyApi({ opening })
    const { user, input } = await renderChat()
    await user.type(input, 'Otra{Enter}')
    expect(await screen.findByText('Pasamos a otra pregunta: esto no se guarda como recuerdo.')).toBeInTheDocument()
    expect(api.entries()).toEqual([])
    expect(screen.queryByText('Hubo un problema al guardar este recuerdo.')).not.toBeInTheDocument()
  })

  it('keeps the answers of one sitting in one conversation, each under the question it answered', async () => {
    fakeBiographyApi({ opening })
    const { user, input } = await renderChat()

    await user.type(input, 'En Cali.{Enter}')
    await screen.findByText('Guardado en tus recuerdos.')
    await user.type(input, 'Mi abuela me crió.{Enter}')
    await waitFor(() => expect(screen.getAllByText('Guardado en tus recuerdos.')).toHaveLength(2))

    const conversations = await screen.findAllByTestId('memory-conversation')
    expect(conversations).toHaveLength(1)
    expect(within(conversations[0]!).getByTestId('conversation-title')).toHaveTextContent(/ · ¿Dónde naciste\?$/)
    const answers = within(conversations[0]!).getAllByTestId('kept-exchange')
    expect(answers.map((answer) => within(answer).getByTestId('kept-answer').textContent)).toEqual(['En Cali.', 'Mi abuela me crió.'])
  })

  it('reads Cronos’ reply aloud once complete, and waits for him to finish before sending again', async () => {
    const synthesis = installFakeSynthesis()
    const api = fakeBiographyApi({ opening })
    const { user, input } = await renderChat()

    await user.type(input, 'Me casé en 1972.{Enter}')
    await screen.findByText('Guardado en tus recuerdos.')
    expect(synthesis.latest()).toMatchObject({ text: 'Gracias por contarme: Me casé en 1972.', lang: 'es-CO' })
    synthesis.start()
    await user.type(input, '¿Y luego?{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que Cronos termine de hablar.')
    expect(api.chatMessages()).toHaveLength(1)
  })
})

describe('when Cronos cannot answer, or the memory is not saved', () => {
  it('offers to send again a message Cronos could not answer', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()

    await user.type(input, 'Mi primer trabajo{Enter}')
    await stream.send({ event: 'error', data: { code: 'ai_blocked', message: 'blocked' } })
    expect(bubbles()).toEqual([`Cronos: ${opening}`, 'Tú: Mi primer trabajo', 'Cronos: Mi configuración de seguridad me impide responder a eso. ¿Podemos hablar de otra cosa?'])
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(await within(chatLog()).findByText('Gracias por contarme: Mi primer trabajo')).toBeInTheDocument()
    expect(api.chatMessages()).toHaveLength(2)
  })

  it('fetches the memories again when the connection drops, since the server may have saved the exchange', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()
    expect(await screen.findByText('Tu biografía todavía está en blanco.')).toBeInTheDocument()

    await user.type(input, 'La casa de mi abuela{Enter}')
    await stream.delta('Qué bonita')
    // The server saved the exchange before the connection dropped.
    api.storeEntry(buildEntry({ title: 'La casa de la abuela' }))
    await stream.drop()

    expect(within(chatLog()).getByText('Lo siento, ocurrió un error con el asistente.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'La casa de la abuela' })).toBeInTheDocument()
  })

  it.each([
    ['biography.no_self_member', 'No se puede guardar el recuerdo sin un perfil de miembro asociado.'],
    ['biography.save_failed', 'Hubo un problema al guardar este recuerdo.'],
  ] as const)('says when the reply came but the memory was not saved (%s)', async (reason, text) => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()
    await user.type(input, 'Hola{Enter}')
    await stream.delta('Hola, Rosa.')
    await stream.send({ event: 'done', data: { reply: 'Hola, Rosa.', carry: { user: 'Hola', model: 'Hola, Rosa.', receipt: 'firma' }, entry: null, notSavedReason: reason } })
    expect(within(chatLog()).getByText(text)).toBeInTheDocument()
    expect(screen.queryByText('Guardado en tus recuerdos.')).not.toBeInTheDocument()
  })

  it('sends the exchanges that were not saved with the next message, so Cronos remembers them without a profile', async () => {
    const api = fakeBiographyApi({ opening, canSave: false })
    const { user, input } = await renderChat()
    await user.type(input, 'Nací en Cali{Enter}')
    await screen.findByText('No se puede guardar el recuerdo sin un perfil de miembro asociado.')
    await user.type(input, 'Tenía un patio{Enter}')
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
    expect(api.chatMessages()[1]).toEqual({
      message: 'Tenía un patio',
      language: 'es',
      carried: [{ user: 'Nací en Cali', model: 'Gracias por contarme: Nací en Cali', receipt: 'firma' }],
    })
  })
})
