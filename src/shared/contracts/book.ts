import { z } from 'zod'
import { languages } from '../limits.ts'
import { timestampSchema } from './common.ts'

/**
 * The life book (docs/product.md#book): a print-ready PDF of one person's life or of the family,
 * made on the server from what the family told, with a QR code beside every recorded memory or
 * answer that plays the voice from the family's own server.
 */

export const bookLimits = {
  dedicationMaxLength: 2_000,
  /** Items an author may place by hand; far above a real book's chapters. */
  manualOrderMaxItems: 5_000,
  /** Pages the preview draws before the book is made. */
  previewPages: 4,
  /** Characters of one chapter a model is given to retell; a longer chapter is retold in parts by taking memories out. */
  retellMaxChars: 24_000,
} as const

export const bookKinds = ['person', 'family'] as const
export type BookKind = (typeof bookKinds)[number]

/** 6×9 in (the common trade size) or A5; both with print margins. */
export const bookFormats = ['6x9', 'a5'] as const
export type BookFormat = (typeof bookFormats)[number]

/** How the chapters follow each other: by stage of life, by date, or as the author placed them. */
export const bookOrders = ['life-stage', 'date', 'manual'] as const
export type BookOrder = (typeof bookOrders)[number]

/** How long the printed voice links answer: a book given at Christmas is kept for decades. */
export const linkExpiries = ['never', '1y', '5y', '10y'] as const
export type LinkExpiry = (typeof linkExpiries)[number]

export const bookOptionsSchema = z.object({
  kind: z.enum(bookKinds, { error: 'validation.invalid' }),
  /** The person of a person's book; absent for one's own book (and for the family book). */
  memberId: z.uuid({ error: 'validation.invalid' }).optional(),
  language: z.enum(languages, { error: 'validation.invalid' }),
  format: z.enum(bookFormats, { error: 'validation.invalid' }).default('6x9'),
  /** 3 mm beyond the trim on every side, for a printer that cuts pictures to the edge. */
  bleed: z.boolean().default(false),
  include: z
    .object({ memories: z.boolean().default(true), interviews: z.boolean().default(true), photos: z.boolean().default(true) })
    .default({ memories: true, interviews: true, photos: true }),
  order: z.enum(bookOrders, { error: 'validation.invalid' }).default('life-stage'),
  /** With `order: 'manual'`: the chapters' keys in the order the author placed them; keys left out follow in their usual order. */
  manualOrder: z.array(z.string().max(200)).max(bookLimits.manualOrderMaxItems).default([]),
  /** Items (memories, interview answers, photos) the author took out, by id. */
  excluded: z.array(z.string().max(200)).max(bookLimits.manualOrderMaxItems).default([]),
  dedication: z.string().trim().max(bookLimits.dedicationMaxLength, { error: 'validation.too_long' }).default(''),
  linkExpiry: z.enum(linkExpiries, { error: 'validation.invalid' }).default('never'),
  /** Chapters the author asked a model to retell as prose, by key: the book says they were retold. */
  retold: z.array(z.string().max(200)).max(500).default([]),
})
export type BookOptions = z.infer<typeof bookOptionsSchema>
export type BookOptionsInput = z.input<typeof bookOptionsSchema>

/** A recording beside a memory or answer: the printed link plays it (null when it cannot be linked). */
export const bookRecordingSchema = z.object({
  mediaId: z.string(),
  title: z.string(),
  /** The listening page's address, as printed and as the QR code holds it; null in a preview. */
  url: z.string().nullable(),
})
export type BookRecording = z.infer<typeof bookRecordingSchema>

