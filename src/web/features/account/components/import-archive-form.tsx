import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useImportArchive } from '../api/account-queries.ts'
import { ImportReportView } from './import-report.tsx'

/**
 * Brings an export back into this account: a file picker, the upload's progress, then the
 * report of what was restored and what was skipped and why. Nothing already here is touched.
 */
export function ImportArchiveForm() {
  const { t } = useTranslation(['auth', 'errors'])
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [isMissingFile, setIsMissingFile] = useState(false)
  const [progress, setProgress] = useState(0)
  const importing = useImportArchive(setProgress)

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setIsMissingFile(true)
    setProgress(0)
    importing.mutate(file)
  }

  const isRestoring = importing.isPending && progress >= 1
  return (
    <form noValidate onSubmit={handleSubmit} className="account-form" aria-busy={importing.isPending}>
      <ErrorBanner>{importing.isError ? errorText(t, importing.error, 'auth:account.portability.importError') : null}</ErrorBanner>
      <div className="field">
        <label htmlFor={inputId}>{t('account.portability.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          aria-invalid={isMissingFile || undefined}
          aria-describedby={isMissingFile ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setIsMissingFile(false)
            importing.reset()
          }}
        />
        {isMissingFile ? (
          <p id={`${inputId}-error`} className="field-error">
            {t('account.portability.noFile')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={importing.isPending}>
        {importing.isPending ? t('account.portability.importing') : t('account.portability.import')}
      </button>
      {importing.isPending ? (
        <div className="account-progress">
          <progress max={1} value={isRestoring ? undefined : progress} aria-label={t('account.portability.progress')} />
          <span>{isRestoring ? t('account.portability.restoring') : t('account.portability.uploading', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : null}
      <StatusMessage>{importing.isSuccess ? t('account.portability.done') : null}</StatusMessage>
      {importing.data ? <ImportReportView report={importing.data} /> : null}
    </form>
  )
}
