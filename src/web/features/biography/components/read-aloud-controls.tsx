import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/icon.tsx'
import { useSpeechSynthesis, voicesForLanguage } from '../../../lib/speech/use-speech-synthesis.ts'
import { useUiLanguage } from '../lib/ui-language.ts'
import { useVoiceChoice } from '../lib/use-read-aloud.ts'

interface ReadAloudControlsProps {
  isEnabled: boolean
  isReading: boolean
  onToggle: (enabled: boolean) => void
  onStop: () => void
}

/**
 * Whether Cronos' replies are read aloud (remembered), a way to stop the one being read, and,
 * while reading aloud is on, the voice for the page's language when the browser has several.
 */
export function ReadAloudControls({ isEnabled, isReading, onToggle, onStop }: ReadAloudControlsProps) {
  const { t } = useTranslation('biography')
  return (
    <div className="chat-read-aloud">
      <button type="button" className="button chat-read-aloud-toggle" aria-pressed={isEnabled} onClick={() => onToggle(!isEnabled)}>
        <Icon name={isEnabled ? 'speaker' : 'speakerOff'} /> {t('chat.readAloud.toggle')}
      </button>
      {isReading && (
        <button type="button" className="button button-primary" onClick={onStop}>
          <span aria-hidden="true">■</span> {t('chat.readAloud.stop')}
        </button>
      )}
      {isEnabled && <VoicePicker />}
    </div>
  )
}

/** The voices of the page's language; choosing one remembers it and lets the person hear it. */
function VoicePicker() {
  const { t } = useTranslation('biography')
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
    void speak(t('chat.readAloud.sample'), language, name || undefined)
  }

  return (
    <div className="field chat-read-aloud-voice">
      <label htmlFor={id}>{t('chat.readAloud.voice')}</label>
      <select id={id} value={value} onChange={(event) => handleChange(event.target.value)}>
        <option value="">{t('chat.readAloud.defaultVoice')}</option>
        {choices.map((voice, index) => (
          <option key={`${voice.name}-${index}`} value={voice.name}>
            {voice.name} ({voice.lang})
          </option>
        ))}
      </select>
    </div>
  )
}