export const bookBlockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('memory'),
    id: z.string(),
    title: z.string(),
    /** As the page shows it, in the book's language («hacia 1950»); empty when unknown. */
    date: z.string(),
    text: z.string(),
    recordings: z.array(bookRecordingSchema),
    /** Who told it, when not the book's subject telling their own story. */
    teller: z.string().nullable(),
  }),
  z.object({
    type: z.literal('answer'),
    id: z.string(),
    question: z.string(),
    answer: z.string(),
    date: z.string(),
    recordings: z.array(bookRecordingSchema),
    teller: z.string().nullable(),
  }),
  z.object({
    type: z.literal('photo'),
    id: z.string(),
    mediaId: z.string(),
    caption: z.string(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
])
export type BookBlock = z.infer<typeof bookBlockSchema>

export const bookChapterSchema = z.object({
  /** Stable across makes of the same book: what manual order and retelling refer to. */
  key: z.string(),
  title: z.string(),
  /** The years it spans or its stage of life, as shown under the title; empty when unknown. */
  subtitle: z.string(),
  /** A model's retelling of the chapter as prose: the book prints it and says so; the blocks stay as told. */
  retelling: z.string().nullable(),
  blocks: z.array(bookBlockSchema),
})
export type BookChapter = z.infer<typeof bookChapterSchema>

/** One person of the family chart: generation 0 is the oldest drawn. */
export const bookChartPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  years: z.string(),
  generation: z.number().int(),
  parentIds: z.array(z.string()),
  partnerIds: z.array(z.string()),
})

/** The words the book prints around the content, in its language: the renderer knows no language. */
export const bookWordsSchema = z.object({
  contents: z.string(),
  dedication: z.string(),
  familyChart: z.string(),
  index: z.string(),
  colophon: z.string(),
  /** «Escuche la voz»: beside a QR code. */
  listen: z.string(),
  /** Said once, on the chapter a model retold. */
  retoldNote: z.string(),
  question: z.string(),
  answer: z.string(),
  page: z.string(),
})
export type BookWords = z.infer<typeof bookWordsSchema>

/** Everything a book prints, decided before a page is drawn: the preview and the PDF read the same plan. */
export const bookPlanSchema = z.object({
  language: z.enum(languages),
  format: z.enum(bookFormats),
  bleed: z.boolean(),
  title: z.string(),
  /** Years of the life («1931 – 2019») or of the family; empty when unknown. */
  subtitle: z.string(),
  coverPhotoId: z.string().nullable(),
  dedication: z.string(),
  chapters: z.array(bookChapterSchema),
  chart: z.array(bookChartPersonSchema),
  /**
   * The people named in the book, for its index: the renderer finds the pages where any of a
   * person's `terms` occurs as whole words (their full name, and their first name or nickname when
   * nobody else in the book bears it), and lists them by `name`.
   */
  people: z.array(z.object({ id: z.string(), name: z.string(), terms: z.array(z.string()) })),
  /** The colophon's text: the date it was made and where its voices are kept. */
  colophon: z.string(),
  words: bookWordsSchema,
})
export type BookPlan = z.infer<typeof bookPlanSchema>

export const bookStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const
export type BookStatus = (typeof bookStatuses)[number]

export const bookSchema = z.object({
  id: z.string(),
  kind: z.enum(bookKinds),
  memberId: z.string().nullable(),
  title: z.string(),
  language: z.enum(languages),
  format: z.enum(bookFormats),
  status: z.enum(bookStatuses),
  /** 0–100 while it is made. */
  progress: z.number(),
  pageCount: z.number().nullable(),
  bytes: z.number().nullable(),
  errorCode: z.string().nullable(),
  createdAt: timestampSchema,
})
export type Book = z.infer<typeof bookSchema>

/** What the author may put in: every chapter with its items, for choosing, ordering and the preview. */
export const bookDraftSchema = z.object({
  plan: bookPlanSchema,
  /** Chapters that hold text a model could retell (none without a model). */
  canRetell: z.boolean(),
})
export type BookDraft = z.infer<typeof bookDraftSchema>

/** A listening link: one recording, playable without signing in by whoever has the address. */
export const listeningLinkSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  /** The recording's title, the only thing its page tells. */
  title: z.string(),
  url: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
})
export type ListeningLink = z.infer<typeof listeningLinkSchema>
