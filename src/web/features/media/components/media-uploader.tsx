import { useId, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaLinkType } from '../../../../shared/media-path.ts'
import { isAudioOrVideo, maxBytesFor } from '../../../../shared/upload-limits.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useRefreshMedia, useUploadLimits } from '../api/media-queries.ts'
import { acceptAttribute, isAcceptedFile } from '../lib/accepted-types.ts'
import { isShrinkablePhoto, photoMaxSide } from '../lib/compress-image.ts'
import { formatMegabytes } from '../lib/format-size.ts'
import { prepareFile } from '../lib/prepare-file.ts'
import type { UploadFailure } from '../lib/upload-file.ts'
import { useUpload } from '../lib/use-upload.ts'
import './media-uploader.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface MediaUploaderProps {
  linkedToType: MediaLinkType
  linkedToId: string
  /** The heading names whose media this is, e.g. the member's name. */
  ownerName?: string
  onUploaded?: (mediaId: string | null) => void
  headingLevel?: 3 | 4
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024))

function failureKey(failure: UploadFailure): string {
  return failure.kind === 'other' ? 'uploader.failed' : `uploader.${failure.kind}`
}

/** Says a file is too large in the words of its kind: audio and video have a limit of their own. */
function tooLargeKey(type: string): string {
  return isAudioOrVideo(type) ? 'uploader.tooLargeAudioVideo' : 'uploader.tooLarge'
}

/**
 * The uploader of docs/product.md#media: choose or drop one file, add a caption, send it with progress, pause, resume
 * and cancel. A large photo is shrunk as it is chosen, before its size is checked, and the page
 * says so. A failed upload keeps the file chosen so trying again is one press.
 */
