import { z } from 'zod'

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['local', 's3']),
  ai: z.enum(['guided', 'gemini', 'openai']),
})
export type Health = z.infer<typeof healthSchema>
