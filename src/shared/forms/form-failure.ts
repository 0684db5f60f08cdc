import type { FieldIssue } from '../errors.ts'

/** A refused answer of the API, as the sign-in, sign-up and contact forms read it. */
export interface RefusedAnswer {
  code: string
  details?: readonly FieldIssue[]
}

/**
 * What a form says when the server refused it: the message, as a translation key with its
 * namespace (`errors:auth.invalid_credentials`), and the field to look at, if one is to blame.
 * The web app shows it after a fetch; the server, when it answers the same form posted without
 * JavaScript, looks the key up in the page's catalogue.
 */
export interface FormFailure {
  key: string
  field?: string
}

/** Answers whose own text tells the person more than the form's generic failure. */
const explainedCodes = new Set(['rate_limited', 'network_error'])

function firstIssue(answer: RefusedAnswer): FieldIssue | undefined {
  return answer.code === 'validation_failed' ? answer.details?.[0] : undefined
}

/**
 * The login texts of docs/product.md#login. Unknown e-mail and wrong password answer alike
 * (`auth.invalid_credentials`), so the form never reveals which accounts exist.
 */
export function signInFailure(answer: RefusedAnswer): FormFailure {
  if (answer.code === 'auth.invalid_credentials') return { key: 'errors:auth.invalid_credentials', field: 'password' }
  const issue = firstIssue(answer)
  if (issue && answer.details?.some((refused) => refused.path === 'email')) return { key: 'errors:validation.invalid_email', field: 'email' }
  if (issue) return { key: `errors:${issue.code}`, field: issue.path }
  if (explainedCodes.has(answer.code)) return { key: `errors:${answer.code}` }
  return { key: 'auth:login.error' }
}

/** The sign-up texts of docs/product.md#sign-up; a field issue the server found is shown by its own text. */
export function signUpFailure(answer: RefusedAnswer): FormFailure {
  if (answer.code === 'auth.email_taken') return { key: 'errors:auth.email_taken', field: 'email' }
  if (explainedCodes.has(answer.code)) return { key: `errors:${answer.code}` }
  const issue = firstIssue(answer)
  if (issue) return { key: `errors:${issue.code}`, field: issue.path }
  return { key: 'auth:signup.error' }
}

/** The contact form's failure (docs/product.md#contact): a field's own text, else that sending failed. */
export function contactFailure(answer: RefusedAnswer): FormFailure {
  const issue = firstIssue(answer)
  if (issue) return { key: `errors:${issue.code}`, field: issue.path }
  return { key: 'contact:error' }
}
