import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, installFakeSynthesis, removeSynthesis, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { jsonResponse } from '../../../test/http.ts'
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

const sendButton = () => screen.getByRole('button', { name: /^(Enviar|Guardando\.\.\.)$/ })

describe('opening the chat', () => {
  it('shows Cronos’ greeting as his first bubble, asked for in the page’s language', async () => {
    const api = fakeBiographyApi({ opening })
    await renderChat()
    expect(bubbles()).toEqual([`Cronos: ${opening}`])
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/api/biography/chat?language=es' })
    expect(screen.queryByText('Modo guiado')).not.toBeInTheDocument()
  })

  it('says when Cronos is in the guided mode, and how an operator turns on AI', async () => {
    fakeBiographyApi({ opening, mode: 'guided' })
    await renderChat()
    const notice = screen.getByTestId('chat-guided-notice')
    expect(notice).toHaveTextContent('Modo guiado')
    expect(notice).toHaveTextContent('Cronos te hará preguntas preparadas, una a una, sin inteligencia artificial.')
    expect(notice).toHaveTextContent('AI_PROVIDER en gemini u openai (los detalles están en el README)')
  })

  it('still lets the person write when the greeting cannot be loaded', async () => {
    const api = fakeBiographyApi({ opening })
    api.answerNext('GET', '/api/biography/chat?language=es', () => errorResponse(500, 'internal'))
    const user = userEvent.setup()
    renderWithProviders(<BiographyChat />)
    expect(await screen.findByText('No pudimos cargar el saludo de Cronos. Puedes escribirle de todos modos.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Tu mensaje para Cronos' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Volver a cargar el saludo' }))
    expect(await screen.findByText(opening)).toBeInTheDocument()
  })
})

describe('writing to Cronos', () => {
  it('sends with Enter, keeps Shift+Enter as a new line, and saves the exchange as a memory', async () => {
    const api = fakeBiographyApi({ opening, entries: [buildEntry({ title: 'Un recuerdo antiguo' })] })
    const { user, input } = await renderChat()

    await user.type(input, 'Nací en Cali{Shift>}{Enter}{/Shift}en 1950')
    expect(input).toHaveValue('Nací en Cali\nen 1950')
    expect(api.chatMessages()).toEqual([])
    await user.keyboard('{Enter}')

    expect(await screen.findByText('Guardado en tus recuerdos.')).toBeInTheDocument()
    expect(api.chatMessages()).toEqual([{ message: 'Nací en Cali\nen 1950', language: 'es', carried: [] }])
    expect(input).toHaveValue('')
    expect(bubbles()).toEqual([`Cronos: ${opening}`, 'Tú: Nací en Cali\nen 1950', 'Cronos: Gracias por contarme: Nací en Cali\nen 1950'])
    await waitFor(() => expect(memoryHeadings()).toHaveLength(2))
    expect(memoryHeadings()[1]).toBe('Un recuerdo antiguo')
    const newest = within(screen.getByTestId('memory-list')).getAllByRole('article')[0]!
    expect(within(newest).getByText('Nací en Cali\nen 1950', { normalizer: (text) => text })).toBeInTheDocument()
  })

  it('does not send while an input method is still composing a word', async () => {
    const api = fakeBiographyApi({ opening })
    const { user, input } = await renderChat()
    await user.type(input, 'にほん')
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true })
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 })
    expect(api.chatMessages()).toEqual([])
    expect(input).toHaveValue('にほん')
  })

  it('refuses an empty or blank message, out loud, without asking the server', async () => {
    const api = fakeBiographyApi({ opening })
    const { user, input } = await renderChat()

    await user.type(input, '   {Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta algo antes de enviar.')
    await user.click(sendButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta algo antes de enviar.')
    expect(input).toHaveFocus()
    expect(api.chatMessages()).toEqual([])
  })

  it('shows Cronos thinking, then his reply word by word, announcing it only once complete', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()

    await user.type(input, 'Crecí junto al río.{Enter}')
    expect(await screen.findByText('Cronos está pensando…')).toBeInTheDocument()
    expect(screen.getByText('Cronos está pensando…').closest('[role="status"]')).not.toBeNull()

    await stream.delta('Qué ')
    const writing = screen.getByTestId('chat-reply-in-progress')
    expect(writing).toHaveTextContent('Qué')
    expect(screen.queryByText('Cronos está pensando…')).not.toBeInTheDocument()
    await stream.delta('lindo río.')
    expect(writing).toHaveTextContent('Qué lindo río.')
    // Not in the live log yet: a screen reader would read every word as it came.
    expect(within(chatLog()).queryByText(/lindo río/)).not.toBeInTheDocument()
    expect(sendButton()).toHaveTextContent('Guardando...')

    const entry = buildEntry({ conversationPair: [{ role: 'user', parts: [{ text: 'Crecí junto al río.' }] }, { role: 'model', parts: [{ text: 'Qué lindo río.' }] }] })
    api.storeEntry(entry)
    await stream.send({ event: 'done', data: { reply: 'Qué lindo río.', carry: null, entry, notSavedReason: null } })
    expect(within(chatLog()).getByText('Qué lindo río.')).toBeInTheDocument()
    expect(screen.queryByTestId('chat-reply-in-progress')).not.toBeInTheDocument()
    expect(sendButton()).toHaveTextContent('Enviar')
    expect(sendButton()).toHaveAttribute('aria-disabled', 'false')
    await waitFor(() => expect(memoryHeadings()).toHaveLength(1))
  })

  it('keeps sending closed while Cronos answers, says why, and loses nothing typed', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()

    await user.type(input, 'Primera pregunta{Enter}')
    await stream.delta('Un momento')
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true')
    await user.type(input, 'Y otra cosa{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que Cronos termine de responder.')
    expect(input).toHaveValue('Y otra cosa')
    expect(api.chatMessages()).toHaveLength(1)

    await stream.send({ event: 'done', data: { reply: 'Hola.', carry: null, entry: buildEntry(), notSavedReason: null } })
    await user.click(sendButton())
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
    expect(api.chatMessages()[1]).toEqual({ message: 'Y otra cosa', language: 'es', carried: [] })
  })
})

