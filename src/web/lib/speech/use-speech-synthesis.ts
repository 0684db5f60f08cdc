import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { speechLanguage } from './speech-language.ts'

export interface SpeechSynthesisOptions {
  /** Optional preferred voice name. */
  voiceName?: string
}

/** A voice of the browser, as the page needs it to offer a choice. */
export interface SpeechVoice {
  name: string
  lang: string
}

export interface SpeechSynthesisControls {
  supported: boolean
  /** The browser's voices, kept up to date (some browsers only list them after 'voiceschanged'). */
  voices: SpeechVoice[]
  /** True from the moment the browser starts speaking until the speech ends, fails or is cancelled. */
  speaking: boolean
  /**
   * Reads text aloud in speechLanguage(language) (default es-CO), cancelling any running speech
   * first; `voiceName`, if given, replaces the hook's voice for this speech only. Empty text or
   * no support only warns. Resolves when the speech ends, fails or is cancelled; never rejects.
   */
  speak(text: string, language?: string, voiceName?: string): Promise<void>
  /** Stops any speech of the page. */
  cancel(): void
}

interface Speech {
  synthesis: SpeechSynthesis
  utterance: SpeechSynthesisUtterance
  settle: () => void
}

/** Reads text aloud with the browser's speech synthesis (AI replies; default es-CO, docs/product.md#speech). */
export function useSpeechSynthesis({ voiceName }: SpeechSynthesisOptions = {}): SpeechSynthesisControls {
  const [supported] = useState(isSynthesisSupported)
  const [speaking, setSpeaking] = useState(false)
  const [voices, setVoices] = useState(() => (supported ? listVoices(window.speechSynthesis) : []))
  const current = useRef<Speech | null>(null)

  useEffect(() => () => cancelSpeech(current), [])

  useEffect(() => {
    if (!supported) return
    const synthesis = window.speechSynthesis
    const update = () => setVoices((previous) => sameVoices(previous, listVoices(synthesis)))
    // The list may have changed between the first render and now.
    update()
    // Defensive: an engine whose speechSynthesis is no EventTarget keeps the list read above.
    if (typeof synthesis.addEventListener !== 'function') return
    synthesis.addEventListener('voiceschanged', update)
    return () => synthesis.removeEventListener('voiceschanged', update)
  }, [supported])

  const speak = useCallback(
    (text: string, language?: string, voiceOverride?: string): Promise<void> => {
      if (!supported) {
        console.warn('Speech synthesis is not supported in this browser; nothing is read aloud.')
        return Promise.resolve()
      }
      const spoken = withoutMarkdown(text)
      if (!spoken) {
        console.warn('There is no text to read aloud.')
        return Promise.resolve()
      }
      if (settleSpeech(current)) setSpeaking(false)
      const synthesis = window.speechSynthesis
      // Only when something runs: some Chrome versions drop an utterance spoken right after cancel().
      if (synthesis.speaking || synthesis.pending) synthesis.cancel()

      const lang = speechLanguage(language ?? 'es')
      const utterance = new window.SpeechSynthesisUtterance(spoken)
      utterance.lang = lang
      const voice = chooseVoice(synthesis.getVoices(), lang, voiceOverride ?? voiceName)
      if (voice) utterance.voice = voice

      return new Promise<void>((resolve) => {
        // Kept in a ref also because Chrome may never report the end of an utterance it collected.
        const speech: Speech = { synthesis, utterance, settle: resolve }
        current.current = speech
        const finish = () => {
          if (current.current !== speech) return
          current.current = null
          setSpeaking(false)
          resolve()
        }
        utterance.onstart = () => {
          if (current.current === speech) setSpeaking(true)
        }
        utterance.onend = finish
        utterance.onerror = finish
        synthesis.speak(utterance)
      })
    },
    [supported, voiceName],
  )

  const cancel = useCallback(() => {
    if (!supported) return
    settleSpeech(current)
    setSpeaking(false)
    window.speechSynthesis.cancel()
  }, [supported])

  return { supported, voices, speaking, speak, cancel }
}

function listVoices(synthesis: SpeechSynthesis): SpeechVoice[] {
  return synthesis.getVoices().map(({ name, lang }) => ({ name, lang }))
}

/** The previous list when nothing changed, so a repeated 'voiceschanged' renders nothing. */
function sameVoices(previous: SpeechVoice[], next: SpeechVoice[]): SpeechVoice[] {
  const isSame = previous.length === next.length && previous.every((voice, index) => voice.name === next[index]?.name && voice.lang === next[index]?.lang)
  return isSame ? previous : next
}

function isSynthesisSupported(): boolean {
  return typeof window !== 'undefined' && window.speechSynthesis != null && typeof window.SpeechSynthesisUtterance === 'function'
}

/** Settles the running speech of this hook, if any, and returns it. */
function settleSpeech(current: RefObject<Speech | null>): Speech | null {
  const speech = current.current
  if (!speech) return null
  current.current = null
  speech.utterance.onstart = null
  speech.utterance.onend = null
  speech.utterance.onerror = null
  speech.settle()
  return speech
}

function cancelSpeech(current: RefObject<Speech | null>) {
  settleSpeech(current)?.synthesis.cancel()
}

/** Model replies may carry markdown; its symbols would be read aloud or garble the speech. */
export function withoutMarkdown(text: string): string {
  return text.replace(/[*_#`]+/g, '').trim()
}

function normalizeLang(lang: string): string {
  return lang.toLowerCase().replaceAll('_', '-')
}

/**
 * The voices of a UI language's speech locale: every voice of its base language (all es-* for
 * Spanish), those of the exact locale (es-CO) first, otherwise in the browser's order.
 */
export function voicesForLanguage<Voice extends SpeechVoice>(voices: readonly Voice[], language: string): Voice[] {
  const target = normalizeLang(speechLanguage(language))
  const base = target.split('-')[0] ?? target
  const ofBase = voices.filter((voice) => {
    const voiceLang = normalizeLang(voice.lang)
    return voiceLang === base || voiceLang.startsWith(`${base}-`)
  })
  return [...ofBase.filter((voice) => normalizeLang(voice.lang) === target), ...ofBase.filter((voice) => normalizeLang(voice.lang) !== target)]
}

/** The named voice if present, else one for the exact locale, else one for its base language. */
export function chooseVoice(voices: readonly SpeechSynthesisVoice[], lang: string, voiceName?: string): SpeechSynthesisVoice | undefined {
  const named = voiceName ? voices.find((voice) => voice.name === voiceName) : undefined
  if (named) return named
  const target = normalizeLang(lang)
  const base = target.split('-')[0] ?? target
  return (
    voices.find((voice) => normalizeLang(voice.lang) === target) ??
    voices.find((voice) => {
      const voiceLang = normalizeLang(voice.lang)
      return voiceLang === base || voiceLang.startsWith(`${base}-`)
    })
  )
}
