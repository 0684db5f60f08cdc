import { signInSchema } from '../../../../shared/contracts/account.ts'
import { schemaCheck } from '../../../components/ui/use-lazy-form-check.ts'

/**
 * The sign-in form's check, with the schema the server applies: a chunk of its own, loaded when
 * the form is first touched (see `useLazyFormCheck`).
 */
export const checkSignIn = schemaCheck(signInSchema)
