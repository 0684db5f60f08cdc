import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useUiLanguage } from '../../lib/ui-language.ts'
import { useVoiceChoice } from '../../lib/speech/use-read-aloud.ts'
import { useSpeechSynthesis, voicesForLanguage } from '../../lib/speech/use-speech-synthesis.ts'
import { Icon } from '../ui/icon.tsx'
import './read-aloud-controls.css'

interface ReadAloudControlsProps {
  /** The persona whose replies are read, named by the voice sample. */
  persona: string
  isEnabled: boolean
  isReading: boolean
  onToggle: (enabled: boolean) => void
  onStop: () => void
}

/**
 * Whether the persona's replies are read aloud (remembered for every persona), a way to stop the
 * one being read, and, while reading aloud is on, the voice for the page's language when the
 * browser has several.
 */
export function ReadAloudControls({ persona, isEnabled, isReading, onToggle, onStop }: ReadAloudControlsProps) {
  const { t } = useTranslation('chat')
  return (
    <div className="chat-read-aloud">
      <button type="button" className="button chat-read-aloud-toggle" aria-pressed={isEnabled} onClick={() => onToggle(!isEnabled)}>
        <Icon name={isEnabled ? 'speaker' : 'speakerOff'} /> {t('readAloud.toggle')}
      </button>
      {isReading && (
        <button type="button" className="button button-primary" onClick={onStop}>
          <span aria-hidden="true">■</span> {t('readAloud.stop')}
        </button>
      )}
      {isEnabled && <VoicePicker persona={persona} />}
    </div>
  )
}

/** The voices of the page's language; choosing one remembers it and lets the person hear it. */
function VoicePicker({ persona }: { persona: string }) {
  const { t } = useTranslation('chat')
  const id = useId()
  const language = useUiLanguage()
  const [voiceName, chooseVoice] = useVoiceChoice(language)
  const { voices, speak } = useSpeechSynthesis()
  const choices = voicesForLanguage(voices, language)
  if (choices.length < 2) return null
  // A remembered voice the browser no longer has shows (and speaks) as the default one.
  const value = choices.some((voice) => voice.name === voiceName) ? voiceName : ''

  function handleChange(name: string) {
    chooseVoice(name)
    void speak(t('readAloud.sample', { persona }), language, name || undefined)
  }

  return (
    <div className="field chat-read-aloud-voice">
      <label htmlFor={id}>{t('readAloud.voice')}</label>
      <select id={id} value={value} onChange={(event) => handleChange(event.target.value)}>
        <option value="">{t('readAloud.defaultVoice')}</option>
        {choices.map((voice, index) => (
          <option key={`${voice.name}-${index}`} value={voice.name}>
            {voice.name} ({voice.lang})
          </option>
        ))}
      </select>
    </div>
  )
}
