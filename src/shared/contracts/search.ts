import { z } from 'zod'
import { languages } from '../limits.ts'
import { isSingleLine } from './common.ts'

/** The kinds of things a search finds, in the order their groups are shown. */
export const searchKinds = ['person', 'memory', 'interview', 'story', 'dream', 'media'] as const
export type SearchKind = (typeof searchKinds)[number]

/** The longest query (a few words; a whole paragraph is no search). */
export const searchQueryMaxLength = 200

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'search.query_required' })
    .trim()
    .min(1, { error: 'search.query_required' })
    .max(searchQueryMaxLength, { error: 'validation.too_long' })
    .refine(isSingleLine, { error: 'validation.single_line' }),
  /** Only this kind (a group's «more»); all of them when missing. */
  kind: z.enum(searchKinds, { error: 'validation.invalid' }).optional(),
  /** At most this many results of each kind. */
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(50, { error: 'validation.invalid' })
    .default(5),
  /** The language the query's words are stemmed in (the page's). */
  language: z.enum(languages, { error: 'validation.invalid' }).default('es'),
})
export type SearchQuery = z.input<typeof searchQuerySchema>

/** Text with the ranges `[start, end)` of the words that matched, for the page to mark. */
export const markedTextSchema = z.object({
  text: z.string(),
  matches: z.array(z.tuple([z.number().int(), z.number().int()])),
})
export type MarkedText = z.infer<typeof markedTextSchema>

export const searchResultSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  /** A memory's or dream's title, a person's name, a file's caption; empty for an interview or a story (the page names them). */
  title: markedTextSchema,
  /** Words around the first match. */
  snippet: markedTextSchema,
  /** When it was written (an instant), or null for a person. */
  at: z.string().nullable(),
  /** The person it is about or by, named for the page («Entrevista a Rosa»), when the tree knows them. */
  personName: z.string().nullable(),
  /** The page that shows it. */
  path: z.string(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchGroupSchema = z.object({
  kind: z.enum(searchKinds),
  /** How many this person may see, all told (only these few are in `results`). */
  total: z.number().int(),
  /** The total is a floor: a word found in thousands of texts is counted up to a cap («más de 1000»). */
  isTotalCapped: z.boolean(),
  results: z.array(searchResultSchema),
})
export type SearchGroup = z.infer<typeof searchGroupSchema>

export const searchAnswerSchema = z.object({
  query: z.string(),
  /** Groups with at least one result, in `searchKinds` order. */
  groups: z.array(searchGroupSchema),
})
export type SearchAnswer = z.infer<typeof searchAnswerSchema>
