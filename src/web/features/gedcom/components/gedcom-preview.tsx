import { useTranslation } from 'react-i18next'
import type { GedcomPreview as Preview, GedcomWarningSummary } from '../../../../shared/contracts/gedcom.ts'

/** One reading notice in words, with how often it happened and its first line. */
export function WarningItem({ warning }: { warning: GedcomWarningSummary }) {
  const { t } = useTranslation('gedcom')
  const text = t(`import.warning.${warning.code}`, { defaultValue: warning.code })
  return (
    <li>{warning.line === undefined ? t('import.warningCount', { text, count: warning.count }) : t('import.warningLine', { text, count: warning.count, line: warning.line })}</li>
  )
}

/** The tags a file has that Legado does not keep, most frequent first. */
export function SkippedTags({ tags }: { tags: Record<string, number> }) {
  const { t } = useTranslation('gedcom')
  const entries = Object.entries(tags).sort((a, b) => b[1] - a[1])
  if (entries.length === 0) return null
  return (
    <>
      <h4>{t('import.skippedTitle')}</h4>
      <ul className="gedcom-tags">
        {entries.map(([tag, count]) => (
          <li key={tag}>{t('import.skippedTag', { tag, count })}</li>
        ))}
      </ul>
    </>
  )
}

/**
 * What Legado keeps of the file without showing it (sources, burials, occupations…), in words,
 * most frequent first: it goes back out when the tree is exported.
 */
export function KeptTags({ tags }: { tags: Record<string, number> | undefined }) {
  const { t } = useTranslation('gedcom')
  const entries = Object.entries(tags ?? {}).sort((a, b) => b[1] - a[1])
  if (entries.length === 0) return null
  const nameOf = (tag: string) => (tag.startsWith('_') ? t('import.tagName._custom') : t(`import.tagName.${tag}`, { defaultValue: tag }))
  return (
    <>
      <h4>{t('import.keptTitle')}</h4>
      <ul className="gedcom-tags">
        {entries.map(([tag, count]) => (
          <li key={tag}>{t('import.keptTag', { name: nameOf(tag), tag, count })}</li>
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
      <p>{t('import.format', { version: preview.version ?? t('import.unknownVersion'), encoding: preview.encoding })}</p>
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
      <KeptTags tags={preview.keptTags} />
      <SkippedTags tags={preview.skippedTags} />
    </div>
  )
}
