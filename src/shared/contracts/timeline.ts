import { z } from 'zod'
import { calendarDateSchema, storedGenealogyDateSchema } from './common.ts'

/** What a moment of a life is: its own events, then what was told and kept about it. */
export const timelineEventKinds = ['birth', 'marriage', 'child', 'memory', 'interview', 'photo', 'death'] as const
export type TimelineEventKind = (typeof timelineEventKinds)[number]

const personRefSchema = z.object({ memberId: z.string(), firstName: z.string(), lastName: z.string() })
export type TimelinePerson = z.infer<typeof personRefSchema>

/**
 * One moment of a life. The date is the stored genealogy date (format it for the reader: «hacia
 * 1920»); `sortKey` is where it falls (`genealogyDateSortKey`), null for the undated.
 */
export const timelineEventSchema = z.object({
  /** Unique in one answer: the kind and the id of what it shows. */
  id: z.string(),
  kind: z.enum(timelineEventKinds),
  /** Whose life it belongs to. */
  person: personRefSchema,
  date: storedGenealogyDateSchema.nullable(),
  sortKey: z.number().nullable(),
  /** "hacia", "antes de", "entre", an estimate or a phrase: the page says it is approximate. */
  isApproximate: z.boolean(),
  /** Their age then, when their birth and the date allow; approximate when either is not a whole day. */
  age: z.object({ years: z.number().int(), isApproximate: z.boolean() }).nullable(),
  /** The partner of a marriage, the child born. */
  relative: personRefSchema.nullable(),
  /** A memory's title or first words, an interview's first answer, a photo's caption. */
  title: z.string(),
  place: z.string(),
  /** Where it lives: the memory, the shared memory, the interview's sitting, the file. */
  targetId: z.string().nullable(),
  /** Who wrote a memory shared with the tree. */
  authorName: z.string().nullable(),
  /** A small picture of a photo. */
  thumbnailURL: z.string().nullable(),
})
export type TimelineEvent = z.infer<typeof timelineEventSchema>

/** `GET /api/timeline/members/:memberId`: one life, in order; what has no date apart, never dropped. */
export const personTimelineSchema = z.object({
  person: personRefSchema.extend({
    birthDate: storedGenealogyDateSchema.nullable(),
    deathDate: storedGenealogyDateSchema.nullable(),
    isDeceased: z.boolean(),
  }),
  events: z.array(timelineEventSchema),
  undated: z.array(timelineEventSchema),
})
export type PersonTimeline = z.infer<typeof personTimelineSchema>

/** The most events one page of the family's timeline carries. */
export const familyTimelinePageSize = 200

/**
 * `GET /api/timeline/family?branch=&after=`: the births, marriages and deaths of the family (of
 * one branch: a person with their ancestors and descendants), by date, a page at a time.
 */
export const familyTimelineQuerySchema = z.object({
  branch: z.string().min(1).max(100).optional(),
  /** The `next` of the page before. */
  after: z.coerce.number().int().min(0).optional(),
})
export const familyTimelineSchema = z.object({
  events: z.array(timelineEventSchema),
  /** How many events the (branch of the) family has with a date, in all. */
  total: z.number().int(),
  /** Where the next page starts; null on the last. */
  next: z.number().int().nullable(),
})
export type FamilyTimeline = z.infer<typeof familyTimelineSchema>

/** `GET /api/dashboard/on-this-day?today=`: the reader's own date, so their evening is not tomorrow in UTC. */
export const onThisDayQuerySchema = z.object({ today: calendarDateSchema })

/** How many days ahead the card looks for birthdays and anniversaries, today included. */
export const comingDaysCount = 14

export const onThisDaySchema = z.object({
  today: z.string(),
  /** Memories and dreams of this month and day in earlier years, the most recent year first. */
  memories: z.array(
    z.object({
      kind: z.enum(['memory', 'dream']),
      id: z.string(),
      title: z.string(),
      date: z.string(),
      yearsAgo: z.number().int(),
    }),
  ),
  /** Birthdays and wedding anniversaries of the coming days, the nearest first. */
  coming: z.array(
    z.object({
      kind: z.enum(['birthday', 'anniversary']),
      person: personRefSchema,
      /** The other partner of an anniversary. */
      partner: personRefSchema.nullable(),
      date: z.string(),
      inDays: z.number().int(),
      /** The age they turn, or the years married. */
      years: z.number().int(),
      /** Living: «cumple 95»; remembered: «habría cumplido 95». An anniversary is living while both partners are. */
      isLiving: z.boolean(),
    }),
  ),
})
export type OnThisDay = z.infer<typeof onThisDaySchema>
