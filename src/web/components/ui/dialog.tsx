import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { useModalDialog } from './use-modal-dialog.ts'
import './dialog.css'

interface DialogProps {
  open: boolean
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
  /** Where focus starts; the close button when not given. */
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
}

/** A titled modal window with a close button (see `useModalDialog` for how it behaves). */
export function Dialog({ open, title, closeLabel, onClose, children, initialFocus, className }: DialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const dialog = useModalDialog({ open, initialFocus: initialFocus ?? closeRef, onCancel: onClose })

  return (
    <dialog {...dialog} className={`modal-dialog${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
      {open && (
        <div className="modal-dialog-body">
          <header className="modal-dialog-header">
            <h2 id={titleId} className="modal-dialog-title">
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
