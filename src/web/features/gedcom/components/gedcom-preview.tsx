import { useTranslation } from 'react-i18next'
import type { GedcomPreview as Preview, GedcomWarningSummary } from '../../../../shared/contracts/gedcom.ts'
import { countByKind } from '../lib/data-kinds.ts'

/** One reading notice in words, with how often it happened and its first line. */
export function WarningItem({ warning }: { warning: GedcomWarningSummary }) {
  const { t } = useTranslation('gedcom')
  const text = t(`import.warning.${warning.code}`, { defaultValue: warning.code })
  return (
    <li>{warning.line === undefined ? t('import.warningCount', { text, count: warning.count }) : t('import.warningLine', { text, count: warning.count, line: warning.line })}</li>
  )
}

/**
 * Data of the file the tree does not show, by kind in words, most frequent first: `kept` is what
 * Legado keeps with its person or family and writes back on export; the rest is left out.
 */
export function DataKinds({ tags, isKept }: { tags: Record<string, number> | undefined; isKept: boolean }) {
  const { t } = useTranslation('gedcom')
  const kinds = countByKind(tags)
  if (kinds.length === 0) return null
  return (
    <>
      <h4>{t(isKept ? 'import.keptTitle' : 'import.skippedTitle')}</h4>
      <ul className="gedcom-tags">
        {kinds.map(({ kind, count }) => (
          <li key={kind}>{t('import.item', { name: t(`import.kind.${kind}`), count })}</li>
        ))}
      </ul>
    </>
  )
}

/** What a chosen file holds, before anything is written: counts, notices and what will be left out. */
export function GedcomPreview({ preview, fileName }: { preview: Preview; fileName: string }) {
  const { t } = useTranslation('gedcom')
  const { counts } = preview
  return (
    <div className="gedcom-preview">
      <h3 id="gedcom-preview-title">{t('import.previewTitle', { name: fileName })}</h3>
      <p className="gedcom-hint">{t('import.format', { version: preview.version ?? t('import.unknownVersion'), encoding: preview.encoding })}</p>
      <ul className="gedcom-counts">
        <li>{t('import.people', { count: counts.people })}</li>
        <li>{t('import.families', { count: counts.families })}</li>
        <li>{t('import.notes', { count: counts.notes })}</li>
        <li>{t('import.mediaReferences', { count: counts.mediaReferences })}</li>
      </ul>
      {counts.mediaReferences > 0 && <p className="gedcom-hint">{t(preview.container === 'gdz' ? 'import.mediaNoteGedzip' : 'import.mediaNote')}</p>}
      <h4>{t('import.warningsTitle')}</h4>
      {preview.warnings.length === 0 ? (
        <p>{t('import.noWarnings')}</p>
      ) : (
        <ul className="gedcom-warnings">
          {preview.warnings.map((warning) => (
            <WarningItem key={warning.code} warning={warning} />
          ))}
        </ul>
      )}
      <DataKinds tags={preview.keptTags} isKept />
      <DataKinds tags={preview.skippedTags} isKept={false} />
    </div>
  )
}
