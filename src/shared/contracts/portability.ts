import { z } from 'zod'
import { factKinds, isRelativeFactKind } from '../facts/fact-kinds.ts'
import { languages, limits } from '../limits.ts'
import { mediaLinkTypes } from '../media-path.ts'
import { saveMethods } from './ai-lab.ts'
import { chatTurnSchema } from './biography.ts'
import { factStatuses } from './facts.ts'
import { genealogyDateMaxLength } from '../genealogy-date/validate.ts'
import { optionalDate, optionalSingleLineText, requiredText, singleLineText } from './common.ts'
import { interviewTurnSchema } from './interviews.ts'

// The "export everything" archive (docs/export-format.md): what `GET /api/me/export` writes and
// `POST /api/me/import` reads back. The schemas here are the import's checks as well as the
// format's definition, so a file another program writes is held to the same rules as the forms.

export const exportFormatName = 'legado-export'
/**
 * Raised when a file changes shape, or when an older reader would silently lose part of the
 * archive (version 2 added `gedcom-kept.json`, version 3 the questions, corrections and
 * conversations of memories and interviews, version 4 `heard-facts.json`); an import refuses
 * versions it does not know.
 */
export const exportSchemaVersion = 4
/** The versions an import reads: every earlier one, whose missing files and fields restore as empty. */
export const readableSchemaVersions: readonly number[] = [1, 2, 3, 4]

/** The JSON file of each kind of thing, in the order an import restores them (references first). */
export const exportKinds = [
  'account',
  'familyTree',
  'gedcomKept',
  'dreams',
  'dreamReadings',
  'biographyEntries',
  'interviewSessions',
  'heardFacts',
  'aiLabMemories',
  'media',
] as const
export type ExportKind = (typeof exportKinds)[number]

export const exportFileOf: Record<ExportKind, string> = {
  account: 'account.json',
  familyTree: 'family-tree.json',
  gedcomKept: 'gedcom-kept.json',
  dreams: 'dreams.json',
  dreamReadings: 'dream-readings.json',
  biographyEntries: 'biography-entries.json',
  interviewSessions: 'interview-sessions.json',
  heardFacts: 'heard-facts.json',
  aiLabMemories: 'ai-lab-memories.json',
  media: 'media.json',
}

const id = z.string().min(1).max(100)
/** An ISO 8601 instant, as every timestamp is written. */
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'validation.invalid_date' })
const longText = (max: number) => z.string().max(max, { error: 'validation.too_long' })

export const exportManifestSchema = z.object({
  format: z.literal(exportFormatName),
  schemaVersion: z.number().int(),
  exportedAt: instant,
  application: z.string(),
  /** How many things of each kind the archive holds (media: files). */
  counts: z.record(z.string(), z.number().int().min(0)),
  /** Entries a later part of the app adds (e.g. the tree as GEDCOM): informative, never imported. */
  extensions: z.array(z.object({ path: z.string(), description: z.string() })).default([]),
})
export type ExportManifest = z.infer<typeof exportManifestSchema>

export const portableAccountSchema = z.object({
  displayName: z.string().max(limits.displayNameMaxLength),
  email: z.string(),
  birthDate: optionalDate(),
  familyRelation: z.string().max(limits.familyRelationMaxLength),
  preferredLanguage: z.enum(languages).nullable(),
  createdAt: instant,
})
export type PortableAccount = z.infer<typeof portableAccountSchema>

export const portableDreamSchema = z.object({
  id,
  title: optionalSingleLineText(limits.dreamTitleMaxLength),
  content: requiredText(limits.dreamContentMaxLength, 'dream.description_required'),
  dreamDate: optionalDate(),
  entryDate: instant,
  updatedAt: instant,
})
export type PortableDream = z.infer<typeof portableDreamSchema>

export const portableDreamReadingSchema = z.object({
  id,
  dreamId: id,
  text: longText(limits.chatReplyMaxLength),
  language: z.enum(languages),
  createdAt: instant,
})
export type PortableDreamReading = z.infer<typeof portableDreamReadingSchema>

/**
 * What a kept exchange adds to the older shape (`conversationPair`: the answer, then the reply),
 * since version 3; an older archive has none of it, and its exchanges are grouped into sittings
 * by their times on import.
 */
const portableExchangeFields = {
  question: longText(limits.chatReplyMaxLength).nullable().optional(),
  originalAnswer: longText(limits.chatMessageMaxLength).nullable().optional(),
  /** Exchanges of one sitting share it; null for a memory written by hand. */
  conversationId: id.nullable().optional(),
  conversationTitle: singleLineText(limits.conversationTitleMaxLength).optional(),
  conversationStartedAt: instant.optional(),
}

export const portableBiographyEntrySchema = z.object({
  id,
  subjectMemberId: id.nullable(),
  conversationPair: z.array(chatTurnSchema).max(20),
  ...portableExchangeFields,
  title: optionalSingleLineText(limits.biographyTitleMaxLength),
  /** Genealogy-date's stored form ("ABT 1950", `1950-05-17`); older archives hold only exact days. */
  eventDate: z.string().trim().max(genealogyDateMaxLength, { error: 'validation.too_long' }).nullable().optional(),
  entryDate: instant,
  updatedAt: instant,
})
export type PortableBiographyEntry = z.infer<typeof portableBiographyEntrySchema>

export const portableInterviewSessionSchema = z.object({
  id,
  interviewedMemberId: id,
  timestamp: instant,
  conversationPair: z.array(interviewTurnSchema).max(20),
  ...portableExchangeFields,
})
export type PortableInterviewSession = z.infer<typeof portableInterviewSessionSchema>

/** A relative's name as told, or as a person corrected it on accepting. */
const portablePersonNameSchema = z.object({ first: longText(limits.memberNameMaxLength), last: longText(limits.memberNameMaxLength) })