export function MediaUploader({ linkedToType, linkedToId, ownerName, onUploaded, headingLevel = 4 }: MediaUploaderProps) {
  const { t, i18n } = useTranslation('media')
  const refreshMedia = useRefreshMedia()
  const { phase, percent, upload, pause, resume, cancel, reset } = useUpload()
  const limits = useUploadLimits()
  const [file, setFile] = useState<File>()
  const [isPreparing, setIsPreparing] = useState(false)
  const [wasShrunk, setWasShrunk] = useState(false)
  const [compressionFailed, setCompressionFailed] = useState(false)
  const [caption, setCaption] = useState('')
  const [error, setError] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [isDragging, setIsDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const busy = phase !== 'idle' || isPreparing
  const Heading = headingLevel === 3 ? 'h3' : 'h4'

  async function choose(chosen: File | undefined) {
    setAnnouncement('')
    setWasShrunk(false)
    setCompressionFailed(false)
    reset()
    if (!chosen) return
    if (!isAcceptedFile(chosen)) {
      clearFile()
      setError(t('uploader.unsupportedType'))
      return
    }
    setError('')
    setIsPreparing(isShrinkablePhoto(chosen))
    const prepared = await prepareFile(chosen, limits).finally(() => setIsPreparing(false))
    if (prepared.type === 'tooLarge') {
      clearFile()
      setError(t(tooLargeKey(chosen.type), { max: megabytes(prepared.maxBytes) }))
      return
    }
    setWasShrunk(prepared.wasShrunk)
    setCompressionFailed(prepared.couldNotShrink)
    setFile(prepared.file)
  }

  function clearFile() {
    setFile(undefined)
    if (inputRef.current) inputRef.current.value = ''
  }

  function handleInputChange(event: ChangeEvent<HTMLInputElement>) {
    if (busy) return
    void choose(event.target.files?.[0])
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    if (!busy) setIsDragging(true)
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setIsDragging(false)
    if (!busy) void choose(event.dataTransfer.files[0])
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setAnnouncement('')
    if (!file) {
      setError(t('uploader.noFile'))
      return
    }
    setError('')
    const outcome = await upload({ file, caption, linkedToType, linkedToId })
    if (outcome.type === 'done') {
      setWasShrunk(false)
      setCompressionFailed(false)
      clearFile()
      setCaption('')
      reset()
      setAnnouncement(t('uploader.done', { name: file.name }))
      refreshMedia()
      onUploaded?.(outcome.mediaId)
    } else if (outcome.type === 'cancelled') {
      reset()
      setAnnouncement(t('uploader.cancelled'))
    } else {
      const key = outcome.failure.kind === 'tooLarge' ? tooLargeKey(file.type) : failureKey(outcome.failure)
      setError(t(key, { code: outcome.failure.code, max: megabytes(maxBytesFor(file.type, limits)) }))
    }
  }

  const showProgress = phase === 'uploading' || phase === 'paused'

  return (
    <section className="media-uploader" aria-labelledby={headingId}>
      <Heading id={headingId} className="media-uploader-heading">
        {ownerName ? t('uploader.heading', { name: ownerName }) : t('uploader.headingGeneric')}
      </Heading>
      <form className="media-uploader-form" noValidate aria-labelledby={headingId} aria-busy={busy} onSubmit={(event) => void handleSubmit(event)}>
        <div
          className={`media-drop-zone${isDragging ? ' media-drop-zone-active' : ''}${busy ? ' media-drop-zone-busy' : ''}`}
          onDragOver={handleDragOver}
          onDragEnter={handleDragOver}
          onDragLeave={() => setIsDragging(false)}
          onDrop={handleDrop}
        >
          <input
            ref={inputRef}
            id={inputId}
            className="media-file-input visually-hidden"
            type="file"
            accept={acceptAttribute}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            aria-disabled={busy}
            onChange={handleInputChange}
          />
          <span className="media-drop-icon" aria-hidden="true">
            ⇪
          </span>
          <label htmlFor={inputId} className="media-drop-label">
            {isDragging ? t('uploader.dropActive') : t('uploader.dropZone')}
          </label>
          <p id={hintId} className="media-drop-hint">
            {t('uploader.dropZoneHint', { fileMax: megabytes(limits.fileBytes), audioVideoMax: megabytes(limits.audioVideoBytes) })}
          </p>
        </div>

        {file && (
          <div className="media-selected">
            <p className="media-selected-label">{t('uploader.selected')}</p>
            <p className="media-selected-file">
              <span className="media-selected-name">{file.name}</span>{' '}
              <span className="media-selected-size">{t('uploader.size', { size: formatMegabytes(file.size, uiLanguageOf(i18n)) })}</span>
            </p>
            {!busy && (
              <button
                type="button"
                className="button media-clear"
                onClick={() => {
                  clearFile()
                  setError('')
                }}
              >
                {t('uploader.clear')}
              </button>
            )}
          </div>
        )}

        <TextField
          label={t('uploader.caption')}
          hint={t('uploader.captionHint')}
          optional
          value={caption}
          maxLength={500}
          readOnly={busy}
          onChange={(event) => setCaption(event.target.value)}
        />

        {error && (
          <p id={errorId} className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        {compressionFailed && (
          <p className="banner banner-info media-warning" role="status">
            {t('uploader.compressionFailed')}
          </p>
        )}

        {wasShrunk && (
          <p className="banner banner-info media-warning" role="status">
            {t('uploader.shrunk', { pixels: new Intl.NumberFormat(i18n.language, { useGrouping: 'always' }).format(photoMaxSide) })}
          </p>
        )}
        {isPreparing && (
          <p className="media-phase" role="status">
            {t('uploader.compressing')}
          </p>
        )}

        {showProgress && (
          <div className="media-progress">
            <p className="media-phase">{phase === 'paused' ? t('uploader.paused') : t('uploader.uploading')}</p>
            <div
              className="media-progress-track"
              role="progressbar"
              aria-label={t('uploader.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={t('uploader.progress', { percent })}
            >
              <div className="media-progress-bar" style={{ width: `${percent}%` }} />
            </div>
            <p className="media-progress-text" aria-hidden="true">
              {t('uploader.progress', { percent })}
            </p>
          </div>
        )}

        <div className="media-uploader-actions">
          {showProgress ? (
            <>
              {phase === 'paused' ? (
                <button type="button" className="button button-primary" onClick={resume}>
                  {t('uploader.resume')}
                </button>
              ) : (
                <button type="button" className="button" onClick={pause}>
                  {t('uploader.pause')}
                </button>
              )}
              <button type="button" className="button button-danger" onClick={cancel}>
                {t('uploader.cancel')}
              </button>
            </>
          ) : (
            <button type="submit" className="button button-primary" aria-disabled={busy}>
              {t('uploader.upload')}
            </button>
          )}
        </div>
      </form>
      <StatusMessage>{announcement}</StatusMessage>
    </section>
  )
}
