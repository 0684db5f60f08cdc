import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeChatServer } from '../../lib/chat/test/fake-chat-server.ts'
import { testChatUrl, testOpening } from '../../lib/chat/test/test-persona.ts'
import { installFakeMicrophone, installFakeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { jsonResponse } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { bubbles, renderTestChat, TestChat } from './test/test-chat.tsx'

beforeEach(() => {
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

describe('opening the chat', () => {
  it('shows the persona getting ready, then her greeting as her first bubble', async () => {
    fakeChatServer()
    renderWithProviders(<TestChat />)
    expect(screen.getByText('Ana se está preparando…')).toBeInTheDocument()
    expect(await screen.findByText(testOpening)).toBeInTheDocument()
    expect(bubbles()).toEqual([`Ana: ${testOpening}`])
    expect(screen.queryByTestId('chat-guided-notice')).not.toBeInTheDocument()
  })

  it("says when the persona is in the guided mode, and that whoever looks after Legado can turn AI on, in the family's words", async () => {
    fakeChatServer({ mode: 'guided' })
    await renderTestChat()
    const notice = screen.getByTestId('chat-guided-notice')
    expect(notice).toHaveTextContent('Modo guiado')
    expect(notice).toHaveTextContent('Ana te hará preguntas preparadas, una a una, sin inteligencia artificial.')
    expect(notice).toHaveTextContent('Aquí el asistente funciona en modo guiado. Quien cuida este Legado puede activar la inteligencia artificial cuando quiera.')
    expect(notice).not.toHaveTextContent(/AI_PROVIDER|README/)
  })

  it('still lets the person write when the greeting cannot be loaded, and loads it again on request', async () => {
    const api = fakeChatServer()
    api.answerNext('GET', `${testChatUrl}?language=es`, () => jsonResponse(500, { error: { code: 'internal', message: 'x' } }))
    const user = userEvent.setup()
    renderWithProviders(<TestChat />)
    expect(await screen.findByText('No pudimos cargar el saludo de Ana. Puedes escribirle de todos modos.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Tu mensaje para Ana' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Volver a cargar el saludo' }))
    expect(await screen.findByText(testOpening)).toBeInTheDocument()
  })
})