describe('leaving the page', () => {
  it('stops reading the reply stream', async () => {
    const api = fakeBiographyApi({ opening })
    api.holdNextChat()
    const user = userEvent.setup()
    const view = renderWithProviders(<BiographyChat />)
    await user.type(await screen.findByRole('textbox', { name: 'Tu mensaje para Cronos' }), 'Hola{Enter}')
    await screen.findByText('Cronos está pensando…')

    const chatCall = vi.mocked(fetch).mock.calls.find(([path, init]) => path === '/api/biography/chat' && init?.method === 'POST')
    const signal = chatCall?.[1]?.signal
    expect(signal?.aborted).toBe(false)
    view.unmount()
    expect(signal?.aborted).toBe(true)
  })
})

describe('reading the reply aloud', () => {
  it('reads the complete reply in es-CO, closes sending while it speaks, and stops on request', async () => {
    const synthesis = installFakeSynthesis()
    const api = fakeBiographyApi({ opening })
    const { user, input } = await renderChat()
    expect(screen.getByRole('button', { name: 'Leer las respuestas en voz alta' })).toHaveAttribute('aria-pressed', 'true')

    await user.type(input, 'Me casé en 1972.{Enter}')
    await screen.findByText('Guardado en tus recuerdos.')
    expect(synthesis.utterances).toHaveLength(1)
    expect(synthesis.latest().text).toBe('Gracias por contarme: Me casé en 1972.')
    expect(synthesis.latest().lang).toBe('es-CO')
    synthesis.start()

    await user.type(input, '¿Y luego?{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que Cronos termine de hablar.')
    expect(api.chatMessages()).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Dejar de leer' }))
    expect(synthesis.cancelCalls()).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Dejar de leer' })).not.toBeInTheDocument()
    await user.click(sendButton())
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
  })

  it('remembers when the person turns reading aloud off', async () => {
    const synthesis = installFakeSynthesis()
    fakeBiographyApi({ opening })
    const { user, input } = await renderChat()

    const toggle = screen.getByRole('button', { name: 'Leer las respuestas en voz alta' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    expect(window.localStorage.getItem('legado.biography.readAloud')).toBe('off')

    await user.type(input, 'Tuve tres hijos.{Enter}')
    await screen.findByText('Guardado en tus recuerdos.')
    expect(synthesis.utterances).toHaveLength(0)
  })
})

describe('when Cronos cannot answer', () => {
  it.each([
    ['ai_blocked', 'Mi configuración de seguridad me impide responder a eso. ¿Podemos hablar de otra cosa?'],
    ['ai_invalid_key', 'Problema con la API Key de IA.'],
    ['upstream_failed', 'Lo siento, ocurrió un error con el asistente.'],
    ['ai_unavailable', 'Ahora mismo no puedo responder: el asistente no está disponible. Inténtalo de nuevo en unos minutos.'],
  ] as const)('answers %s with its message, keeps the person’s words and offers to try again', async (code, text) => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()

    await user.type(input, 'Mi primer trabajo{Enter}')
    await stream.delta('Em')
    await stream.send({ event: 'error', data: { code, message: 'upstream said no' } })

    expect(bubbles()).toEqual([`Cronos: ${opening}`, 'Tú: Mi primer trabajo', `Cronos: ${text}`])
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(await within(chatLog()).findByText('Gracias por contarme: Mi primer trabajo')).toBeInTheDocument()
    expect(api.chatMessages()).toEqual([
      { message: 'Mi primer trabajo', language: 'es', carried: [] },
      { message: 'Mi primer trabajo', language: 'es', carried: [] },
    ])
    expect(bubbles()).toEqual([`Cronos: ${opening}`, 'Tú: Mi primer trabajo', 'Cronos: Gracias por contarme: Mi primer trabajo'])
  })

  it('says so when too many messages were sent', async () => {
    const api = fakeBiographyApi({ opening })
    api.answerNext('POST', '/api/biography/chat', () => errorResponse(429, 'rate_limited'))
    const { user, input } = await renderChat()
    await user.type(input, 'Hola{Enter}')
    expect(await within(chatLog()).findByText('Demasiados intentos. Espera unos minutos y vuelve a intentarlo.')).toBeInTheDocument()
    expect(within(chatLog()).getByText('Hola')).toBeInTheDocument()
  })

  it('treats a dropped connection as a failed reply and fetches the memories again', async () => {
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

  it('sends the exchanges the server could not save with the next message, so Cronos remembers them', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()
    await user.type(input, 'Nací en Cali{Enter}')
    const carry = { user: 'Nací en Cali', model: '¡Cali! ¿Y tu casa?', receipt: 'firma-del-servidor' }
    await stream.delta('¡Cali! ¿Y tu casa?')
    await stream.send({ event: 'done', data: { reply: carry.model, carry, entry: null, notSavedReason: 'biography.no_self_member' } })
    await user.type(input, 'Tenía un patio{Enter}')
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
    expect(api.chatMessages()[0]).toMatchObject({ carried: [] })
    expect(api.chatMessages()[1]).toEqual({ message: 'Tenía un patio', language: 'es', carried: [carry] })
  })

  it('shows the reply as the server kept it when the model was cut off mid-sentence', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { user, input } = await renderChat()
    await user.type(input, 'Hola{Enter}')
    await stream.delta('Qué alegría. ¿Cómo se llamaba tu')
    await stream.send({ event: 'done', data: { reply: 'Qué alegría.', carry: null, entry: buildEntry(), notSavedReason: null } })
    expect(within(chatLog()).getByText('Qué alegría.')).toBeInTheDocument()
    expect(screen.queryByText(/Cómo se llamaba tu/)).not.toBeInTheDocument()
  })

  it('answers a server that refuses the message as a whole with the translated reason', async () => {
    const api = fakeBiographyApi({ opening })
    api.answerNext('POST', '/api/biography/chat', () =>
      jsonResponse(400, { error: { code: 'validation_failed', message: 'x', details: [{ path: 'message', code: 'biography.message_required' }] } }),
    )
    const { user, input } = await renderChat()
    await user.type(input, 'x{Enter}')
    expect(await within(chatLog()).findByText('Escribe o dicta algo antes de enviar.')).toBeInTheDocument()
  })
})
