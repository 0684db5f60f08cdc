import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

interface StoryToolbarProps {
  /** Where "back" leads, and what it says. */
  back: { to: string; label: string }
}

/** The way back and «Imprimir»; neither is printed. */
export function StoryToolbar({ back }: StoryToolbarProps) {
  const { t } = useTranslation('story')
  return (
    <div className="story-toolbar">
      <Link className="button" to={back.to}>
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <button type="button" className="button button-primary" onClick={() => window.print()}>
        {t('print')}
      </button>
    </div>
  )
}
