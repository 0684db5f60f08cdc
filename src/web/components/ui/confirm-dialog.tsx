import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react'
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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    showModal(dialog)
    cancelRef.current?.focus()
    return () => {
      closeDialog(dialog)
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  function handleCancel() {
    if (!pending) props.onCancel()
  }

  function handleConfirm() {
    if (!pending) props.onConfirm()
  }

  // The browser's own Escape handling would close the dialog behind React's back; the parent's
  // `open` prop stays the only source of truth. Handling the key also covers engines without it.
  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return
    event.preventDefault()
    handleCancel()
  }

  function handleNativeCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault()
    handleCancel()
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={handleKeyDown}
      onCancel={handleNativeCancel}
    >
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
            <button
              type="button"
              className="button button-primary button-danger"
              aria-disabled={pending}
              onClick={handleConfirm}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}

// Engines without the dialog API (older browsers, some test DOMs) get the plain `open` attribute.
function showModal(dialog: HTMLDialogElement) {
  if (dialog.hasAttribute('open')) return
  if (typeof dialog.showModal === 'function') dialog.showModal()
  else dialog.setAttribute('open', '')
}

function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close()
  else dialog.removeAttribute('open')
}
