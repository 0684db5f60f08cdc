import { useTranslation } from 'react-i18next'
import { useVoiceChoice } from '../../lib/speech/use-read-aloud.ts'
import { useSpeechSynthesis } from '../../lib/speech/use-speech-synthesis.ts'
import { Icon } from '../ui/icon.tsx'

interface ListenButtonProps {
  /** What is read aloud. */
  text: string
  /** The UI language it is written in ('es' | 'en' | 'fr'). */
  language: string
  /** What the text is, for the button's name: "Escuchar: la variación". */
  what: string
}

/**
 * Reads one text aloud on request, in the voice the person chose for its language, and stops it
 * when pressed again. Not shown where the browser cannot speak.
 */
export function ListenButton({ text, language, what }: ListenButtonProps) {
  const { t } = useTranslation('chat')
  const [voiceName] = useVoiceChoice(language)
  const { supported, speaking, speak, cancel } = useSpeechSynthesis({ voiceName: voiceName || undefined })
  if (!supported || !text.trim()) return null
  const label = speaking ? t('listen.stop') : t('listen.play')
  return (
    <button
      type="button"
      className="button chat-listen"
      aria-label={`${label}: ${what}`}
      aria-pressed={speaking}
      onClick={() => (speaking ? cancel() : void speak(text, language))}
    >
      <Icon name={speaking ? 'speakerOff' : 'speaker'} /> {label}
    </button>
  )
}
