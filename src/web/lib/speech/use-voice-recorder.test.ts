import { act, renderHook, type RenderHookResult } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeRecorder, removeRecorder } from './test/fake-recorder.ts'
import { flushSpeech, installFakeMicrophone, uninstallSpeechFakes } from './test/fake-speech.ts'
import { useVoiceRecorder, type VoiceRecorderControls } from './use-voice-recorder.ts'

type Hook = RenderHookResult<VoiceRecorderControls, unknown>

afterEach(() => uninstallSpeechFakes())

/** Presses the microphone and waits until it answers; returns what start() resolved with. */
async function start(hook: Hook) {
  let started: Promise<boolean> = Promise.resolve(false)
  act(() => {
    started = hook.result.current.start()
  })
  await flushSpeech()
  return started
}

/** Stops, lets the recorder hand over its last data, and gives the recording. */
async function stop(hook: Hook) {
  let stopped: Promise<Blob | null> = Promise.resolve(null)
  act(() => {
    stopped = hook.result.current.stop()
  })
  await flushSpeech()
  return stopped
}

describe('useVoiceRecorder', () => {
  it('records the microphone in Opus and hands over the whole recording once the recorder has flushed', async () => {
    const microphone = installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    expect(hook.result.current.status).toBe('idle')

    await expect(start(hook)).resolves.toBe(true)
    expect(microphone.requests).toEqual([{ audio: true }])
    const recorder = recorders.latest()
    expect(recorder.options).toMatchObject({ mimeType: 'audio/webm;codecs=opus' })
    expect(recorder.state).toBe('recording')
    expect(hook.result.current.status).toBe('recording')

    recorder.emitData('Mi abuela ')
    recorder.hear('cantaba boleros')
    let recording: Blob | null | undefined
    act(() => void hook.result.current.stop().then((blob) => (recording = blob)))
    // The recorder has not handed over its last data yet.
    await Promise.resolve()
    expect(recording).toBeUndefined()
    await flushSpeech()

    expect(recording?.type).toBe('audio/webm;codecs=opus')
    expect(await recording?.text()).toBe('Mi abuela cantaba boleros')
    expect(hook.result.current.status).toBe('idle')
    expect(microphone.stoppedTracks()).toBe(1)
  })

  it.each([
    [['audio/ogg;codecs=opus', 'audio/mp4'], 'audio/ogg;codecs=opus'],
    [['audio/mp4'], 'audio/mp4'],
  ])('with %j supported, records in %s', async (supportedTypes, expected) => {
    installFakeMicrophone()
    const recorders = installFakeRecorder({ supportedTypes })
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    expect(recorders.latest().options.mimeType).toBe(expected)
  })

  it('leaves the type to the browser when it supports none of the preferred ones', async () => {
    installFakeMicrophone()
    const recorders = installFakeRecorder({ supportedTypes: [], defaultType: 'audio/aac' })
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    const recorder = recorders.latest()
    expect(recorder.options.mimeType).toBeUndefined()
    recorder.hear('hola')
    expect((await stop(hook))?.type).toBe('audio/aac')
  })

  it('gives null when nothing was recorded, or nothing is recording', async () => {
    installFakeMicrophone()
    installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    expect(await stop(hook)).toBeNull()
    await start(hook)
    expect(await stop(hook)).toBeNull()
  })

  it.each(['NotAllowedError', 'SecurityError'] as const)('is denied when getUserMedia fails with %s', async (refusal) => {
    installFakeMicrophone({ getUserMedia: refusal })
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    await expect(start(hook)).resolves.toBe(false)
    expect(hook.result.current.status).toBe('denied')
    expect(recorders.instances).toHaveLength(0)
  })

  it('fails, rather than being denied, without a usable microphone, and is idle again on the next try', async () => {
    const microphone = installFakeMicrophone({ getUserMedia: 'NotFoundError' })
    installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    expect(hook.result.current.status).toBe('failed')
    act(() => void hook.result.current.start())
    expect(hook.result.current.status).toBe('idle')
    await flushSpeech()
    expect(microphone.requests).toHaveLength(2)
  })

  it('fails when the recorder fails, releasing the microphone', async () => {
    const microphone = installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    recorders.latest().emitError()
    expect(hook.result.current.status).toBe('failed')
    expect(microphone.stoppedTracks()).toBe(1)
  })

  it('is unsupported without MediaRecorder, and never asks for the microphone', async () => {
    const microphone = installFakeMicrophone()
    removeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    expect(hook.result.current.status).toBe('unsupported')
    await expect(start(hook)).resolves.toBe(false)
    expect(microphone.requests).toHaveLength(0)
  })

  it('works where the type cannot be checked', async () => {
    installFakeMicrophone()
    const recorders = installFakeRecorder({ withoutTypeCheck: true })
    const hook = renderHook(() => useVoiceRecorder())
    await expect(start(hook)).resolves.toBe(true)
    expect(recorders.latest().options.mimeType).toBeUndefined()
  })

  it('ignores start() while asking or recording', async () => {
    const microphone = installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    act(() => {
      void hook.result.current.start()
      void hook.result.current.start()
    })
    await flushSpeech()
    await expect(start(hook)).resolves.toBe(false)
    expect(microphone.requests).toHaveLength(1)
    expect(recorders.instances).toHaveLength(1)
  })

  it('records nothing when stopped while still asking for the microphone', async () => {
    const microphone = installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    let recording: Promise<Blob | null> = Promise.resolve(null)
    act(() => {
      void hook.result.current.start()
      recording = hook.result.current.stop()
    })
    await flushSpeech()
    expect(await recording).toBeNull()
    expect(recorders.instances).toHaveLength(0)
    expect(microphone.stoppedTracks()).toBe(1)
    expect(hook.result.current.status).toBe('idle')
  })

  it('keeps a recording that ended by itself for the next stop()', async () => {
    installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    recorders.latest().hear('Se fue la luz')
    recorders.latest().endByItself()
    expect(hook.result.current.status).toBe('idle')
    expect(await (await stop(hook))?.text()).toBe('Se fue la luz')
    expect(await stop(hook)).toBeNull()
  })

  it('is denied at mount when the permission is, and idle again once it is granted', async () => {
    installFakeRecorder()
    const microphone = installFakeMicrophone({ permission: 'denied' })
    const hook = renderHook(() => useVoiceRecorder())
    await flushSpeech()
    expect(hook.result.current.status).toBe('denied')
    microphone.setPermission('granted')
    expect(hook.result.current.status).toBe('idle')
  })

  it('stops recording when the permission is withdrawn', async () => {
    const recorders = installFakeRecorder()
    const microphone = installFakeMicrophone({ permission: 'granted' })
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    microphone.setPermission('denied')
    expect(hook.result.current.status).toBe('denied')
    expect(recorders.latest().state).toBe('inactive')
    expect(microphone.stoppedTracks()).toBe(1)
  })

  it('stops the recorder and the microphone when unmounted', async () => {
    const microphone = installFakeMicrophone()
    const recorders = installFakeRecorder()
    const hook = renderHook(() => useVoiceRecorder())
    await start(hook)
    hook.unmount()
    expect(recorders.latest().stopCalls).toBe(1)
    expect(recorders.latest().onstop).toBeNull()
    expect(microphone.stoppedTracks()).toBe(1)
  })
})
