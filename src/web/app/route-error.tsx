import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'

/** A lazily loaded page whose script could not be fetched (deploy, lost connection). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Loading chunk .* failed|error loading dynamically imported module/i.test(error.message)
  )
}

export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  const isChunk = isChunkLoadError(error)
  if (!isChunk && !isRouteErrorResponse(error)) console.error(error)
  return (
    <section className="page page-narrow" role="alert">
      <h1>{isChunk ? t('routeError.chunkTitle') : t('routeError.title')}</h1>
      <p>{isChunk ? t('routeError.chunkBody') : t('routeError.body')}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </section>
  )
}
