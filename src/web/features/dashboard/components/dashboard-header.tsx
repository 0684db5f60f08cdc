import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Me } from '../../../../shared/contracts/account.ts'
import { Icon } from '../../../components/ui/icon.tsx'
import { avatars, currentAvatar } from '../avatar.ts'
import { greetingName } from '../greeting-name.ts'
import { pickQuote } from '../quotes.ts'
import './dashboard.css'

/** Avatar, greeting and one of the seven quotes, picked once when the page opens. */
export function DashboardHeader({ me }: { me: Me | null | undefined }) {
  const { t } = useTranslation('dashboard')
  const [quote] = useState(() => pickQuote())
  const name = greetingName(me, t('fallbackName'))

  return (
    <header className="dashboard-header">
      <span className="dashboard-avatar" role="img" aria-label={t('avatarLabel')}>
        <Icon name={avatars[currentAvatar]} />
      </span>
      <div className="dashboard-greeting">
        <h1 id="dashboard-title">{t('greeting', { name })}</h1>
        <figure className="dashboard-quote">
          <blockquote>
            <p>{t(`quotes.${quote}.text`)}</p>
          </blockquote>
          <figcaption>— {t(`quotes.${quote}.author`)}</figcaption>
        </figure>
      </div>
    </header>
  )
}
