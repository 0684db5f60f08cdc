import { useTranslation } from 'react-i18next'
import { gedcomExportUrl, gedzipExportUrl } from '../api/gedcom-queries.ts'
import './gedcom.css'

/** The choices, by what each is for; the file's format is a detail of each, not its name. */
const choices = [
  { key: 'withPhotos', href: gedzipExportUrl, file: 'legado-gedcom-7.0.gdz' },
  { key: 'plain', href: gedcomExportUrl('7.0'), file: 'legado-gedcom-7.0.ged' },
  { key: 'older', href: gedcomExportUrl('5.5.1'), file: 'legado-gedcom-5.5.1.ged' },
] as const

/** The tree as a file another genealogy program opens: with its photos, without them, or for older programs. Plain download links. */
export function GedcomExport() {
  const { t } = useTranslation('gedcom')
  return (
    <section className="gedcom-panel" aria-labelledby="gedcom-export-title">
      <h3 id="gedcom-export-title">{t('export.title')}</h3>
      <p>{t('export.intro')}</p>
      <ul className="gedcom-choices">
        {choices.map(({ key, href, file }, index) => (
          <li key={key}>
            <a className={index === 0 ? 'button button-primary' : 'button'} href={href} download={file} aria-describedby={`gedcom-export-${key}`}>
              {t(`export.${key}`)}
            </a>
            <p id={`gedcom-export-${key}`} className="gedcom-hint">
              {t(`export.${key}Detail`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
