import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { ContactForm } from '../../features/contact/components/contact-form.tsx'

export function ContactRoute() {
  const { t } = useTranslation(['contact', 'common'])
  useDocumentTitle(t('common:pages.contact'))
  return (
    <section className="page page-narrow" aria-labelledby="contact-title">
      <div className="card">
        <h1 id="contact-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <ContactForm />
      </div>
    </section>
  )
}
