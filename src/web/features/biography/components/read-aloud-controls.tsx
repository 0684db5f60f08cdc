import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/icon.tsx'

interface ReadAloudControlsProps {
  isEnabled: boolean
  isReading: boolean
  onToggle: (enabled: boolean) => void
  onStop: () => void
}

/** Whether Cronos' replies are read aloud (remembered), and a way to stop the one being read. */
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
    </div>
  )
}
