import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListeningLink } from '../../../../shared/contracts/book.ts'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useListeningLinks, useRevokeAllListeningLinks, useRevokeListeningLink } from '../api/listening-queries.ts'
import { ListeningLinkItem } from './listening-link-item.tsx'
import './listening-links.css'

type Pending = { kind: 'one'; link: ListeningLink } | { kind: 'all'; count: number }

/**
 * «Enlaces de voz» on the account page: each address that plays one of the person's recordings
 * without signing in (printed in their books), to copy again or to revoke, one or all. A revoked
 * link's card goes, and the keyboard goes back to the section's heading.
 */
export function ListeningLinks() {
  const { t } = useTranslation(['listening', 'errors'])
  const links = useListeningLinks()
  const revoke = useRevokeListeningLink()
  const revokeAll = useRevokeAllListeningLinks()
  const [pending, setPending] = useState<Pending>()
  const [announcement, setAnnouncement] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const isRevoked = useRef(false)
  const running = pending?.kind === 'all' ? revokeAll : revoke

  function handleCancel() {
    setPending(undefined)
    revoke.reset()
    revokeAll.reset()
  }

  async function handleConfirm() {
    if (!pending) return
    try {
      if (pending.kind === 'one') {
        await revoke.mutateAsync(pending.link)
        setAnnouncement(t('revoked', { title: pending.link.title || t('untitled') }))
      } else {
        await revokeAll.mutateAsync()
        setAnnouncement(t('revokedAll'))
      }
      isRevoked.current = true
      setPending(undefined)
    } catch {
      // Said in the dialog, which stays open.
    }
  }

  // The revoked link's button is gone: once the dialog has closed (and given focus back to nothing),
  // the keyboard and the screen reader go to the section's heading.
  useEffect(() => {
    if (pending || !isRevoked.current) return
    isRevoked.current = false
    headingRef.current?.focus()
  }, [pending])

  const list = links.data ?? []
  return (
    <section className="card account-section listening-links" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('heading')}
      </h2>
      <p>{t('intro')}</p>
      <StatusMessage>{announcement}</StatusMessage>
      {links.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : links.isError ? (
        <ErrorBanner>
          {t('loadError')}{' '}
          <button type="button" className="button" onClick={() => void links.refetch()}>
            {t('retry')}
          </button>
        </ErrorBanner>
      ) : list.length === 0 ? (
        <p className="hint">{t('empty')}</p>
      ) : (
        <>
          <ul className="listening-links-list">
            {list.map((link) => (
              <li key={link.id}>
                <ListeningLinkItem link={link} onRevoke={() => setPending({ kind: 'one', link })} />
              </li>
            ))}
          </ul>
          <button type="button" className="button button-danger listening-links-all" onClick={() => setPending({ kind: 'all', count: list.length })}>
            {t('revokeAll')}
          </button>
        </>
      )}
      <ConfirmDialog
        open={pending !== undefined}
        title={pending?.kind === 'one' ? t('confirmOneTitle', { title: pending.link.title || t('untitled') }) : t('confirmAllTitle')}
        description={pending && <p>{pending.kind === 'one' ? t('confirmOneText') : t('confirmAllText', { count: pending.count })}</p>}
        confirmLabel={pending?.kind === 'all' ? t('confirmAll') : t('confirmOne')}
        cancelLabel={t('cancel')}
        pendingLabel={t('working')}
        pending={running.isPending}
        error={running.isError ? errorText(t, running.error) : undefined}
        onConfirm={() => void handleConfirm()}
        onCancel={handleCancel}
      />
    </section>
  )
}
