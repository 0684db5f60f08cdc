import { useCallback, useRef, useState } from 'react'
import { useSpeechSynthesis } from '../../../lib/speech/use-speech-synthesis.ts'

const storageKey = 'legado.biography.readAloud'

function storedChoice(): boolean {
  try {
    return window.localStorage.getItem(storageKey) !== 'off'
  } catch {
    return true
  }
}

/**
 * Spec §4: Cronos' replies are read aloud, unless the person turned it off (remembered on this
 * device). `isReading` covers the whole speech, from the request to its end, so sending stays
 * closed even before the browser starts speaking.
 */
export function useReadAloud(language: string) {
  const synthesis = useSpeechSynthesis()
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
