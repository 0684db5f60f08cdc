import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListeningLink } from '../../../../shared/contracts/book.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'

/** A day in `language`, e.g. «29 de noviembre de 2026». */
function dayOf(timestamp: string, language: string): string {
  const instant = new Date(timestamp)
  return Number.isNaN(instant.getTime()) ? timestamp : new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(instant)
}

/** One link: its recording's title, its address (selectable, and copied with a button), when it was made and until when it answers. */
export function ListeningLinkItem({ link, onRevoke }: { link: ListeningLink; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('listening')
  const [copied, setCopied] = useState<'done' | 'failed'>()
  const urlId = useId()
  // Read once, as the list is shown: a link passing its end while the page is open is told on the next visit.
  const [now] = useState(() => Date.now())
  const title = link.title || t('untitled')
  const hasExpired = link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied('done')
    } catch {
      // Without the clipboard the address is selected, to copy by hand.
      const element = document.getElementById(urlId)
      if (element) {
        const range = document.createRange()
        range.selectNodeContents(element)
        window.getSelection()?.removeAllRanges()
        window.getSelection()?.addRange(range)
      }
      setCopied('failed')
    }
  }

  return (
    <article className="listening-link" aria-label={title}>
      <h3 className="listening-link-title">{title}</h3>
      <p id={urlId} className="listening-link-url">
        {link.url}
      </p>
      <p className="hint listening-link-dates">
        {t('created', { date: dayOf(link.createdAt, i18n.language) })}
        {' · '}
        {link.expiresAt === null
          ? t('never')
          : hasExpired
            ? t('expired', { date: dayOf(link.expiresAt, i18n.language) })
            : t('expires', { date: dayOf(link.expiresAt, i18n.language) })}
      </p>
      <div className="listening-link-actions">
        <button type="button" className="button" aria-label={t('copyLabel', { title })} onClick={() => void handleCopy()}>
          {t('copy')}
        </button>
        <button type="button" className="button button-danger" aria-label={t('revokeLabel', { title })} onClick={onRevoke}>
          {t('revoke')}
        </button>
      </div>
      <StatusMessage>{copied === 'done' ? t('copied') : copied === 'failed' ? t('copyFailed') : null}</StatusMessage>
    </article>
  )
}
