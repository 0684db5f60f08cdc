import { useTranslation } from 'react-i18next'
import type { GedcomImportReport, GedcomMediaReport } from '../../../../shared/contracts/gedcom.ts'
import { KeptTags, SkippedTags, WarningItem } from './gedcom-preview.tsx'

/** The end of an import: what was added and updated, and everything not taken as it came, with why. */
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
      <h4>{t('report.problemsTitle')}</h4>
      {report.problems.length === 0 ? (
        <p>{t('report.noProblems')}</p>
      ) : (
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
      <KeptTags tags={report.keptTags} />
      <SkippedTags tags={report.skippedTags} />
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
