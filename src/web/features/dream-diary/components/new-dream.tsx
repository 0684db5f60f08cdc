import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { useCreateDream } from '../api/dream-queries.ts'
import { DreamForm } from './dream-form.tsx'

/** The card where a new dream is written down; once saved it tops the list. */
export function NewDream() {
  const { t } = useTranslation('dreams')
  const createDream = useCreateDream()
  const headingId = useId()

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('form.newHeading')}</h2>
      <DreamForm labelledBy={headingId} submitLabel={t('form.save')} clearOnSuccess onSubmit={(values) => createDream.mutateAsync(values)} />
      <StatusMessage>{createDream.isSuccess && t('form.saved')}</StatusMessage>
    </section>
  )
}
