import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useSession } from '../features/account/api/session-queries.ts'
import { forgetDrawnSignedIn, isDrawnSignedIn } from '../lib/signed-in-shell.ts'

/**
 * The guard of docs/product.md#routes: 'Cargando autenticación...' while the session loads, then the page when signed
 * in, else a history-replacing redirect to /login that remembers where the user was going. A page
 * the server drew for a live session (`isDrawnSignedIn`) shows itself, loading, meanwhile.
 */
export function RequireAuth() {
  const { t } = useTranslation()
  const session = useSession()
  const location = useLocation()
  useEffect(() => {
    if (!session.isPending) forgetDrawnSignedIn()
  }, [session.isPending])
  if (session.isPending) {
    if (isDrawnSignedIn()) return <Outlet />
    return (
      <p className="page-status" role="status">
        {t('auth.loading')}
      </p>
    )
  }
  if (!session.data) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  }
  return <Outlet />
}
