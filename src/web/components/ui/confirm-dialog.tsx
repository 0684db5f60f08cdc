import { useId, useRef, type ReactNode } from 'react'
import { useModalDialog } from './use-modal-dialog.ts'
import './confirm-dialog.css'

interface ConfirmDialogProps {
  open: boolean
  title: string
  description: ReactNode
  confirmLabel: string
  cancelLabel: string
  /** Shown on the confirm button while `pending`, e.g. "Eliminando...". */
  pendingLabel?: string
  /** The confirmed action is running: both buttons are unavailable and Escape is ignored. */
  pending?: boolean
  /** Why the confirmed action failed; the dialog stays open so the user can retry or cancel. */
  error?: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal confirmation for a destructive action, on the native `<dialog>`: the browser keeps
 * focus and the screen reader inside it. Focus starts on Cancel, the safe choice, and goes back
 * to the element that opened the dialog when it closes (if that element still exists).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, cancelLabel, pendingLabel, pending = false, error } = props
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  function handleCancel() {
    if (!pending) props.onCancel()
  }

  function handleConfirm() {
    if (!pending) props.onConfirm()
  }

  // Focus starts on Cancel, the safe choice.
  const dialog = useModalDialog({ open, initialFocus: cancelRef, onCancel: handleCancel })

  return (
    <dialog {...dialog} className="confirm-dialog" role="alertdialog" aria-labelledby={titleId} aria-describedby={descriptionId}>
      {open && (
        <>
          <h2 id={titleId} className="confirm-dialog-title">
            {title}
          </h2>
          <div id={descriptionId} className="confirm-dialog-description">
            {description}
          </div>
          {error && (
            <p className="banner banner-error" role="alert">
              {error}
            </p>
          )}
          <div className="confirm-dialog-actions">
            <button ref={cancelRef} type="button" className="button" aria-disabled={pending} onClick={handleCancel}>
              {cancelLabel}
            </button>
            <button type="button" className="button button-primary button-danger" aria-disabled={pending} onClick={handleConfirm}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}
