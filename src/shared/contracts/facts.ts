import { z } from 'zod'
import { factGaps, factKinds } from '../facts/fact-kinds.ts'
import { languages, limits } from '../limits.ts'
import { timestampSchema } from './common.ts'

/**
 * Facts heard in a conversation (docs/product.md#facts): what Ana or Cronos heard about a person
 * is proposed, never written, until someone who may change the tree accepts it. An accepted fact
 * keeps who told it, when, the words and the recording: its citation.
 */

export const factKindSchema = z.enum(factKinds, { error: 'validation.invalid' })

/** A relative's name as a card keeps it. */
export const factPersonNameSchema = z.object({ first: z.string(), last: z.string() })

/**
 * A fact's value: a date in genealogy-date's stored form (`ABT 1931`), a place, an occupation, a
 * residence or a nickname as text; a relative's name.
 */
export const factValueSchema = z.union([z.string(), factPersonNameSchema])
export type FactValue = z.infer<typeof factValueSchema>

/** Where a fact was heard: one answer to Ana (an interview session) or to Cronos (a memory). */
export const factSourceSchema = z.object({
  kind: z.enum(['interview', 'biography']),
  /** The interview session's or the memory's id. */
  id: z.string(),
  /** When the answer was told. */
  toldAt: timestampSchema,
  /** Who told it: the account, and how the page names them («Lucía»); null when nobody can be named. */
  tellerUserId: z.string(),
  tellerName: z.string().nullable(),
  /** How the teller stands to the person the fact is about, a word in the reader's language («nieta»), when the tree tells. */
  tellerKin: z.string().nullable(),
  /** The question the answer answered, as it was asked. */
  question: z.string().nullable(),
  /** The recording of the answer, when one was made: the media asset to play. */
  recordingId: z.string().nullable(),
})
export type FactSource = z.infer<typeof factSourceSchema>

export const factStatuses = ['open', 'accepted', 'dismissed'] as const
export type FactStatus = (typeof factStatuses)[number]

export const factProposalSchema = z.object({
  id: z.string(),
  /** The person the fact is about. */
  memberId: z.string(),
  kind: factKindSchema,
  value: factValueSchema,
  /** The exact words it came from. */
  quote: z.string(),
  source: factSourceSchema,
  status: z.enum(factStatuses),
  /**
   * What the tree holds now for this fact when it differs from the proposal (a contradiction: the
   * page shows both and accepting needs `replace`); null when the tree holds nothing or the same.
   */
  current: factValueSchema.nullable(),
  /** For a relative: the member of the tree with that name and place, who accepting links; null when accepting adds someone. */
  existingMemberId: z.string().nullable(),
  /** For an accepted relative: the member it created or linked. */
  appliedMemberId: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
})
export type FactProposal = z.infer<typeof factProposalSchema>

/** `GET /api/facts?memberId=`: what was heard about a member. */
export const factListQuerySchema = z.object({
  memberId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.invalid' }),
  /** The language of the teller's kin word («nieta»). */
  language: z.enum(languages, { error: 'validation.invalid' }).optional().default('es'),
})

export const factListSchema = z.object({
  /** Waiting for a decision, oldest first. */
  open: z.array(factProposalSchema),
  /**
   * Accepted facts the tree still holds as accepted, each the citation of its field («Fuente:
   * entrevista con Ana del 12 de mayo de 2026 — escuchar»). A field changed by hand since has none.
   */
  cited: z.array(factProposalSchema),
  /** What the tree and the conversations do not yet know about the member, most wanted first («Lo que aún no sabemos de Aurora»). */
  unknown: z.array(z.enum(factGaps)),
})
export type FactList = z.infer<typeof factListSchema>

/**
 * `POST /api/facts/:id/accept`. `value` is the fact as the person edited it (its kind's shape);
 * `replace` confirms overwriting what the tree holds when it differs, else the answer is 409
 * `facts.contradicts` with the proposal and what the tree holds.
 */
export const acceptFactSchema = z.object({
  value: factValueSchema
    .refine((value) => (typeof value === 'string' ? value.trim().length > 0 && value.length <= limits.memberPlaceMaxLength : value.first.trim().length > 0), {
      error: 'validation.required',
    })
    .optional(),
  replace: z.boolean().optional().default(false),
  /** The language an edited date is written in («hacia 1931»); Spanish when absent. */
  language: z.enum(languages, { error: 'validation.invalid' }).optional().default('es'),
})
export type AcceptFact = z.input<typeof acceptFactSchema>

/** What accepting answers: the proposal now accepted, and the member whose card changed (the new relative for one added). */
export const acceptedFactSchema = z.object({ proposal: factProposalSchema, changedMemberIds: z.array(z.string()) })
export type AcceptedFact = z.infer<typeof acceptedFactSchema>
