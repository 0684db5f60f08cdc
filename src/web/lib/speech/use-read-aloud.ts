import { useCallback, useRef, useState, useSyncExternalStore } from 'react'
import { useSpeechSynthesis } from './use-speech-synthesis.ts'

// The biography's speech settings were the first; every persona follows them now, and the keys
// keep their names so nobody's choice is forgotten.
const readAloudKey = 'legado.biography.readAloud'
const voiceKey = (language: string) => `legado.biography.voice.${language}`

// Every chat (to speak) and the controls (to offer the choice) follow this one store, so a change
// reaches the next reply at once, whichever persona speaks it. The map keeps what storage refused.
const unstored = new Map<string, string | null>()
const listeners = new Set<() => void>()

function readSetting(key: string): string | null {
  if (unstored.has(key)) return unstored.get(key) ?? null
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeSetting(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
    unstored.delete(key)
  } catch {
    // Private modes may refuse storage: the choice then lasts for this visit.
    unstored.set(key, value)
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function useSetting(key: string): string | null {
  return useSyncExternalStore(subscribe, () => readSetting(key))
}

/**
 * The name of the voice the person chose for this UI language ('' for the browser's default),
 * remembered on this device, and a way to change it. A voice that no longer exists is simply
 * not found when speaking, so the default one is used.
 */
export function useVoiceChoice(language: string): [voiceName: string, choose: (voiceName: string) => void] {
  const voiceName = useSetting(voiceKey(language)) ?? ''
  const choose = useCallback((name: string) => writeSetting(voiceKey(language), name || null), [language])
  return [voiceName, choose]
}

/**
 * A persona's replies are read aloud, unless the person turned it off (remembered on
 * this device, for every persona), in the voice chosen for the language if any. `isReading`
 * covers the whole speech, from the request to its end, so sending stays closed even before the
 * browser starts speaking.
 */
export function useReadAloud(language: string) {
  const [voiceName] = useVoiceChoice(language)
  const synthesis = useSpeechSynthesis({ voiceName: voiceName || undefined })
  const { speak, cancel } = synthesis
  const isEnabled = useSetting(readAloudKey) !== 'off'
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
      writeSetting(readAloudKey, enabled ? 'on' : 'off')
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
