import { useCallback, useRef, useState, useSyncExternalStore } from 'react'
import { useSpeechSynthesis } from '../../../lib/speech/use-speech-synthesis.ts'

const storageKey = 'legado.biography.readAloud'

/** Where the voice chosen for a UI language is remembered on this device. */
export const voiceStorageKey = (language: string) => `legado.biography.voice.${language}`

// The choice is read by the chat (to speak) and by the controls (to offer it): both follow this
// store, so a new choice reaches the next reply at once. The map keeps the choices storage refused.
const unstoredVoices = new Map<string, string>()
const voiceListeners = new Set<() => void>()

function storedVoice(language: string): string {
  const unstored = unstoredVoices.get(language)
  if (unstored !== undefined) return unstored
  try {
    return window.localStorage.getItem(voiceStorageKey(language)) ?? ''
  } catch {
    return ''
  }
}

function storeVoice(language: string, voiceName: string) {
  try {
    if (voiceName) window.localStorage.setItem(voiceStorageKey(language), voiceName)
    else window.localStorage.removeItem(voiceStorageKey(language))
    unstoredVoices.delete(language)
  } catch {
    // Private modes may refuse storage: the choice then lasts for this visit.
    unstoredVoices.set(language, voiceName)
  }
  for (const listener of voiceListeners) listener()
}

function subscribeToVoices(listener: () => void) {
  voiceListeners.add(listener)
  return () => void voiceListeners.delete(listener)
}

/**
 * The name of the voice the person chose for this UI language ('' for the browser's default),
 * remembered on this device, and a way to change it. A voice that no longer exists is simply
 * not found when speaking, so the default one is used.
 */
export function useVoiceChoice(language: string): [voiceName: string, choose: (voiceName: string) => void] {
  const voiceName = useSyncExternalStore(subscribeToVoices, () => storedVoice(language))
  const choose = useCallback((name: string) => storeVoice(language, name), [language])
  return [voiceName, choose]
}

function storedChoice(): boolean {
  try {
    return window.localStorage.getItem(storageKey) !== 'off'
  } catch {
    return true
  }
}

/**
 * Spec §4: Cronos' replies are read aloud, unless the person turned it off (remembered on this
 * device), in the voice chosen for the language if any. `isReading` covers the whole speech,
 * from the request to its end, so sending stays closed even before the browser starts speaking.
 */
export function useReadAloud(language: string) {
  const [voiceName] = useVoiceChoice(language)
  const synthesis = useSpeechSynthesis({ voiceName: voiceName || undefined })
  const { speak, cancel } = synthesis
  const [isEnabled, setIsEnabled] = useState(storedChoice)
  const [isReading, setIsReading] = useState(false)
  const latest = useRef(0)

  const read = useCallback(
    async (text: string) => {
      latest.current += 1
      const reading = latest.current
      setIsReading(true)
      try {
        await speak(text, language)
      } finally {
        if (latest.current === reading) setIsReading(false)
      }
    },
    [language, speak],
  )

  const stop = useCallback(() => {
    latest.current += 1
    setIsReading(false)
    cancel()
  }, [cancel])

  const setEnabled = useCallback(
    (enabled: boolean) => {
      setIsEnabled(enabled)
      try {
        window.localStorage.setItem(storageKey, enabled ? 'on' : 'off')
      } catch {
        // Private modes may refuse storage: the choice then lasts for this visit.
      }
      if (!enabled) stop()
    },
    [stop],
  )

  return {
    isSupported: synthesis.supported,
    isEnabled: isEnabled && synthesis.supported,
    isReading: isReading || synthesis.speaking,
    /** Reads a reply aloud if the person wants it; resolves when it has been read (or stopped). */
    readReply: (text: string) => (isEnabled && synthesis.supported ? read(text) : Promise.resolve()),
    stop,
    setEnabled,
  }
}
