import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { DreamList } from '../../features/dream-diary/components/dream-list.tsx'
import { NewDream } from '../../features/dream-diary/components/new-dream.tsx'

/** /my-dreams (docs/product.md#dream-diary): write a dream down, then read, edit or delete the ones kept. */
export function MyDreamsRoute() {
  const { t } = useTranslation('dreams')
  useDocumentTitle(t('page.title'))
  return (
    <section className="page page-narrow" aria-labelledby="my-dreams-title">
      <h1 id="my-dreams-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <NewDream />
      <DreamList />
    </section>
  )
}
