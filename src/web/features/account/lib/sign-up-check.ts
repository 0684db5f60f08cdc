import { z } from 'zod'
import { signUpSchema } from '../../../../shared/contracts/account.ts'
import { schemaCheck } from '../../../components/ui/use-lazy-form-check.ts'

const simpleSignUpSchema = z
  .object({
    email: signUpSchema.shape.email,
    password: signUpSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'auth:signup.passwordMismatch',
  })

/**
 * The /signup form's check: the server's rules for the e-mail and the password, and the
 * confirmation. A chunk of its own, loaded when the form is first touched (see `useLazyFormCheck`).
 */
export const checkSimpleSignUp = schemaCheck(simpleSignUpSchema)
