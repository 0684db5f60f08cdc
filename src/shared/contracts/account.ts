import { z } from 'zod'
import { languages, limits } from '../limits.ts'
import { emailSchema, optionalDate, optionalSingleLineText, pastCalendarDateSchema, writtenGenealogyDate } from './common.ts'

const passwordSchema = z
  .string({ error: 'auth.password_too_short' })
  .min(limits.passwordMinLength, { error: 'auth.password_too_short' })
  .max(limits.passwordMaxLength, { error: 'validation.too_long' })

/** Body of `POST /api/auth/sign-up/email`: the landing form's fields (the older form sends fewer). */
export const signUpSchema = z.object({
  /** Full name, kept as the display name. */
  name: optionalSingleLineText(limits.displayNameMaxLength),
  email: emailSchema,
  password: passwordSchema,
  /**
   * As the person knows it ("1948", "mayo de 1948", "17 de mayo de 1948"), in `preferredLanguage`:
   * it goes on their own card in the tree; the account keeps it only when it is an exact day.
   */
  birthDate: writtenGenealogyDate,
  familyRelation: optionalSingleLineText(limits.familyRelationMaxLength),
  preferredLanguage: z.enum(languages, { error: 'validation.invalid' }).optional(),
})
export type SignUp = z.input<typeof signUpSchema>

/** Body of `POST /api/auth/sign-in/email`. */
export const signInSchema = z.object({
  email: z
    .string({ error: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'validation.required', abort: true })
    .pipe(z.email({ error: 'validation.invalid_email' })),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
})
export type SignIn = z.input<typeof signInSchema>

/**
 * Body of `POST /api/auth/change-password`: the current password proves it is the person (a
 * session left open on a shared computer is not enough), the new one follows the sign-up rules.
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(limits.passwordMaxLength, { error: 'validation.too_long' }),
  newPassword: passwordSchema,
})
export type ChangePassword = z.input<typeof changePasswordSchema>

/**
 * How a forgotten password is recovered here: a link by e-mail (an SMTP server is configured),
 * or a link the person asks of whoever runs this Legado (docs/product.md#forgotten-password).
 */
export const passwordResetDeliverySchema = z.object({ delivery: z.enum(['email', 'operator']) })
export type PasswordResetDelivery = z.infer<typeof passwordResetDeliverySchema>

/** Body of `POST /api/auth/request-password-reset`: answered alike whether or not the e-mail has an account. */
export const requestPasswordResetSchema = z.object({ email: emailSchema })
export type RequestPasswordReset = z.input<typeof requestPasswordResetSchema>

/** Body of `POST /api/auth/reset-password`: the link's one-time token and a new password under the sign-up rules. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' }),
  newPassword: passwordSchema,
})
export type ResetPassword = z.input<typeof resetPasswordSchema>

/**
 * Body of `DELETE /api/me`: the password, so that a session left open is not enough to erase a
 * family's memories. (The typed confirmation is the page's, before it sends this.)
 */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(limits.passwordMaxLength, { error: 'validation.too_long' }),
})
export type DeleteAccount = z.input<typeof deleteAccountSchema>

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  birthDate: z.string().nullable(),
  familyRelation: z.string(),
  preferredLanguage: z.enum(languages).nullable(),
  createdAt: z.string(),
})
export type Me = z.infer<typeof meSchema>

/** Who is signed in on this device: `user` is null for a visitor, which is an answer, not an error. */
export const sessionStateSchema = z.object({ user: meSchema.nullable() })
export type SessionState = z.infer<typeof sessionStateSchema>

export const updateMeSchema = z
  .object({
    displayName: optionalSingleLineText(limits.displayNameMaxLength).unwrap().unwrap(),
    birthDate: optionalDate(pastCalendarDateSchema),
    familyRelation: optionalSingleLineText(limits.familyRelationMaxLength).unwrap().unwrap(),
    preferredLanguage: z.enum(languages, { error: 'validation.invalid' }).nullable(),
  })
  .partial()
export type UpdateMe = z.input<typeof updateMeSchema>
