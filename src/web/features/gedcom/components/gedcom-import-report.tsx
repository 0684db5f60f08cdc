import { useTranslation } from 'react-i18next'
import type { GedcomImportReport, GedcomMediaReport } from '../../../../shared/contracts/gedcom.ts'
import { countByKind, totalOf } from '../lib/data-kinds.ts'
import { DataKinds, WarningItem } from './gedcom-preview.tsx'

/** The end of an import: what was added and updated, then honestly what did not come in as it was, and why. */
export function GedcomImportReportView({ report }: { report: GedcomImportReport }) {
  const { t } = useTranslation('gedcom')
  return (
    <div className="gedcom-report">
      <h3>{t('report.title')}</h3>
      <ul className="gedcom-counts">
        <li>{t('report.members', report.members)}</li>
        <li>{t('report.unions', report.unions)}</li>
        <li>{t('report.links', report.links)}</li>
      </ul>
      <ReportSummary report={report} />
      {report.problems.length > 0 && (
        <>
          <h4>{t('report.problemsTitle')}</h4>
          <ul className="gedcom-problems">
            {report.problems.map((problem, index) => (
              <li key={index}>
                {t('report.problem', {
                  item: t(`report.item.${problem.item}`),
                  // The person's name where the file gives one; its identifier in the file otherwise.
                  ref: problem.name ?? problem.ref ?? `#${problem.index + 1}`,
                  reason: t(`errors:${problem.code}`, { defaultValue: problem.code, ...problem.params }),
                  outcome: t(`report.outcome.${problem.outcome}`),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.moreProblems > 0 && <p>{t('report.more', { count: report.moreProblems })}</p>}
      {report.media && <MediaReport media={report.media} />}
      {report.warnings.length > 0 && (
        <>
          <h4>{t('import.warningsTitle')}</h4>
          <ul className="gedcom-warnings">
            {report.warnings.map((warning) => (
              <WarningItem key={warning.code} warning={warning} />
            ))}
          </ul>
        </>
      )}
      <DataKinds tags={report.keptTags} isKept />
      <DataKinds tags={report.skippedTags} isKept={false} />
    </div>
  )
}

/** How many kinds a summary sentence names before "…": the lists below name them all. */
const kindsNamed = 3

/**
 * "Everything came in" only when it did; otherwise what was kept without being shown, what was
 * not kept, and how many items and files did not come in as they were.
 */
function ReportSummary({ report }: { report: GedcomImportReport }) {
  const { t } = useTranslation('gedcom')
  const kept = countByKind(report.keptTags)
  const skipped = countByKind(report.skippedTags)
  const problems = report.problems.length + report.moreProblems
  const media = report.media ? report.media.skipped.length + report.media.moreSkipped : 0
  const kindsText = (kinds: typeof kept) =>
    kinds
      .slice(0, kindsNamed)
      .map(({ kind }) => t(`import.kind.${kind}`).toLocaleLowerCase())
      .join(', ') + (kinds.length > kindsNamed ? '…' : '')
  const lines = [
    kept.length > 0 && t('report.keptSummary', { count: totalOf(kept), kinds: kindsText(kept) }),
    skipped.length > 0 && t('report.skippedSummary', { count: totalOf(skipped), kinds: kindsText(skipped) }),
    problems > 0 && t('report.problemsSummary', { count: problems }),
    media > 0 && t('report.mediaSummary', { count: media }),
  ].filter((line) => line !== false)
  if (lines.length === 0) return <p className="gedcom-summary">{t('report.complete')}</p>
  return (
    <div className="gedcom-summary">
      <p>{t('report.notAll')}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  )
}

/** The files the GEDCOM named: how many came in, and each one that did not, by name and with why. */
function MediaReport({ media }: { media: GedcomMediaReport }) {
  const { t } = useTranslation('gedcom')
  if (media.attached === 0 && media.alreadyThere === 0 && media.skipped.length === 0) return null
  return (
    <>
      <h4>{t('report.mediaTitle')}</h4>
      <p>{t('report.mediaAttached', { count: media.attached, already: media.alreadyThere })}</p>
      {media.skipped.length > 0 && (
        <ul className="gedcom-problems">
          {media.skipped.map((skipped, index) => (
            <li key={index}>
              {t(skipped.person ? 'report.mediaSkippedOf' : 'report.mediaSkipped', {
                file: skipped.file,
                person: skipped.person,
                reason: t(`report.mediaReason.${skipped.reason}`),
              })}
            </li>
          ))}
        </ul>
      )}
      {media.moreSkipped > 0 && <p>{t('report.more', { count: media.moreSkipped })}</p>}
    </>
  )
}
