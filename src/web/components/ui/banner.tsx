import type { ReactNode } from 'react'

/** An error announced as soon as it appears (role=alert). */
export function ErrorBanner({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div className="banner banner-error" role="alert">
      {children}
    </div>
  )
}

/**
 * A polite live region that stays in the page even when empty, so screen readers announce the
 * text the moment it is filled in.
 */
export function StatusMessage({ children, tone = 'success' }: { children?: ReactNode; tone?: 'success' | 'info' }) {
  return (
    <div role="status" className={children ? `banner banner-${tone}` : 'status-empty'}>
      {children}
    </div>
  )
}
