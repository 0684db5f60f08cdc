import { useTranslation } from 'react-i18next'
import { gedcomExportUrl, gedzipExportUrl } from '../api/gedcom-queries.ts'
import './gedcom.css'

/** The tree as a GEDCOM file, in 7.0 or, for older programs, 5.5.1, or as a GEDZIP with the files: plain download links. */
export function GedcomExport() {
  const { t } = useTranslation('gedcom')
  return (
    <section className="gedcom-panel" aria-labelledby="gedcom-export-title">
      <h2 id="gedcom-export-title">{t('export.title')}</h2>
      <p>{t('export.intro')}</p>
      <div className="gedcom-actions">
        <a className="button button-primary" href={gedcomExportUrl('7.0')} download="legado-gedcom-7.0.ged">
          {t('export.v7')}
        </a>
        <a className="button" href={gedzipExportUrl} download="legado-gedcom-7.0.gdz">
          {t('export.gdz')}
        </a>
        <a className="button" href={gedcomExportUrl('5.5.1')} download="legado-gedcom-5.5.1.ged">
          {t('export.v551')}
        </a>
      </div>
      <p className="gedcom-hint">{t('export.hint')}</p>
    </section>
  )
}
