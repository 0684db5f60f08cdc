import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeVoice, installFakeSynthesis, uninstallSpeechFakes } from './test/fake-speech.ts'
import { useReadAloud, useVoiceChoice } from './use-read-aloud.ts'

beforeEach(() => {
  window.localStorage.clear()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

describe('useReadAloud', () => {
  it('shares turning reading aloud off with every persona’s chat, at once and on the next visit', () => {
    installFakeSynthesis()
    const cronos = renderHook(() => useReadAloud('es'))
    const ana = renderHook(() => useReadAloud('es'))
    expect(ana.result.current.isEnabled).toBe(true)

    act(() => cronos.result.current.setEnabled(false))
    expect(ana.result.current.isEnabled).toBe(false)
    expect(renderHook(() => useReadAloud('es')).result.current.isEnabled).toBe(false)
  })

  it('reads in the voice chosen for the language, whichever chat chose it', async () => {
    const synthesis = installFakeSynthesis([fakeVoice('Salomé', 'es-CO'), fakeVoice('Paulina', 'es-MX')])
    const choice = renderHook(() => useVoiceChoice('es'))
    const ana = renderHook(() => useReadAloud('es'))

    act(() => choice.result.current[1]('Paulina'))
    const reading = act(() => ana.result.current.readReply('Hola, soy Ana.'))
    synthesis.end()
    await reading
    expect(synthesis.latest()).toMatchObject({ text: 'Hola, soy Ana.', voice: { name: 'Paulina' } })
  })

  it('keeps a choice for the visit when the browser refuses to store it', () => {
    installFakeSynthesis()
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Refused', 'SecurityError')
    })
    const cronos = renderHook(() => useReadAloud('es'))
    act(() => cronos.result.current.setEnabled(false))
    expect(renderHook(() => useReadAloud('es')).result.current.isEnabled).toBe(false)

    vi.restoreAllMocks()
    act(() => cronos.result.current.setEnabled(true))
    expect(window.localStorage.getItem('legado.biography.readAloud')).toBe('on')
  })
})
