import { useTranslation } from 'react-i18next'
import type { GedcomImportReport } from '../../../../shared/contracts/gedcom.ts'
import { SkippedTags, WarningItem } from './gedcom-preview.tsx'

/** The end of an import: what was added and updated, and everything not taken as it came, with why. */
export function GedcomImportReportView({ report }: { report: GedcomImportReport }) {
  const { t } = useTranslation('family-tree')
  return (
    <div className="gedcom-report">
      <h3>{t('gedcom.report.title')}</h3>
      <ul className="gedcom-counts">
        <li>{t('gedcom.report.members', report.members)}</li>
        <li>{t('gedcom.report.unions', report.unions)}</li>
        <li>{t('gedcom.report.links', report.links)}</li>
      </ul>
      <h4>{t('gedcom.report.problemsTitle')}</h4>
      {report.problems.length === 0 ? (
        <p>{t('gedcom.report.noProblems')}</p>
      ) : (
        <ul className="gedcom-problems">
          {report.problems.map((problem, index) => (
            <li key={index}>
              {t('gedcom.report.problem', {
                item: t(`gedcom.report.item.${problem.item}`),
                ref: problem.ref ?? `#${problem.index + 1}`,
                reason: t(`errors:${problem.code}`, { defaultValue: problem.code, ...problem.params }),
                outcome: t(`gedcom.report.outcome.${problem.outcome}`),
              })}
            </li>
          ))}
        </ul>
      )}
      {report.moreProblems > 0 && <p>{t('gedcom.report.more', { count: report.moreProblems })}</p>}
      {report.warnings.length > 0 && (
        <>
          <h4>{t('gedcom.import.warningsTitle')}</h4>
          <ul className="gedcom-warnings">
            {report.warnings.map((warning) => (
              <WarningItem key={warning.code} warning={warning} />
            ))}
          </ul>
        </>
      )}
      <SkippedTags tags={report.skippedTags} />
    </div>
  )
}
