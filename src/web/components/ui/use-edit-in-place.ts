import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A card that turns into its own edit form: `open` from the edit button, `close` when the form is
 * saved or cancelled, and the keyboard goes back to the edit button (put `editButtonRef` on it),
 * so nobody loses their place in a long list.
 */
export function useEditInPlace() {
  const [isEditing, setIsEditing] = useState(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const shouldRefocus = useRef(false)

  useEffect(() => {
    if (isEditing || !shouldRefocus.current) return
    shouldRefocus.current = false
    editButtonRef.current?.focus()
  }, [isEditing])

  const open = useCallback(() => setIsEditing(true), [])
  const close = useCallback(() => {
    shouldRefocus.current = true
    setIsEditing(false)
  }, [])

  return { isEditing, open, close, editButtonRef }
}
