import { z } from 'zod'
import { languages, limits } from '../limits.ts'
import { emailSchema, requiredSingleLineText, requiredText } from './common.ts'

export const createContactMessageSchema = z.object({
  name: requiredSingleLineText(limits.contactNameMaxLength, 'contact.name_required'),
  email: emailSchema,
  message: requiredText(limits.contactMessageMaxLength, 'contact.message_required'),
  /** The interface language the sender wrote in, so a reply can be in it. */
  language: z.enum(languages, { error: 'validation.invalid' }).optional(),
})
export type CreateContactMessage = z.input<typeof createContactMessageSchema>

export const contactMessageReceiptSchema = z.object({ id: z.string(), receivedAt: z.string() })
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>
