import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import './biography-dialog.css'

interface BiographyDialogProps {
  open: boolean
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
  /** Where focus starts; the close button when not given. */
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
}

/**
 * A modal window on the native `<dialog>` (the browser keeps focus and the screen reader inside
 * it): titled, closed by its button, Escape or the browser's back gesture, and giving focus back
 * to what opened it. Dialogs opened inside it (a confirmation, a photo viewer) handle their own
 * Escape first.
 */
export function BiographyDialog({ open, title, closeLabel, onClose, children, initialFocus, className }: BiographyDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.hasAttribute('open')) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    ;(initialFocus?.current ?? closeRef.current)?.focus()
    return () => {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      if (opener?.isConnected) opener.focus()
    }
    // Focus is placed once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    event.preventDefault()
    onClose()
  }

  function handleNativeCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault()
    if (event.target === event.currentTarget) onClose()
  }

  return (
    <dialog
      ref={dialogRef}
      className={`biography-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onCancel={handleNativeCancel}
    >
      {open && (
        <div className="biography-dialog-body">
          <header className="biography-dialog-header">
            <h2 id={titleId} className="biography-dialog-title">
              {title}
            </h2>
            <button ref={closeRef} type="button" className="button" onClick={onClose}>
              {closeLabel}
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  )
}
