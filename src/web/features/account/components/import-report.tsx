import { useTranslation } from 'react-i18next'
import type { ImportReport } from '../../../../shared/contracts/portability.ts'

/** What an import restored, kind by kind, and each thing it skipped with the reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('auth')
  const kinds = report.kinds.filter((kind) => kind.found > 0 || kind.skipped.length > 0)
  return (
    <section className="account-report" aria-labelledby="import-report-heading">
      <h3 id="import-report-heading">{t('account.portability.reportHeading')}</h3>
      <ul>
        {kinds.map((kind) => (
          <li key={kind.kind}>
            {t('account.portability.kindLine', { kind: t(`account.portability.kinds.${kind.kind}`), restored: kind.restored, found: kind.found })}
            {kind.skipped.length > 0 ? (
              <ul>
                {kind.skipped.map((skip, index) => (
                  <li key={`${skip.id}-${index}`}>{t('account.portability.skipped', { id: skip.id, reason: t(`account.portability.reasons.${skip.reason}`) })}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {report.ignoredEntries.length > 0 ? <p>{t('account.portability.ignored', { names: report.ignoredEntries.join(', ') })}</p> : null}
    </section>
  )
}
