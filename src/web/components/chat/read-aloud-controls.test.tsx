import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeChatServer } from '../../lib/chat/test/fake-chat-server.ts'
import { fakeVoice, installFakeMicrophone, installFakeRecognition, installFakeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { ReadAloudControls } from './read-aloud-controls.tsx'
import { renderTestChat, sendButton } from './test/test-chat.tsx'

beforeEach(() => {
  window.localStorage.clear()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(async () => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const salome = fakeVoice('Salomé', 'es-CO')
const paulina = fakeVoice('Paulina', 'es-MX')
const jorge = fakeVoice('Jorge', 'es-ES')
const samantha = fakeVoice('Samantha', 'en-US')
const daniel = fakeVoice('Daniel', 'en-GB')

function renderControls({ isEnabled = true } = {}) {
  const user = userEvent.setup()
  const props = { persona: 'Ana', isReading: false, onToggle: vi.fn(), onStop: vi.fn() }
  const view = render(<ReadAloudControls isEnabled={isEnabled} {...props} />)
  return { user, rerender: (enabled: boolean) => view.rerender(<ReadAloudControls isEnabled={enabled} {...props} />) }
}

const voiceSelect = () => screen.getByRole('combobox', { name: 'Voz' })
const optionTexts = () =>
  within(voiceSelect())
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('reading the reply aloud', () => {
  it('reads the complete reply in es-CO, closes sending while it speaks, and stops on request', async () => {
    const synthesis = installFakeSynthesis()
    const api = fakeChatServer()
    const { user, input } = await renderTestChat()
    expect(screen.getByRole('button', { name: 'Leer las respuestas en voz alta' })).toHaveAttribute('aria-pressed', 'true')

    await user.type(input, 'Me casé en 1972.{Enter}')
    await screen.findByText('Guardada.')
    expect(synthesis.utterances).toHaveLength(1)
    expect(synthesis.latest().text).toBe('Gracias por contarme: Me casé en 1972.')
    expect(synthesis.latest().lang).toBe('es-CO')
    synthesis.start()

    await user.type(input, '¿Y luego?{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que Ana termine de hablar.')
    expect(api.chatMessages()).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Dejar de leer' }))
    expect(synthesis.cancelCalls()).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Dejar de leer' })).not.toBeInTheDocument()
    await user.click(sendButton())
    await waitFor(() => expect(api.chatMessages()).toHaveLength(2))
  })

  it('remembers when the person turns reading aloud off', async () => {
    const synthesis = installFakeSynthesis()
    fakeChatServer()
    const { user, input } = await renderTestChat()

    const toggle = screen.getByRole('button', { name: 'Leer las respuestas en voz alta' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    expect(window.localStorage.getItem('legado.biography.readAloud')).toBe('off')

    await user.type(input, 'Tuve tres hijos.{Enter}')
    await screen.findByText('Guardada.')
    expect(synthesis.utterances).toHaveLength(0)
  })
})

describe('choosing the voice that reads the replies', () => {
  it('offers the voices of the page’s language, those of Colombia first, only when there are several', () => {
    installFakeSynthesis([paulina, samantha, salome, jorge])
    renderControls()
    expect(optionTexts()).toEqual(['Voz predeterminada', 'Salomé (es-CO)', 'Paulina (es-MX)', 'Jorge (es-ES)'])
    expect(voiceSelect()).toHaveValue('')
  })

  it('shows no choice with a single voice for the language, nor while reading aloud is off', () => {
    const synthesis = installFakeSynthesis([salome, samantha, daniel])
    const { rerender } = renderControls()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()

    rerender(false)
    synthesis.setVoices([salome, paulina])
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    rerender(true)
    expect(voiceSelect()).toBeInTheDocument()
  })

  it('appears once the browser has listed its voices late', () => {
    const synthesis = installFakeSynthesis([])
    renderControls()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    synthesis.setVoices([salome, paulina])
    expect(optionTexts()).toEqual(['Voz predeterminada', 'Salomé (es-CO)', 'Paulina (es-MX)'])
  })

  it('remembers the choice per language and lets the person hear it', async () => {
    const synthesis = installFakeSynthesis([salome, paulina, samantha, daniel])
    const { user } = renderControls()
    await user.selectOptions(voiceSelect(), 'Paulina')
    expect(window.localStorage.getItem('legado.biography.voice.es')).toBe('Paulina')
    expect(voiceSelect()).toHaveValue('Paulina')
    expect(synthesis.latest()).toMatchObject({ text: 'Así sonará Ana al leer tus recuerdos.', lang: 'es-CO', voice: paulina })

    await user.selectOptions(voiceSelect(), '')
    expect(window.localStorage.getItem('legado.biography.voice.es')).toBeNull()
    expect(synthesis.latest().voice).toBe(salome)

    await i18n.changeLanguage('en')
    expect(screen.getByRole('combobox', { name: 'Voice' })).toHaveValue('')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Voice' }), 'Daniel')
    expect(window.localStorage.getItem('legado.biography.voice.en')).toBe('Daniel')
    expect(synthesis.latest()).toMatchObject({ text: 'This is how Ana will sound reading your memories.', lang: 'en-US', voice: daniel })
  })

  it('reads the next reply in the chosen voice', async () => {
    const synthesis = installFakeSynthesis([salome, paulina])
    fakeChatServer()
    const { user, input } = await renderTestChat()
    await user.selectOptions(voiceSelect(), 'Paulina')

    await user.type(input, 'Me casé en 1972.{Enter}')
    await screen.findByText('Guardada.')
    expect(synthesis.latest()).toMatchObject({ text: 'Gracias por contarme: Me casé en 1972.', voice: paulina })
  })

  it('uses the default voice when the remembered one no longer exists', async () => {
    window.localStorage.setItem('legado.biography.voice.es', 'Mónica')
    const synthesis = installFakeSynthesis([paulina, salome])
    fakeChatServer()
    const { user, input } = await renderTestChat()
    expect(voiceSelect()).toHaveValue('')

    await user.type(input, 'Nací en Medellín.{Enter}')
    await screen.findByText('Guardada.')
    expect(synthesis.latest()).toMatchObject({ text: 'Gracias por contarme: Nací en Medellín.', voice: salome })
  })
})
