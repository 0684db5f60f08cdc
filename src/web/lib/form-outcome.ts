import { useEffect, useState } from 'react'

/**
 * What the server answered a form posted without JavaScript (the bundle had not arrived, or
 * scripts are off): the sign-in, sign-up and contact pages post to their own address, and the
 * server answers a refusal with the same page, the message and what was typed filled in
 * (src/server/plugins/page-form-posts.ts). The page carries the same facts as JSON, so the form
 * hydrates to exactly what the HTML shows.
 */
export interface FormOutcome {
  /** Which form it answers: the page's own form takes it, no other. */
  form: 'login' | 'signup' | 'contact'
  /** The refusal's text, already in the page's language. */
  message?: string
  /** The field to look at first. */
  field?: string
  /** What was typed, passwords never included. */
  values?: Record<string, string>
  /** The message was sent (the contact form's thanks). */
  sent?: boolean
}

export const formOutcomeId = 'form-outcome'

let prerenderOutcome: FormOutcome | undefined

/** The build renders the page of a refused or sent form with this outcome (placeholders in its texts). */
export function setPrerenderFormOutcome(outcome: FormOutcome | undefined) {
  prerenderOutcome = outcome
}

function readPageOutcome(): FormOutcome | undefined {
  if (typeof document === 'undefined') return prerenderOutcome
  const text = document.getElementById(formOutcomeId)?.textContent
  try {
    return text ? (JSON.parse(text) as FormOutcome) : undefined
  } catch {
    return undefined
  }
}

/**
 * The outcome the page was served with, for `form`, once: after the form that showed it goes
 * (the person moved on within the app), coming back shows the form as new.
 */
export function useFormOutcome(form: FormOutcome['form']): FormOutcome | undefined {
  const [outcome] = useState(() => {
    const found = readPageOutcome()
    return found?.form === form ? found : undefined
  })
  useEffect(() => {
    if (outcome) document.getElementById(formOutcomeId)?.remove()
  }, [outcome])
  return outcome
}

/**
 * A field's props on a page answering a refused form: what was typed into it (never a password:
 * the server keeps none), and the focus on the field to look at first, as the app's own check
 * focuses it after a refused submit. Without an outcome the field is empty and nothing moves.
 */
export function outcomeFieldProps(outcome: FormOutcome | undefined, name: string): { defaultValue: string; autoFocus: boolean } {
  return { defaultValue: outcome?.values?.[name] ?? '', autoFocus: outcome?.field === name }
}
