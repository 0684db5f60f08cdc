import { z } from 'zod'
import { timestampSchema } from './common.ts'

/** A few words of what was saved, to recognise it by. */
const savedThingSchema = z.object({
  /** The memory's title, else the first words the person said. */
  excerpt: z.string(),
  savedAt: timestampSchema,
})

/**
 * `GET /api/dashboard/recent`: what the person saved last, to take up where they left off
 * (docs/product.md#dashboard). Each part is null when there is none yet.
 */
export const recentActivitySchema = z.object({
  lastMemory: savedThingSchema.nullable(),
  /** The last interview, with the relative it was about (null when that person was deleted). */
  lastInterview: savedThingSchema
    .extend({
      memberId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    })
    .nullable(),
})
export type RecentActivity = z.infer<typeof recentActivitySchema>
