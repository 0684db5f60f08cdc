import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './microphone-denied.css'

interface MicrophoneDeniedProps {
  /** Asks for the microphone again, once the person has allowed it in the browser. */
  onRetry: () => void
  /** Still asking: the button says so and cannot be pressed again. */
  isRetrying?: boolean
  /** Goes on with the interview without the microphone. */
  onKeepTyping: () => void
}

const browsers = ['chrome', 'firefox', 'safari'] as const

/**
 * In the interview (docs/product.md#interview), a refused microphone gets a screen of its own — what happened, how
 * to allow it in each browser, and three ways on: try again, type instead, or go back to the tree.
 * It takes the focus when it appears, so a screen reader starts reading it from its title.
 */
export function MicrophoneDenied({ onRetry, isRetrying = false, onKeepTyping }: MicrophoneDeniedProps) {
  const { t } = useTranslation('interviews')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const howId = useId()

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <section className="microphone-denied card" aria-labelledby={headingId} data-testid="microphone-denied">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('microphone.title')}
      </h2>
      <p>{t('microphone.what')}</p>
      <h3 id={howId} className="microphone-denied-how">
        {t('microphone.howHeading')}
      </h3>
      <ul className="microphone-denied-browsers" aria-labelledby={howId}>
        {browsers.map((browser) => (
          <li key={browser}>
            <strong>{t(`microphone.${browser}Name`)}</strong> {t(`microphone.${browser}Steps`)}
          </li>
        ))}
      </ul>
      <p>{t('microphone.afterwards')}</p>
      <div className="microphone-denied-actions">
        <button type="button" className="button button-primary" aria-disabled={isRetrying} onClick={() => !isRetrying && onRetry()}>
          {isRetrying ? t('microphone.retrying') : t('microphone.retry')}
        </button>
        <button type="button" className="button" onClick={onKeepTyping}>
          {t('microphone.keepTyping')}
        </button>
        <Link className="button" to="/family-tree">
          <span aria-hidden="true">←</span> {t('page.back')}
        </Link>
      </div>
      <p className="microphone-denied-hint">{t('microphone.keepTypingHint')}</p>
    </section>
  )
}
