import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useEditInPlace } from './use-edit-in-place.ts'

/** What went wrong with a save: under the field, and above the form when it is not the field's. */
export interface EditProblem {
  field?: string
  banner?: string
}

interface EditTextOptions {
  /** Saves the trimmed text; the form closes when it resolves. */
  save: (text: string) => Promise<unknown>
  /** The field's message when the text cannot be sent as it is (nothing is sent then). */
  check?: (text: string) => string | undefined
  /** The messages for a save that failed. */
  problemOf: (error: unknown) => EditProblem
}

/**
 * One text edited in place (a conversation's title, an answer's words): `open` with the text as
 * it stands puts the cursor in the field, `close` (saved or cancelled) gives the keyboard back to
 * the button that opened it (`editButtonRef`, from `useEditInPlace`).
 */
export function useEditText<Field extends HTMLInputElement | HTMLTextAreaElement>({ save, check, problemOf }: EditTextOptions) {
  const { isEditing, open: openEditor, close: closeEditor, editButtonRef } = useEditInPlace()
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<EditProblem>({})
  const [isSaving, setIsSaving] = useState(false)
  const fieldRef = useRef<Field>(null)

  useEffect(() => {
    if (isEditing) fieldRef.current?.focus()
  }, [isEditing])

  function open(text: string) {
    setDraft(text)
    openEditor()
  }

  function close() {
    setProblem({})
    closeEditor()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSaving) return
    const text = draft.trim()
    const refused = check?.(text)
    if (refused) {
      setProblem({ field: refused })
      return
    }
    setIsSaving(true)
    try {
      await save(text)
      close()
    } catch (error) {
      setProblem(problemOf(error))
    } finally {
      setIsSaving(false)
    }
  }

  return { isEditing, open, close, editButtonRef, fieldRef, draft, setDraft, problem, isSaving, submit }
}
