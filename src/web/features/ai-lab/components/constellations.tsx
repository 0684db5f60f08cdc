import { useTranslation } from 'react-i18next'

/** Constellations shows only its description for now (docs/product.md#ai-lab). */
export function Constellations() {
  const { t } = useTranslation('ai-lab')
  return (
    <section aria-labelledby="constellations-title" className="lab-section">
      <h2 id="constellations-title">{t('constellations.title')}</h2>
      <p>{t('constellations.body')}</p>
      <p className="lab-soon">{t('constellations.soon')}</p>
    </section>
  )
}
