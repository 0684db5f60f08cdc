import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeChatServer } from '../../lib/chat/test/fake-chat-server.ts'
import { pretendTouchScreen } from '../../test/touch-screen.ts'
import { installFakeMicrophone, installFakeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { bubbles, renderTestChat, sendButton, TestChat } from './test/test-chat.tsx'

beforeEach(() => {
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

const message = (text: string) => ({ memberId: 'member-1', message: text, language: 'es', carried: [] })

describe('writing to the persona', () => {
  it('sends with Enter and keeps Shift+Enter as a new line', async () => {
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()
    expect(input).toHaveAccessibleDescription('Enter envía el mensaje; Mayúsculas + Enter empieza una línea nueva.')

    await user.type(input, 'Nací en Cali{Shift>}{Enter}{/Shift}en 1950')
    expect(input).toHaveValue('Nací en Cali\nen 1950')
    expect(api.chatMessages()).toEqual([])
    await user.keyboard('{Enter}')

    await waitFor(() => expect(bubbles()).toContain('Ana: Gracias por contarme: Nací en Cali\nen 1950'))
    expect(api.chatMessages()).toEqual([message('Nací en Cali\nen 1950')])
    expect(input).toHaveValue('')
    expect(bubbles()).toContain('Tú: Nací en Cali\nen 1950')
  })

  it('on a touch screen, makes Enter a new line, sends only with Send, and says so', async () => {
    pretendTouchScreen()
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()
    expect(input).toHaveAccessibleDescription('Tu mensaje se envía solo al pulsar «Enviar»; la tecla Intro del teclado empieza una línea nueva.')

    await user.type(input, 'Nací en Cali{Enter}en 1950')
    expect(input).toHaveValue('Nací en Cali\nen 1950')
    expect(api.chatMessages()).toEqual([])

    await user.click(sendButton())
    await waitFor(() => expect(api.chatMessages()).toEqual([message('Nací en Cali\nen 1950')]))
    expect(input).toHaveValue('')
  })

  it('does not send while an input method is still composing a word', async () => {
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()
    await user.type(input, 'にほん')
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true })
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 })
    expect(api.chatMessages()).toEqual([])
    expect(input).toHaveValue('にほん')
  })

  it('refuses an empty or blank message, out loud, without asking the server', async () => {
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()

    await user.type(input, '   {Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta algo antes de enviar.')
    await user.click(sendButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta algo antes de enviar.')
    expect(sendButton()).toHaveAccessibleDescription('Por favor, escribe o dicta algo antes de enviar.')
    expect(input).toHaveFocus()
    expect(api.chatMessages()).toEqual([])
  })

  it('keeps sending closed while the persona answers, says why, and loses nothing typed', async () => {
    const api = fakeChatServer()
    const stream = api.holdNextChat()
    const { user, input } = await renderTestChat()

    await user.type(input, 'Primera pregunta{Enter}')
    await stream.delta('Un momento')
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true')
    await user.type(input, 'Y otra cosa{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que Ana termine de responder.')
    expect(input).toHaveValue('Y otra cosa')
    expect(api.chatMessages()).toHaveLength(1)

    await stream.send({ event: 'done', data: { reply: 'Hola.', carry: null, sessionId: 'session-1' } })
    await user.click(sendButton())
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
    expect(api.chatMessages()[1]).toEqual(message('Y otra cosa'))
  })

  it('waits while the feature saves its files, saying so, and for the feature’s own reasons', async () => {
    const api = fakeChatServer()
    const { user, input, view } = await renderTestChat({ isSaving: true })

    expect(sendButton()).toHaveTextContent('Guardando...')
    await user.type(input, 'Hola{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que se guarden tus archivos.')

    view.rerender(<TestChat waitFor="Detén la grabación primero." />)
    await user.type(input, '{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Detén la grabación primero.')
    expect(sendButton()).toHaveTextContent('Enviar')
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true')
    expect(api.chatMessages()).toEqual([])
  })
})
