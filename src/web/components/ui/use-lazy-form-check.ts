import { useCallback, useRef, useState, type FormEvent } from 'react'

/** What a form's check says: the parsed values, or one message (a translation key) per field. */
export type FormCheckResult<T> = { data: T; errors?: undefined } | { data?: undefined; errors: Record<string, string> }
export type FormCheck<T> = (values: Record<string, string>) => FormCheckResult<T>

/** What a schema's `safeParse` answers (zod's shape, without importing zod on the page's path). */
type SafeParse<T> = (values: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }

/** A form's check from its schema, for a chunk loaded on first touch: each field shows its first problem. */
export function schemaCheck<T>(schema: { safeParse: SafeParse<T> }): FormCheck<T> {
  return (values) => {
    const result = schema.safeParse(values)
    if (result.success) return { data: result.data }
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message
    return { errors }
  }
}

/** Every named text field of a form, as typed (before the check trims or parses anything). */
function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value
  return values
}

/**
 * Validation for a small form whose schema is not worth shipping on the page's critical path
 * (the public sign-in page: zod and a form library were a fifth of its scripts). The check is
 * imported when the person first touches the form, or at the latest when they submit, and then
 * behaves as the app's other forms do: nothing is said until the first submit, which focuses the
 * first field in trouble; from then on each field's message follows what is typed into it.
 * The fields stay uncontrolled, so what was typed before the page hydrated is kept.
 */
export function useLazyFormCheck<T>(load: () => Promise<FormCheck<T>>) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const check = useRef<FormCheck<T>>(undefined)
  const loading = useRef<Promise<FormCheck<T>>>(undefined)
  const wasSubmitted = useRef(false)

  const prepare = useCallback(() => {
    loading.current ??= load().then((loaded) => (check.current = loaded))
    return loading.current
  }, [load])

  /** Checks the whole form: the parsed values, or undefined after showing what is wrong. */
  const checkForm = useCallback(
    async (form: HTMLFormElement): Promise<T | undefined> => {
      wasSubmitted.current = true
      const result = (await prepare())(formValues(form))
      setErrors(result.errors ?? {})
      if (!result.errors) return result.data
      const firstInvalid = [...form.elements].find((element) => (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && result.errors[element.name])
      if (firstInvalid instanceof HTMLElement) firstInvalid.focus()
      return undefined
    },
    [prepare],
  )

  /** After the first submit, the field just typed into shows its own current message. */
  const handleChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    const field = event.target
    if (!wasSubmitted.current || !check.current || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.name) return
    const message = check.current(formValues(event.currentTarget)).errors?.[field.name]
    setErrors((current) => {
      if (current[field.name] === message) return current
      const { [field.name]: _previous, ...others } = current
      return message === undefined ? others : { ...others, [field.name]: message }
    })
  }, [])

  /**
   * Shows field messages the server gave (a refused answer's field issues) as the check's own,
   * focusing the first field named; false when there were none.
   */
  const showFieldErrors = useCallback((form: HTMLFormElement, fieldErrors: Record<string, string>): boolean => {
    setErrors(fieldErrors)
    const firstInvalid = [...form.elements].find((element) => (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && fieldErrors[element.name])
    if (firstInvalid instanceof HTMLElement) firstInvalid.focus()
    return firstInvalid !== undefined
  }, [])

  return { errors, checkForm, prepare, handleChange, showFieldErrors }
}
