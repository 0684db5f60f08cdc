import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Sets the tab title to "<page> · Legado" in the current language. */
export function useDocumentTitle(page: string) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = page ? t('titleTemplate', { page }) : t('appName')
  }, [page, t])
}
