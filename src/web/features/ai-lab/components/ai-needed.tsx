import { useTranslation } from 'react-i18next'

/**
 * In the guided mode: what this section needs a model for, what works without one, and that
 * whoever looks after this Legado can turn one on. How they do it is for them alone: the server
 * says so in its log at start, and the README.
 */
export function AiNeeded({ need }: { need: 'variation' | 'reading' }) {
  const { t } = useTranslation('ai-lab')
  return (
    <section className="ai-needed" aria-labelledby="ai-needed-title">
      <h3 id="ai-needed-title">{t('aiNeeded.title')}</h3>
      <p>{t(`aiNeeded.needs.${need}`)}</p>
      <p>{t('aiNeeded.works')}</p>
      <p>{t('aiNeeded.who')}</p>
    </section>
  )
}
