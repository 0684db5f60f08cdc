import { z } from 'zod'
import { languages } from '../limits.ts'
import { linkExpiries, listeningLinkSchema } from './book.ts'

/** A listening link made from the app for one of one's own recordings (the book makes its own). */
export const createListeningLinkSchema = z.object({
  mediaId: z.string().min(1).max(200),
  expiry: z.enum(linkExpiries, { error: 'validation.invalid' }).default('never'),
  /** The language its page speaks; the account's own when left out. */
  language: z.enum(languages, { error: 'validation.invalid' }).optional(),
})
export type CreateListeningLink = z.input<typeof createListeningLinkSchema>

/** Newest first. */
export const listeningLinkListSchema = z.array(listeningLinkSchema)

export const revokedListeningLinksSchema = z.object({ revoked: z.number().int() })
