import { z } from 'zod'
import { limits } from '../limits.ts'
import { optionalDate, optionalSingleLineText, requiredText, timestampSchema } from './common.ts'

export const dreamSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** The night of the dream, `YYYY-MM-DD`, when the dreamer gave one. */
  dreamDate: z.string().nullable(),
  /** When the dream was written down (server time). */
  entryDate: timestampSchema,
  updatedAt: timestampSchema,
})
export type Dream = z.infer<typeof dreamSchema>

export const createDreamSchema = z.object({
  title: optionalSingleLineText(limits.dreamTitleMaxLength),
  content: requiredText(limits.dreamContentMaxLength, 'dream.description_required'),
  dreamDate: optionalDate(),
})
export type CreateDream = z.input<typeof createDreamSchema>

export const updateDreamSchema = z
  .object({
    title: optionalSingleLineText(limits.dreamTitleMaxLength).unwrap().unwrap(),
    content: requiredText(limits.dreamContentMaxLength, 'dream.description_required'),
    dreamDate: optionalDate(),
  })
  .partial()
export type UpdateDream = z.input<typeof updateDreamSchema>

export const dreamListSchema = z.object({ dreams: z.array(dreamSchema) })
export type DreamList = z.infer<typeof dreamListSchema>
