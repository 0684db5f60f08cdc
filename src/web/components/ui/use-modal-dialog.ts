import { useEffect, useRef, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react'

/**
 * What every modal of the app does on the native `<dialog>` (the browser keeps focus and the
 * screen reader inside it): open as a modal while `open`, put focus on `initialFocus`, and on
 * closing give focus back to what opened it. Escape and the browser's own cancel call `onCancel`,
 * so the parent's `open` stays the only source of truth; a dialog opened inside another (a
 * confirmation over a media window) handles its Escape first.
 */
export function useModalDialog({
  open,
  initialFocus,
  onCancel,
  onClosed,
}: {
  open: boolean
  initialFocus: RefObject<HTMLElement | null>
  onCancel: () => void
  onClosed?: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    showModal(dialog)
    initialFocus.current?.focus()
    return () => {
      closeDialog(dialog)
      onClosed?.()
      if (opener?.isConnected) opener.focus()
    }
    // Focus is placed once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  return {
    ref: dialogRef,
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      onCancel()
    },
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault()
      if (event.target === event.currentTarget) onCancel()
    },
  }
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
