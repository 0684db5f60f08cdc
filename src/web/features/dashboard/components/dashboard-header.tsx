import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Me } from '../../../../shared/contracts/account.ts'
import { Icon } from '../../../components/ui/icon.tsx'
import { avatars, currentAvatar } from '../avatar.ts'
import { greetingName } from '../greeting-name.ts'
import { drawnQuote, pickQuote } from '../quotes.ts'
import './dashboard.css'

/**
 * Avatar, greeting and one of the seven quotes, picked once when the page opens (or the one its
 * HTML was drawn with). Until the session has answered it greets no one by name.
 */
export function DashboardHeader({ me }: { me: Me | null | undefined }) {
  const { t } = useTranslation('dashboard')
  const [quote] = useState(() => drawnQuote() ?? pickQuote())

  return (
    <header className="dashboard-header">
      <span className="dashboard-avatar" role="img" aria-label={t('avatarLabel')}>
        <Icon name={avatars[currentAvatar]} />
      </span>
      <div className="dashboard-greeting">
        <h1 id="dashboard-title">{me === undefined ? t('greetingWaiting') : t('greeting', { name: greetingName(me, t('fallbackName')) })}</h1>
        <figure className="dashboard-quote" data-quote={quote}>
          <blockquote>
            <p>{t(`quotes.${quote}.text`)}</p>
          </blockquote>
          <figcaption>— {t(`quotes.${quote}.author`)}</figcaption>
        </figure>
      </div>
    </header>
  )
}
