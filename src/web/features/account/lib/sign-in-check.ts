import { signInSchema, type SignIn } from '../../../../shared/contracts/account.ts'
import type { FormCheckResult } from '../../../components/ui/use-lazy-form-check.ts'

/**
 * The sign-in form's check, with the schema the server applies: a chunk of its own, loaded when
 * the form is first touched (see `useLazyFormCheck`). Each field shows its first problem.
 */
export function checkSignIn(values: Record<string, string>): FormCheckResult<SignIn> {
  const result = signInSchema.safeParse(values)
  if (result.success) return { data: result.data }
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= issue.message
  }
  return { errors }
}
