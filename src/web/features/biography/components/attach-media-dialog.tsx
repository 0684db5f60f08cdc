import { useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../../shared/limits.ts'
import { maxBytesFor } from '../../../../shared/upload-limits.ts'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import type { AttachmentSlot } from './slots.ts'
import './attach-media-dialog.css'

interface AttachMediaDialogProps {
  open: boolean
  slot: AttachmentSlot
  /** How many more files the memory may take. */
  room: number
  onAttach: (files: File[]) => void
  onClose: () => void
}

const megabytesOf = (bytes: number) => Math.floor(bytes / (1024 * 1024))

function megabytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / (1024 * 1024))
}

/**
 * The attach-media dialog (docs/product.md#biography): choose one or more files to go with the next message. Each is
 * checked at once (type, and size for its kind: a large photo is shrunk when it is sent); those
 * that pass are listed before attaching.
 */
export function AttachMediaDialog({ open, slot, room, onAttach, onClose }: AttachMediaDialogProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const [chosen, setChosen] = useState<File[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()
  const problemsId = useId()

  function close() {
    setChosen([])
    setProblems([])
    onClose()
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    const found: string[] = []
    const accepted: File[] = []
    for (const file of files) {
      const maxBytes = maxBytesFor(file.type, slot.limits)
      if (file.size > maxBytes && !slot.isShrinkable(file)) found.push(t('chat.attach.tooLarge', { name: file.name, max: megabytesOf(maxBytes) }))
      else if (!slot.isAccepted(file)) found.push(t('chat.attach.unsupportedType', { name: file.name }))
      else accepted.push(file)
    }
    const next = [...chosen, ...accepted]
    if (next.length > room) found.push(t('chat.attach.tooMany', { max: limits.biographyMediaPerEntry }))
    setChosen(next.slice(0, Math.max(room, 0)))
    setProblems(found)
  }

  function handleAttach() {
    if (chosen.length === 0) {
      setProblems([t('chat.attach.noFile')])
      inputRef.current?.focus()
      return
    }
    onAttach(chosen)
    close()
  }

  return (
    <Dialog open={open} title={t('chat.attach.title')} closeLabel={t('chat.attach.close')} onClose={close} initialFocus={inputRef}>
      <p className="attach-intro">{t('chat.attach.body')}</p>
      <div className="attach-picker">
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={slot.accept}
          aria-describedby={[hintId, problems.length > 0 ? problemsId : ''].filter(Boolean).join(' ')}
          aria-invalid={problems.length > 0 ? true : undefined}
          onChange={handleChange}
        />
        <label htmlFor={inputId} className="button attach-picker-label">
          {t('chat.attach.choose')}
        </label>
        <p id={hintId} className="attach-hint">
          {t('chat.attach.hint', { fileMax: megabytesOf(slot.limits.fileBytes), audioVideoMax: megabytesOf(slot.limits.audioVideoBytes) })}
        </p>
      </div>
      {problems.length > 0 && (
        <div id={problemsId} className="banner banner-error attach-problems" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {chosen.length > 0 && (
        <div>
          <h3 className="attach-chosen-heading">{t('chat.attach.chosen')}</h3>
          <ul className="attach-chosen">
            {chosen.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <span className="attach-chosen-name">{file.name}</span>{' '}
                <span className="attach-chosen-size">{t('chat.attach.size', { size: megabytes(file.size, language) })}</span>
                <button
                  type="button"
                  className="button attach-chosen-remove"
                  aria-label={t('chat.attach.removeLabel', { name: file.name })}
                  onClick={() => setChosen((files) => files.filter((_file, at) => at !== index))}
                >
                  {t('chat.attach.remove')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="attach-actions">
        <button type="button" className="button" onClick={close}>
          {t('chat.attach.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={handleAttach}>
          {t('chat.attach.confirm')}
        </button>
      </div>
    </Dialog>
  )
}
