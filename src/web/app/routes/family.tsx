import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { FamilyCircle } from '../../features/family-tree/circle/family-circle.tsx'
import { useForgetTreeReads } from '../tree-scoped-queries.ts'

/** /family (docs/product.md#family-circle): who shares the tree, with which role, and inviting someone. */
export function FamilyRoute() {
  const { t } = useTranslation('family-circle')
  useDocumentTitle(t('page.title'))
  const [searchParams] = useSearchParams()
  const forgetTreeReads = useForgetTreeReads()
  const inviteMemberId = searchParams.get('invite') ?? undefined
  return (
    <section className="page family-circle-page" aria-labelledby="family-circle-title">
      <h1 id="family-circle-title">{t('page.title')}</h1>
      <p className="family-circle-intro">{t('page.intro')}</p>
      <FamilyCircle onTreeChanged={forgetTreeReads} readerId={useSession().data?.id} {...(inviteMemberId ? { inviteMemberId } : {})} />
    </section>
  )
}
