import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, uninstallSpeechFakes, type FakeRecognitionController } from '../../../lib/speech/test/fake-speech.ts'
import { fakeAiLabApi } from '../test/fake-ai-lab-api.ts'
import { generateButton, memoryBox, renderTell, saveAsToldButton } from '../test/render-tell.tsx'

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

/** Starts dictation with the mic button and hears `words`, said and final. */
async function dictate(user: ReturnType<typeof renderTell>['user'], recognition: FakeRecognitionController, words: string) {
  await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
  await waitFor(() => expect(recognition.instances).toHaveLength(1))
  recognition.latest().emitStart()
  recognition.latest().emitResult([{ transcript: words, isFinal: true }])
}

describe('Tell a memory, dictated', () => {
  it('dictates in Spanish from Spain, continuously, adding what it hears to the memory', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    fakeAiLabApi()
    const { user } = renderTell()

    await user.type(memoryBox(), 'Mi abuela  ')
    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    expect(recognition.latest().lang).toBe('es-ES')
    expect(recognition.latest().continuous).toBe(true)
    recognition.latest().emitStart()
    expect(screen.getByRole('button', { name: 'Dictar con el micrófono' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText('Grabando ahora')).toBeInTheDocument()

    recognition.latest().emitResult([{ transcript: 'cantaba bol' }])
    expect(screen.getByText('Escuchando: cantaba bol')).toBeInTheDocument()
    expect(memoryBox()).toHaveValue('Mi abuela  ')
    recognition.latest().emitResult([{ transcript: 'cantaba boleros', isFinal: true }])
    expect(memoryBox()).toHaveValue('Mi abuela cantaba boleros')
    recognition.latest().emitResult(
      [
        { transcript: 'cantaba boleros', isFinal: true },
        { transcript: 'en la cocina', isFinal: true },
      ],
      1,
    )
    expect(memoryBox()).toHaveValue('Mi abuela cantaba boleros en la cocina')

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    expect(recognition.latest().stopCalls).toBe(1)
  })

  it('stops dictating when a variation is asked for, and waits for the last words before sending', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await dictate(user, recognition, 'El mar de Cádiz')
    await user.click(generateButton()!)
    expect(recognition.latest().stopCalls).toBe(1)
    // The recognition hands over its last words after stop(), then ends.
    act(() => {
      recognition.latest().emitResult([{ transcript: 'y su faro', isFinal: true }])
      recognition.latest().emitEnd()
    })
    expect(await screen.findByRole('button', { name: 'Guardar con la variación' })).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/variations').map((request) => request.body)).toEqual([{ text: 'El mar de Cádiz y su faro', language: 'es' }])
  })

  it('saves the whole dictated memory when Save is pressed while dictating, and leaves the box empty', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await dictate(user, recognition, 'Mi abuela')
    await user.click(saveAsToldButton())
    act(() => {
      recognition.latest().emitResult([{ transcript: 'cantaba', isFinal: true }])
      recognition.latest().emitEnd()
    })
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/memories').map((request) => request.body)).toEqual([
      { originalText: 'Mi abuela cantaba', aiVariationText: null, saveMethod: 'original' },
    ])
    expect(memoryBox()).toHaveValue('')
    expect(memoryBox()).toHaveFocus()
  })

  it('says the microphone was refused and lets the person go on typing', async () => {
    installFakeMicrophone({ getUserMedia: 'NotAllowedError' })
    installFakeRecognition()
    fakeAiLabApi()
    const { user } = renderTell()

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    const denied = await screen.findByRole('alert')
    expect(denied).toHaveTextContent('No se pudo acceder al micrófono. Permite el acceso en la configuración de tu navegador para dictar.')
    expect(screen.queryByRole('button', { name: 'Dictar con el micrófono' })).not.toBeInTheDocument()

    await user.click(within(denied).getByRole('button', { name: 'Seguir escribiendo sin micrófono' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(memoryBox()).toHaveFocus()
  })
})
