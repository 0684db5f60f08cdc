import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeChatServer } from '../../lib/chat/test/fake-chat-server.ts'
import { testChatUrl, testOpening } from '../../lib/chat/test/test-persona.ts'
import { installFakeMicrophone, installFakeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { jsonResponse } from '../../test/http.ts'
import { bubbles, chatLog, renderTestChat, sendButton } from './test/test-chat.tsx'

beforeEach(() => {
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

describe('the conversation', () => {
  it('shows the persona thinking, then her reply word by word, announcing it only once complete', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { user, input } = await renderTestChat()

    await user.type(input, 'Crecí junto al río.{Enter}')
    expect(await screen.findByText('Ana está pensando…')).toBeInTheDocument()
    expect(screen.getByText('Ana está pensando…').closest('[role="status"]')).not.toBeNull()

    await stream.delta('Qué ')
    const writing = screen.getByTestId('chat-reply-in-progress')
    expect(writing).toHaveTextContent('Qué')
    expect(screen.queryByText('Ana está pensando…')).not.toBeInTheDocument()
    await stream.delta('lindo río.')
    expect(writing).toHaveTextContent('Qué lindo río.')
    // Not in the live log yet: a screen reader would read every word as it came.
    expect(within(chatLog()).queryByText(/lindo río/)).not.toBeInTheDocument()
    expect(sendButton()).toHaveTextContent('Guardando...')

    await stream.send({ event: 'done', data: { reply: 'Qué lindo río.', carry: null, sessionId: 'session-1' } })
    expect(bubbles()).toEqual([`Ana: ${testOpening}`, 'Tú: Crecí junto al río.', 'Ana: Qué lindo río.'])
    expect(within(chatLog()).getByText('Guardada.')).toBeInTheDocument()
    expect(screen.queryByTestId('chat-reply-in-progress')).not.toBeInTheDocument()
    expect(sendButton()).toHaveTextContent('Enviar')
    expect(sendButton()).toHaveAttribute('aria-disabled', 'false')
  })
})

describe('when the persona cannot answer', () => {
  it.each([
    ['ai_blocked', 'Mi configuración de seguridad me impide responder a eso. ¿Podemos hablar de otra cosa?'],
    ['ai_invalid_key', 'Problema con la API Key de IA.'],
    ['upstream_failed', 'Lo siento, ocurrió un error con el asistente.'],
    ['ai_unavailable', 'Ahora mismo no puedo responder: el asistente no está disponible. Inténtalo de nuevo en unos minutos.'],
  ] as const)('answers %s with its message, keeps the person’s words and offers to try again', async (code, text) => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { user, input } = await renderTestChat()

    await user.type(input, 'Mi primer trabajo{Enter}')
    await stream.delta('Em')
    await stream.send({ event: 'error', data: { code, message: 'upstream said no' } })

    expect(bubbles()).toEqual([`Ana: ${testOpening}`, 'Tú: Mi primer trabajo', `Ana: ${text}`])
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(await within(chatLog()).findByText('Gracias por contarme: Mi primer trabajo')).toBeInTheDocument()
    expect(api.chatMessages()).toEqual([
      { memberId: 'member-1', message: 'Mi primer trabajo', language: 'es', carried: [] },
      { memberId: 'member-1', message: 'Mi primer trabajo', language: 'es', carried: [] },
    ])
    expect(bubbles()).toEqual([`Ana: ${testOpening}`, 'Tú: Mi primer trabajo', 'Ana: Gracias por contarme: Mi primer trabajo'])
  })

  it('treats a dropped connection as a failed reply', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { user, input } = await renderTestChat()
    await user.type(input, 'La casa de mi abuela{Enter}')
    await stream.delta('Qué bonita')
    await stream.drop()
    expect(within(chatLog()).getByText('Lo siento, ocurrió un error con el asistente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument()
  })

  it('says so when too many messages were sent', async () => {
    const api = fakeChatServer()
    api.answerNext('POST', testChatUrl, () => jsonResponse(429, { error: { code: 'rate_limited', message: 'x' } }))
    const { user, input } = await renderTestChat()
    await user.type(input, 'Hola{Enter}')
    expect(await within(chatLog()).findByText('Demasiados intentos por ahora. Vuelve a intentarlo más tarde.')).toBeInTheDocument()
    expect(within(chatLog()).getByText('Hola')).toBeInTheDocument()
  })

  it('answers a server that refuses the message as a whole with the translated reason', async () => {
    const api = fakeChatServer()
    api.answerNext('POST', testChatUrl, () =>
      jsonResponse(400, { error: { code: 'validation_failed', message: 'x', details: [{ path: 'message', code: 'validation.too_long' }] } }),
    )
    const { user, input } = await renderTestChat()
    await user.type(input, 'x{Enter}')
    expect(await within(chatLog()).findByText('El texto es demasiado largo.')).toBeInTheDocument()
  })
})
