import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './no-self-member-notice.css'

/**
 * docs/product.md#biography: without a profile that represents them in the family tree, the person's memories
 * cannot be saved; the chat still works, and this points to where the profile is made.
 */
export function NoSelfMemberNotice() {
  const { t } = useTranslation('biography')
  return (
    <div className="banner banner-info no-self-notice" data-testid="no-self-member-notice">
      <p className="no-self-notice-title">{t('noSelf.title')}</p>
      <p>{t('noSelf.body')}</p>
      <Link className="button button-primary" to="/family-tree">
        {t('noSelf.link')}
      </Link>
    </div>
  )
}
