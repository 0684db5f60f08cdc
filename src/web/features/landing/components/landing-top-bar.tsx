import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Language } from '../../../../shared/limits.ts'
import { LanguageSelect } from '../../../components/ui/language-select.tsx'
import './landing.css'

/** Language choice and the way in, at the top right of the landing page. */
interface Props {
  isSignedIn: boolean
  onLanguageChanged?: (language: Language) => void
}

export function LandingTopBar({ isSignedIn, onLanguageChanged }: Props) {
  const { t } = useTranslation('landing')
  return (
    <div className="landing-top-bar">
      <LanguageSelect onChanged={onLanguageChanged} />
      {isSignedIn ? (
        <Link to="/dashboard" className="button">
          {t('topBar.dashboard')}
        </Link>
      ) : (
        <Link to="/login" className="button">
          {t('topBar.login')}
        </Link>
      )}
    </div>
  )
}
