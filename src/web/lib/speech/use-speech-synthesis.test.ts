import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeVoice, installFakeSynthesis, removeSynthesis, uninstallSpeechFakes } from './test/fake-speech.ts'
import { useSpeechSynthesis, voicesForLanguage } from './use-speech-synthesis.ts'

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

const voices = [fakeVoice('Paulina', 'es_MX'), fakeVoice('Salomé', 'es-CO'), fakeVoice('Samantha', 'en-US'), fakeVoice('Amélie', 'fr-CA')]

describe('useSpeechSynthesis', () => {
  it('reads in es-CO by default with a voice of that locale', () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    expect(result.current.supported).toBe(true)
    act(() => void result.current.speak('Hola, Rosa.'))
    expect(synthesis.latest()).toMatchObject({ text: 'Hola, Rosa.', lang: 'es-CO', voice: voices[1] })
  })

  it('prefers the named voice when it exists', () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis({ voiceName: 'Paulina' }))
    act(() => void result.current.speak('Hola'))
    expect(synthesis.latest()).toMatchObject({ lang: 'es-CO', voice: voices[0] })
  })

  it('falls back to a voice of the base language, or to the browser default', () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis({ voiceName: 'Nobody' }))
    act(() => void result.current.speak('Bonjour', 'fr'))
    expect(synthesis.latest()).toMatchObject({ lang: 'fr-FR', voice: voices[3] })

    synthesis.uninstall()
    const noFrench = installFakeSynthesis([voices[0]!])
    act(() => void result.current.speak('Hello', 'en'))
    expect(noFrench.latest()).toMatchObject({ lang: 'en-US', voice: null })
  })

  it("lets one speech use another voice than the hook's", () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis({ voiceName: 'Salomé' }))
    act(() => void result.current.speak('Hola', 'es', 'Paulina'))
    expect(synthesis.latest().voice).toBe(voices[0])
    act(() => void result.current.speak('Hola'))
    expect(synthesis.latest().voice).toBe(voices[1])
  })

  it("lists the browser's voices by name and language", () => {
    installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    expect(result.current.voices).toEqual([
      { name: 'Paulina', lang: 'es_MX' },
      { name: 'Salomé', lang: 'es-CO' },
      { name: 'Samantha', lang: 'en-US' },
      { name: 'Amélie', lang: 'fr-CA' },
    ])
  })

  it('keeps the voices up to date when the browser lists them late, and stops listening when unmounted', () => {
    const synthesis = installFakeSynthesis([])
    const { result, unmount } = renderHook(() => useSpeechSynthesis())
    expect(result.current.voices).toEqual([])
    expect(synthesis.voicesListeners()).toBe(1)

    synthesis.setVoices([voices[1]!])
    expect(result.current.voices).toEqual([{ name: 'Salomé', lang: 'es-CO' }])
    const listed = result.current.voices
    synthesis.setVoices([voices[1]!])
    expect(result.current.voices).toBe(listed)

    unmount()
    expect(synthesis.voicesListeners()).toBe(0)
  })

  it('lists no voices where the browser cannot speak', () => {
    removeSynthesis()
    const { result } = renderHook(() => useSpeechSynthesis())
    expect(result.current.voices).toEqual([])
  })

  it('reads without markdown symbols', () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    act(() => void result.current.speak('## Tu infancia\n**Nací** en _Medellín_ `hoy`'))
    expect(synthesis.latest().text).toBe('Tu infancia\nNací en Medellín hoy')
  })

  it('toggles speaking and resolves when the speech ends', async () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    let done = false
    act(() => void result.current.speak('Hola').then(() => (done = true)))
    expect(result.current.speaking).toBe(false)
    synthesis.start()
    expect(result.current.speaking).toBe(true)
    synthesis.end()
    expect(result.current.speaking).toBe(false)
    await act(() => Promise.resolve())
    expect(done).toBe(true)
  })

  it('resolves, not rejects, when the speech fails', async () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    let speech: Promise<void> = Promise.resolve()
    act(() => void (speech = result.current.speak('Hola')))
    synthesis.start()
    synthesis.fail('synthesis-failed')
    await expect(speech).resolves.toBeUndefined()
    expect(result.current.speaking).toBe(false)
  })

  it('cancels a running speech before the next one, and settles the first', async () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    let first: Promise<void> = Promise.resolve()
    act(() => void (first = result.current.speak('Primera')))
    synthesis.start()
    act(() => void result.current.speak('Segunda'))
    expect(synthesis.cancelCalls()).toBe(1)
    await expect(first).resolves.toBeUndefined()
    expect(synthesis.utterances.map((utterance) => utterance.text)).toEqual(['Primera', 'Segunda'])

    synthesis.start()
    expect(result.current.speaking).toBe(true)
  })

  it('cancel() stops the speech and settles it', async () => {
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    let speech: Promise<void> = Promise.resolve()
    act(() => void (speech = result.current.speak('Hola')))
    synthesis.start()
    act(() => result.current.cancel())
    expect(synthesis.cancelCalls()).toBe(1)
    expect(result.current.speaking).toBe(false)
    await expect(speech).resolves.toBeUndefined()
  })

  it('warns and reads nothing for empty text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const synthesis = installFakeSynthesis(voices)
    const { result } = renderHook(() => useSpeechSynthesis())
    await act(() => result.current.speak('  **  '))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(synthesis.utterances).toHaveLength(0)
    expect(synthesis.cancelCalls()).toBe(0)
  })

  it('warns and resolves where the browser cannot speak', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    removeSynthesis()
    const { result } = renderHook(() => useSpeechSynthesis())
    expect(result.current.supported).toBe(false)
    await expect(result.current.speak('Hola')).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    act(() => result.current.cancel())
  })

  it('cancels its speech when unmounted', () => {
    const synthesis = installFakeSynthesis(voices)
    const { result, unmount } = renderHook(() => useSpeechSynthesis())
    act(() => void result.current.speak('Hola'))
    synthesis.start()
    unmount()
    expect(synthesis.cancelCalls()).toBe(1)
  })
})

describe('voicesForLanguage', () => {
  const many = [fakeVoice('Paulina', 'es_MX'), fakeVoice('Samantha', 'en-US'), fakeVoice('Salomé', 'es-CO'), fakeVoice('Jorge', 'es-ES'), fakeVoice('Esperanto', 'eo')]

  it('keeps the voices of the base language, those of the exact locale first', () => {
    expect(voicesForLanguage(many, 'es').map((voice) => voice.name)).toEqual(['Salomé', 'Paulina', 'Jorge'])
    expect(voicesForLanguage(many, 'en-GB').map((voice) => voice.name)).toEqual(['Samantha'])
    expect(voicesForLanguage(many, 'fr')).toEqual([])
  })
})