/**
 * A fact heard in an answer (docs/product.md#facts-heard) with the decision made on it, since
 * version 4: which facts were accepted is what the tree's citations are, and a dismissed one must
 * stay dismissed. Who decided is not kept: an account means nothing in another Legado.
 */
export const portableHeardFactSchema = z
  .object({
    id,
    /** The person the fact is about. */
    memberId: id,
    /** One of the two: the answer to Ana, or the memory told to Cronos. */
    interviewSessionId: id.nullable(),
    biographyEntryId: id.nullable(),
    kind: z.enum(factKinds),
    /** A date in the tree's stored form, a place or a text; a relative's name as `{ first, last }`. Once accepted, as accepted. */
    value: z.union([longText(limits.chatMessageMaxLength), portablePersonNameSchema]),
    /** The partner a marriage was told with, which says whose union it is about. */
    spouse: portablePersonNameSchema.optional(),
    /**
     * The value as first heard, folded (case, accents and spacing set aside): a fact heard again
     * from the same answer with this key is not proposed again. Absent: the folded `value`.
     */
    valueKey: longText(limits.chatMessageMaxLength).optional(),
    /** The exact words it came from, and where they start in the answer. */
    quote: longText(limits.chatMessageMaxLength),
    quoteStart: z.number().int().min(0),
    status: z.enum(factStatuses),
    decidedAt: instant.nullable(),
    /** For an accepted relative: the member it added or linked. */
    appliedMemberId: id.nullable(),
    createdAt: instant,
  })
  .refine((row) => (row.interviewSessionId === null) !== (row.biographyEntryId === null), {
    error: 'a fact is heard in an interview or in a memory, exactly one',
    path: ['biographyEntryId'],
  })
  .refine((row) => (typeof row.value === 'string') !== isRelativeFactKind(row.kind), { error: 'the value does not fit this kind of fact', path: ['value'] })
export type PortableHeardFact = z.infer<typeof portableHeardFactSchema>

export const portableAiLabMemorySchema = z.object({
  id,
  originalText: requiredText(limits.aiLabMemoryMaxLength, 'aiLab.original_required'),
  aiVariationText: longText(limits.chatReplyMaxLength).nullable(),
  saveMethod: z.enum(saveMethods),
  timestamp: instant,
})
export type PortableAiLabMemory = z.infer<typeof portableAiLabMemorySchema>

/** A structure a GEDCOM import kept without showing it, and its substructures to the depth an import keeps. */
export interface PortableGedcomNode {
  tag: string
  value?: string | undefined
  pointer?: string | null | undefined
  children?: PortableGedcomNode[] | undefined
  isModeled?: true | undefined
}
function gedcomNodeSchema(depth: number): z.ZodType<PortableGedcomNode> {
  return z.object({
    // GEDCOM's tag alphabet: nothing that could start another line when written back.
    tag: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_]+$/),
    value: z.string().max(limits.gedcomMaxBytes).optional(),
    pointer: z.string().min(1).max(500).nullable().optional(),
    // Built level by level rather than lazily, so a hostile nesting is refused at the depth an import stops at.
    children: depth < limits.gedcomKeptMaxDepth ? z.array(gedcomNodeSchema(depth + 1)).optional() : z.array(z.never()).max(0).optional(),
    isModeled: z.literal(true).optional(),
  })
}

/**
 * What a GEDCOM import kept of one person (`memberId`), family (`unionId`) or record they point to
 * (neither), to be written back by the next GEDCOM export. `recordKey` names it in its file, so
 * the pointers of kept structures find their targets.
 */
export const portableGedcomKeptSchema = z
  .object({
    id,
    memberId: id.nullable(),
    unionId: id.nullable(),
    recordKey: z.string().min(1).max(500),
    structures: z.array(gedcomNodeSchema(0)),
  })
  .refine((row) => row.memberId === null || row.unionId === null, { error: 'a kept row belongs to a member or a union, not both', path: ['unionId'] })
export type PortableGedcomKept = z.infer<typeof portableGedcomKeptSchema>

/** A stored file's record; its bytes are the archive entry at `path`. */
export const portableMediaSchema = z.object({
  id,
  path: z.string().min(1).max(400),
  fileName: z.string().min(1).max(255),
  caption: z.string().max(500),
  contentType: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: instant,
  /** The target it was uploaded to, if any. */
  linkedToType: z.enum(mediaLinkTypes).nullable(),
  linkedToId: id.nullable(),
  /** Everything it is linked to (a recording: its session and the member). */
  links: z.object({ memberIds: z.array(id), biographyEntryIds: z.array(id), interviewSessionIds: z.array(id) }),
})
export type PortableMedia = z.infer<typeof portableMediaSchema>

/** Why an import left something out; the page translates each reason. */
export const importSkipReasons = [
  'invalid',
  'missing_reference',
  'rejected_by_rules',
  /** Restored, but without the source id (GEDCOM xref) something already in the tree has. */
  'source_id_taken',
  'file_missing',
  'file_damaged',
  'unsupported_media_type',
  'too_large',
  'quota_exceeded',
  'failed',
] as const
export type ImportSkipReason = (typeof importSkipReasons)[number]

export const importReportSchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(exportKinds),
      /** How many the archive held. */
      found: z.number().int(),
      restored: z.number().int(),
      skipped: z.array(z.object({ id: z.string(), reason: z.enum(importSkipReasons), detail: z.string().optional() })),
    }),
  ),
  /** Archive entries that are kept elsewhere (the tree as GEDCOM) and were not read. */
  ignoredEntries: z.array(z.string()),
})
export type ImportReport = z.infer<typeof importReportSchema>
