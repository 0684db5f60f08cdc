import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, removeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { fakeChatServer } from '../../lib/chat/test/fake-chat-server.ts'
import { renderTestChat } from './test/test-chat.tsx'

beforeEach(() => {
  removeSynthesis()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

const micButton = () => screen.queryByRole('button', { name: 'Dictar con el micrófono' })

describe('dictating a message', () => {
  it('records one utterance in es-CO, adds what was said to the message, and stops when sending', async () => {
    const recognition = installFakeRecognition()
    installFakeMicrophone()
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()

    await user.type(input, 'Mi madre se llamaba')
    expect(micButton()).toHaveAttribute('aria-pressed', 'false')
    await user.click(micButton()!)
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    const session = recognition.latest()
    expect(session.lang).toBe('es-CO')
    expect(session.continuous).toBe(false)
    expect(micButton()).toHaveAttribute('aria-pressed', 'true')

    session.emitStart()
    expect(screen.getByText('Grabando ahora')).toBeInTheDocument()
    session.emitResult([{ transcript: 'Carmen' }])
    expect(screen.getByText('Escuchando: Carmen')).toBeInTheDocument()
    session.emitResult([{ transcript: 'Carmen Ruiz', isFinal: true }])
    expect(input).toHaveValue('Mi madre se llamaba Carmen Ruiz')

    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(session.stopCalls).toBe(1)
    await waitFor(() => expect(api.chatMessages()).toEqual([{ memberId: 'member-1', message: 'Mi madre se llamaba Carmen Ruiz', language: 'es', carried: [] }]))
    session.emitEnd()
    expect(screen.queryByText('Grabando ahora')).not.toBeInTheDocument()
    expect(micButton()).toHaveAttribute('aria-pressed', 'false')
  })

  it('says briefly when no voice was heard', async () => {
    const recognition = installFakeRecognition()
    installFakeMicrophone()
    fakeChatServer()
    const { user } = await renderTestChat()

    await user.click(micButton()!)
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    recognition.latest().emitStart()
    recognition.latest().emitError('no-speech')
    recognition.latest().emitEnd()
    expect(screen.getByText('No se detectó ninguna voz. Pulsa «Dictar» e inténtalo de nuevo.')).toBeInTheDocument()
  })

  it('hides the microphone where the browser cannot dictate, and says so', async () => {
    removeRecognition()
    fakeChatServer()
    const { input } = await renderTestChat()
    expect(micButton()).not.toBeInTheDocument()
    expect(screen.getByText('El dictado por voz no está disponible en este navegador. Puedes escribir tu mensaje.')).toBeInTheDocument()
    expect(input).toBeEnabled()
  })

  it('when the microphone is refused, removes it, locks the box with the reason, and offers to keep typing', async () => {
    installFakeRecognition()
    installFakeMicrophone({ permission: 'denied' })
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()

    expect(await screen.findByText('No se pudo acceder al micrófono. Permite el acceso en la configuración de tu navegador para dictar.')).toBeInTheDocument()
    expect(micButton()).not.toBeInTheDocument()
    expect(input).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(screen.getByText('El micrófono está bloqueado. Pulsa «Seguir escribiendo sin micrófono» para escribir tu mensaje.')).toBeInTheDocument()
    expect(api.chatMessages()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Seguir escribiendo sin micrófono' }))
    expect(input).toBeEnabled()
    await waitFor(() => expect(input).toHaveFocus())
    expect(micButton()).not.toBeInTheDocument()
    expect(screen.queryByText(/No se pudo acceder al micrófono/)).not.toBeInTheDocument()
    await user.type(input, 'Escribo sin micrófono{Enter}')
    await waitFor(() => expect(api.chatMessages()).toEqual([{ memberId: 'member-1', message: 'Escribo sin micrófono', language: 'es', carried: [] }]))
  })

  it('reaches the same blocked state when the refusal comes on pressing the mic', async () => {
    installFakeRecognition()
    installFakeMicrophone({ getUserMedia: 'NotAllowedError', permission: 'unsupported' })
    fakeChatServer()
    const { user, input } = await renderTestChat()

    await user.click(micButton()!)
    expect(await screen.findByRole('button', { name: 'Seguir escribiendo sin micrófono' })).toBeInTheDocument()
    expect(micButton()).not.toBeInTheDocument()
    expect(input).toBeDisabled()
  })

  it('keeps listening until stopped for a persona that dictates continuously', async () => {
    const recognition = installFakeRecognition()
    installFakeMicrophone()
    fakeChatServer()
    const { user, input } = await renderTestChat({ isDictationContinuous: true })

    await user.click(micButton()!)
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    expect(recognition.latest().continuous).toBe(true)
    recognition.latest().emitStart()
    recognition.latest().emitResult([{ transcript: 'Era maestra', isFinal: true }])
    recognition.latest().emitResult(
      [
        { transcript: 'Era maestra', isFinal: true },
        { transcript: 'en Cali', isFinal: true },
      ],
      1,
    )
    expect(input).toHaveValue('Era maestra en Cali')
    expect(screen.getByText('Grabando ahora')).toBeInTheDocument()
  })

  it('offers no microphone, and never locks the box, for a persona that does not dictate', async () => {
    installFakeRecognition()
    installFakeMicrophone({ permission: 'denied' })
    const api = fakeChatServer()
    const { user, input } = await renderTestChat({ hasDictation: false })

    expect(micButton()).not.toBeInTheDocument()
    expect(screen.queryByText(/micrófono/)).not.toBeInTheDocument()
    await user.type(input, 'Sin micrófono{Enter}')
    await waitFor(() => expect(api.chatMessages()).toHaveLength(1))
  })
})
