import { z } from 'zod'

export const starKinds = ['person', 'place', 'year'] as const
export type StarKind = (typeof starKinds)[number]

export const mentionKinds = ['memory', 'dream', 'story', 'interview'] as const
export type MentionKind = (typeof mentionKinds)[number]

/** Something told that mentions stars: one of the person's memories, dreams or lab stories, or an interview of the tree. */
export const mentionSchema = z.object({
  /** `kind:id`, unique across kinds. */
  key: z.string(),
  kind: z.enum(mentionKinds),
  /** Its title, or its first words when it has none. */
  title: z.string(),
  /** When it happened or was told, `YYYY-MM-DD`; null when unknown. */
  date: z.string().nullable(),
  /** Where the web app shows it. */
  path: z.string(),
})
export type Mention = z.infer<typeof mentionSchema>

export const starSchema = z.object({
  /** `kind:…`: stable between visits, so a chosen star stays chosen. */
  id: z.string(),
  kind: z.enum(starKinds),
  /** The name, the place or the year as the tree or the text writes it. */
  label: z.string(),
  /** The `key`s of the mentions it appears in; their number is the star's size. */
  mentionKeys: z.array(z.string()),
})
export type Star = z.infer<typeof starSchema>

/** Two stars that appear in the same mentions; `weight` is how many. */
export const starLinkSchema = z.object({ source: z.string(), target: z.string(), weight: z.number().int().positive() })
export type StarLink = z.infer<typeof starLinkSchema>

/** `GET /api/ai-lab/constellations`: the stars that recur in what the person told, largest first. */
export const constellationSchema = z.object({
  stars: z.array(starSchema),
  links: z.array(starLinkSchema),
  mentions: z.array(mentionSchema),
  /** How many things told were read: with too few, the web invites to tell more instead of showing an empty sky. */
  toldCount: z.number().int().nonnegative(),
})
export type Constellation = z.infer<typeof constellationSchema>
