import { useCallback, useState, type FormEvent } from 'react'
import { useFormOutcome, type FormOutcome } from '../../lib/form-outcome.ts'
import { serverFieldErrors } from './form-errors.ts'
import { useLazyFormCheck, type FormCheck } from './use-lazy-form-check.ts'

/**
 * A public page's form (sign-in, sign-up, contact): its check loaded on first touch
 * (`useLazyFormCheck`), the answer to a post without JavaScript the page may have been served
 * with (`posted`, until the next submit), and a submit that checks, sends and puts a refusal's
 * field issues on their fields. `formProps` make it a form the browser can post to the page's own
 * address before the scripts have arrived; the server answers that post alike.
 */
export function usePageForm<T>(form: FormOutcome['form'], load: () => Promise<FormCheck<T>>, fields: readonly string[]) {
  const { errors, checkForm, prepare, handleChange, showFieldErrors } = useLazyFormCheck(load)
  const outcome = useFormOutcome(form)
  const [posted, setPosted] = useState(outcome)

  /** Checks and sends the form; whether it was sent. `onInvalid` runs when the check refused it. */
  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>, send: (values: T) => Promise<unknown>, onInvalid: () => void): Promise<boolean> => {
      event.preventDefault()
      setPosted(undefined)
      const element = event.currentTarget
      const values = await checkForm(element)
      if (!values) {
        onInvalid()
        return false
      }
      try {
        await send(values)
      } catch (error) {
        showFieldErrors(element, serverFieldErrors(error, fields))
        return false
      }
      return true
    },
    [checkForm, showFieldErrors, fields],
  )

  const formProps = {
    noValidate: true,
    method: 'post',
    action: `/${form}`,
    onChange: handleChange,
    onFocus: () => void prepare(),
    onPointerDown: () => void prepare(),
  } as const
  return { errors, outcome, posted, submit, formProps }
}
