import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreatedInvitation } from '../../../../shared/contracts/family-circle.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { QrCode } from '../../../components/ui/qr-code.tsx'
import { formatDateTime } from '../../../lib/format-dates.ts'

/**
 * The new invitation's link, shown once (the server keeps only its hash): large, selectable and
 * with a copy button, and as a QR code for the invited person to scan from this screen with their
 * phone, sitting beside whoever invites them.
 */
export function InvitationLink({ created, onAnother }: { created: CreatedInvitation; onAnother: () => void }) {
  const { t, i18n } = useTranslation('family-circle')
  const [copied, setCopied] = useState<'done' | 'failed'>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const linkId = useId()
  const { invitation } = created

  // The form gave way to the link: the keyboard and the screen reader go to its heading.
  useEffect(() => headingRef.current?.focus(), [])

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(created.url)
      setCopied('done')
    } catch {
      // Without the clipboard (an old browser, a refused permission) the link is selected to copy by hand.
      const range = document.createRange()
      const link = document.getElementById(linkId)
      if (link) {
        range.selectNodeContents(link)
        window.getSelection()?.removeAllRanges()
        window.getSelection()?.addRange(range)
      }
      setCopied('failed')
    }
  }

  return (
    <section className="invitation-link card" aria-labelledby={`${linkId}-heading`}>
      <h2 id={`${linkId}-heading`} ref={headingRef} tabIndex={-1}>
        {t('link.title')}
      </h2>
      <p>
        {invitation.memberName
          ? t('link.introMember', { name: invitation.memberName, role: t(`common:roles.${invitation.role}`) })
          : t('link.intro', { role: t(`common:roles.${invitation.role}`) })}
      </p>
      <p id={linkId} className="invitation-link-url" data-testid="invitation-url">
        {created.url}
      </p>
      <figure className="invitation-link-qr">
        <QrCode text={created.url} label={t('link.qrLabel')} describedBy={`${linkId}-qr`} />
        <figcaption id={`${linkId}-qr`} className="hint">
          {t('link.qrHint')}
        </figcaption>
      </figure>
      <div className="invitation-link-actions">
        <button type="button" className="button button-primary" onClick={() => void handleCopy()}>
          {t('link.copy')}
        </button>
        <button type="button" className="button" onClick={onAnother}>
          {t('link.another')}
        </button>
      </div>
      <StatusMessage>{copied === 'done' ? t('link.copied') : copied === 'failed' ? t('link.copyFailed') : null}</StatusMessage>
      <p className="hint">
        {created.mailed && invitation.email ? t('link.mailed', { email: invitation.email }) + ' ' : ''}
        {t('link.once', { date: formatDateTime(invitation.expiresAt, i18n.language) })}
      </p>
    </section>
  )
}
