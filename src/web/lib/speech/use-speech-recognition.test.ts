import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushSpeech, installFakeMicrophone, installFakeRecognition, removeRecognition, uninstallSpeechFakes } from './test/fake-speech.ts'
import { type SpeechRecognitionOptions, useSpeechRecognition } from './use-speech-recognition.ts'

afterEach(() => uninstallSpeechFakes())

function renderRecognition(options: Partial<SpeechRecognitionOptions> = {}) {
  const onFinalText = vi.fn<(text: string) => void>()
  const hook = renderHook((props: SpeechRecognitionOptions) => useSpeechRecognition(props), {
    initialProps: { language: 'es', onFinalText, ...options },
  })
  return { ...hook, onFinalText }
}

/** Presses the microphone and waits until the recognition exists. */
async function startListening(hook: ReturnType<typeof renderRecognition>, recognitions: ReturnType<typeof installFakeRecognition>) {
  const before = recognitions.instances.length
  act(() => hook.result.current.start())
  await flushSpeech()
  expect(recognitions.instances).toHaveLength(before + 1)
  const recognition = recognitions.latest()
  recognition.emitStart()
  return recognition
}

describe('useSpeechRecognition', () => {
  it('is unsupported for good where the browser has no recognition', async () => {
    removeRecognition()
    const microphone = installFakeMicrophone()
    const hook = renderRecognition()
    expect(hook.result.current.status).toBe('unsupported')
    act(() => hook.result.current.start())
    await flushSpeech()
    expect(hook.result.current.status).toBe('unsupported')
    expect(microphone.requests).toHaveLength(0)
  })

  it('asks for the microphone, releases it, then listens once in the mapped language', async () => {
    const recognitions = installFakeRecognition()
    const microphone = installFakeMicrophone()
    const hook = renderRecognition({ language: 'en' })
    expect(hook.result.current.status).toBe('idle')

    act(() => hook.result.current.start())
    expect(hook.result.current.status).toBe('starting')
    await flushSpeech()
    expect(recognitions.instances).toHaveLength(1)
    expect(microphone.requests).toEqual([{ audio: true }])
    expect(microphone.stoppedTracks()).toBe(1)
    const recognition = recognitions.latest()
    expect(recognition).toMatchObject({ lang: 'en-US', continuous: false, interimResults: true, maxAlternatives: 1, startCalls: 1 })

    recognition.emitStart()
    expect(hook.result.current.status).toBe('listening')
  })

  it('keeps listening in continuous mode until stopped', async () => {
    const recognitions = installFakeRecognition({ standard: true })
    installFakeMicrophone()
    const hook = renderRecognition({ language: 'fr', continuous: true })
    const recognition = await startListening(hook, recognitions)
    expect(recognition).toMatchObject({ lang: 'fr-FR', continuous: true })

    act(() => hook.result.current.stop())
    expect(recognition.stopCalls).toBe(1)
    recognition.emitEnd()
    expect(hook.result.current.status).toBe('idle')
  })

  it('shows interim text, hands over the final text once and trimmed, and clears at the end', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)

    recognition.emitResult([{ transcript: 'Nací en' }])
    expect(hook.result.current.interimText).toBe('Nací en')
    recognition.emitResult([{ transcript: '  Nací en Medellín  ', isFinal: true }])
    expect(hook.onFinalText).toHaveBeenCalledTimes(1)
    expect(hook.onFinalText).toHaveBeenCalledWith('Nací en Medellín')
    expect(hook.result.current.interimText).toBe('')

    recognition.emitResult([{ transcript: '  Nací en Medellín  ', isFinal: true }, { transcript: 'en 1948' }], 1)
    expect(hook.result.current.interimText).toBe('en 1948')
    expect(hook.onFinalText).toHaveBeenCalledTimes(1)
    recognition.emitEnd()
    expect(hook.result.current).toMatchObject({ status: 'idle', interimText: '' })
  })

  it('calls the latest onFinalText without restarting', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)
    const newer = vi.fn<(text: string) => void>()
    hook.rerender({ language: 'es', onFinalText: newer })

    recognition.emitResult([{ transcript: 'hola', isFinal: true }])
    expect(newer).toHaveBeenCalledWith('hola')
    expect(hook.onFinalText).not.toHaveBeenCalled()
    expect(recognitions.instances).toHaveLength(1)
  })

  it('ignores start() while starting or listening', async () => {
    const recognitions = installFakeRecognition()
    const microphone = installFakeMicrophone()
    const hook = renderRecognition()
    act(() => {
      hook.result.current.start()
      hook.result.current.start()
    })
    await flushSpeech()
    expect(recognitions.instances).toHaveLength(1)
    recognitions.latest().emitStart()
    act(() => hook.result.current.start())
    await flushSpeech()
    expect(recognitions.instances).toHaveLength(1)
    expect(microphone.requests).toHaveLength(1)
  })

  it('is denied when the browser refuses the microphone', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone({ getUserMedia: 'NotAllowedError' })
    const hook = renderRecognition()
    act(() => hook.result.current.start())
    await flushSpeech()
    expect(hook.result.current.status).toBe('denied')
    expect(recognitions.instances).toHaveLength(0)
    expect(hook.result.current.problem).toBeNull()
  })

  it('reports a missing microphone as an audio-capture problem', async () => {
    installFakeRecognition()
    installFakeMicrophone({ getUserMedia: 'NotFoundError' })
    const hook = renderRecognition()
    act(() => hook.result.current.start())
    await flushSpeech()
    expect(hook.result.current.problem).toBe('audio-capture')
    expect(hook.result.current.status).toBe('idle')
  })

  it('skips asking for the microphone where mediaDevices is missing', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone({ getUserMedia: 'missing' })
    const hook = renderRecognition()
    await startListening(hook, recognitions)
    expect(hook.result.current.status).toBe('listening')
  })

  it('is denied by a not-allowed recognition error, and stays so after the end', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)
    recognition.emitError('not-allowed')
    recognition.emitEnd()
    expect(hook.result.current.status).toBe('denied')
  })

  it('is denied at mount when the permission is, and idle again once it is granted', async () => {
    installFakeRecognition()
    const microphone = installFakeMicrophone({ permission: 'denied' })
    const hook = renderRecognition()
    await flushSpeech()
    expect(hook.result.current.status).toBe('denied')
    microphone.setPermission('granted')
    expect(hook.result.current.status).toBe('idle')
  })

  it('ignores a permissions API that cannot query the microphone', async () => {
    installFakeRecognition()
    installFakeMicrophone({ permission: 'unsupported' })
    const hook = renderRecognition()
    await flushSpeech()
    expect(hook.result.current.status).toBe('idle')
  })

  it('reports no speech, then clears the problem on the next start', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)
    recognition.emitError('no-speech')
    recognition.emitEnd()
    expect(hook.result.current).toMatchObject({ status: 'idle', problem: 'no-speech' })

    act(() => hook.result.current.start())
    expect(hook.result.current.problem).toBeNull()
    await flushSpeech()
    expect(recognitions.instances).toHaveLength(2)
  })

  it.each([
    ['audio-capture', 'audio-capture'],
    ['network', 'network'],
    ['language-not-supported', 'other'],
    ['aborted', null],
  ])('maps the recognition error %s to the problem %s', async (error, problem) => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)
    recognition.emitError(error)
    recognition.emitEnd()
    expect(hook.result.current).toMatchObject({ status: 'idle', problem })
  })

  it('stops before a recognition exists when stopped while asking for the microphone', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    act(() => {
      hook.result.current.start()
      hook.result.current.stop()
    })
    expect(hook.result.current.status).toBe('idle')
    await flushSpeech()
    expect(recognitions.instances).toHaveLength(0)
  })

  it('aborts the recognition when unmounted', async () => {
    const recognitions = installFakeRecognition()
    installFakeMicrophone()
    const hook = renderRecognition()
    const recognition = await startListening(hook, recognitions)
    hook.unmount()
    expect(recognition.abortCalls).toBe(1)
    expect(recognition.onend).toBeNull()
  })
})
