import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useGedcomImportJob, useGedcomPreview, useStartGedcomImport } from '../api/gedcom-queries.ts'
import { GedcomImportReportView } from './gedcom-import-report.tsx'
import { GedcomPreview } from './gedcom-preview.tsx'
import './gedcom.css'

/**
 * Bringing a tree in from another program: choose a .ged file (or a .gdz, a GEDZIP, with its
 * photos and documents), see what it holds (nothing is written yet), confirm, follow the import's progress, and read what was added and skipped.
 * `onImportEnded` runs once the import has ended, so the page shows the tree it wrote.
 */
export function GedcomImport({ onImportEnded }: { onImportEnded: () => Promise<unknown> }) {
  const { t } = useTranslation('gedcom')
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const previewRef = useRef<HTMLDivElement>(null)
  const [file, setFile] = useState<File>()
  const preview = useGedcomPreview()
  const start = useStartGedcomImport()
  const job = useGedcomImportJob(start.data?.id, onImportEnded)
  const current = job.data ?? start.data
  const isRunning = current !== undefined && current.status !== 'done' && current.status !== 'failed'

  // The preview takes the focus when it appears, so a screen reader reads what the file holds.
  useEffect(() => {
    if (preview.data && !start.data) previewRef.current?.focus()
  }, [preview.data, start.data])

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0]
    start.reset()
    setFile(chosen)
    if (chosen) preview.mutate(chosen)
  }

  function handleCancel() {
    preview.reset()
    setFile(undefined)
    if (inputRef.current) {
      inputRef.current.value = ''
      inputRef.current.focus()
    }
  }

  const statusText = current ? t(`import.status.${current.status}`) : preview.isPending ? t('import.reading') : undefined
  const error = preview.error ?? start.error ?? job.error
  return (
    <section className="gedcom-panel" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>{t('import.title')}</h3>
      <p>{t('import.intro')}</p>
      {!isRunning && (
        <div className="gedcom-field">
          <label htmlFor={inputId}>{current ? t('import.another') : t('import.choose')}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".ged,.GED,.gdz,.GDZ,.zip,text/plain,application/zip,application/octet-stream"
            onChange={handleChoose}
            disabled={preview.isPending || start.isPending}
          />
        </div>
      )}
      <StatusMessage tone="info">{statusText}</StatusMessage>
      <ErrorBanner>
        {error ? errorText(t, error) : current?.status === 'failed' ? t(`errors:${current.errorCode ?? 'internal'}`, { defaultValue: t('errors:internal') }) : null}
      </ErrorBanner>

      {preview.data && file && !start.data && (
        <div ref={previewRef} tabIndex={-1} className="gedcom-focus" aria-labelledby="gedcom-preview-title">
          <GedcomPreview preview={preview.data} fileName={file.name} />
          <div className="gedcom-actions">
            <button type="button" className="button button-primary" onClick={() => start.mutate(file)} disabled={start.isPending}>
              {t('import.confirm')}
            </button>
            <button type="button" className="button" onClick={handleCancel}>
              {t('import.cancel')}
            </button>
          </div>
        </div>
      )}

      {current && (
        <div className="gedcom-progress">
          <div
            className="gedcom-progress-track"
            role="progressbar"
            aria-label={t('import.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={current.progress}
            aria-valuetext={`${t('import.progress', { percent: current.progress })}: ${t(`import.status.${current.status}`)}`}
          >
            <div className="gedcom-progress-bar" style={{ width: `${current.progress}%` }} />
          </div>
          <p aria-hidden="true">{t('import.progress', { percent: current.progress })}</p>
        </div>
      )}
      {current?.report && <GedcomImportReportView report={current.report} />}
    </section>
  )
}
