import { z } from 'zod'
import { batchProblemSchema } from './family-tree.ts'
import { timestampSchema } from './common.ts'

/** The GEDCOM versions Legado writes; it reads 5.5, 5.5.1 and 7.0. */
export const gedcomExportVersions = ['7.0', '5.5.1'] as const
export type GedcomExportVersion = (typeof gedcomExportVersions)[number]

/** A plain .ged, or a GEDZIP (GEDCOM 7 only): a zip of `gedcom.ged` and the media files it names. */
export const gedcomExportFormats = ['ged', 'gdz'] as const
export type GedcomExportFormat = (typeof gedcomExportFormats)[number]

export const gedcomCountsSchema = z.object({
  people: z.number(),
  families: z.number(),
  notes: z.number(),
  mediaReferences: z.number(),
})
export type GedcomCounts = z.infer<typeof gedcomCountsSchema>

/** One kind of problem the reader stepped around, how often, and the first line it happened on. */
export const gedcomWarningSchema = z.object({
  code: z.string(),
  count: z.number(),
  line: z.number().optional(),
})
export type GedcomWarningSummary = z.infer<typeof gedcomWarningSchema>

/** What a file holds, read without writing anything: `POST /api/family-tree/gedcom?preview=1`. */
export const gedcomPreviewSchema = z.object({
  version: z.string().nullable(),
  encoding: z.string(),
  counts: gedcomCountsSchema,
  warnings: z.array(gedcomWarningSchema),
  /** Tags Legado neither shows nor keeps, counted per tag: they are skipped. */
  skippedTags: z.record(z.string(), z.number()),
  /** Structures Legado does not show but keeps with their person or family and writes back on export (sources, burials, occupations, `_TAG`s), counted per tag. */
  keptTags: z.record(z.string(), z.number()),
  /** `gdz` when the upload is a GEDZIP, whose files come in with the people. */
  container: z.enum(gedcomExportFormats).optional(),
})
export type GedcomPreview = z.infer<typeof gedcomPreviewSchema>

const writtenSchema = z.object({ created: z.number(), updated: z.number() })

/**
 * Why a file the GEDCOM names was not brought in: the upload was a plain .ged (`not_included`:
 * only a GEDZIP carries files), the zip lacks it, it is a web address, the media feature refused
 * it (type, size, quota), or its person (for a family's file: both partners) was not imported.
 */
export const gedcomMediaSkipReasons = ['not_included', 'missing', 'outside', 'unsupported_type', 'too_large', 'quota_exceeded', 'no_person', 'failed'] as const
export type GedcomMediaSkipReason = (typeof gedcomMediaSkipReasons)[number]

export const gedcomMediaReportSchema = z.object({
  /** Files stored and attached to their person. */
  attached: z.number(),
  /** Files the person already had (the same name): an import run twice does not attach them again. */
  alreadyThere: z.number(),
  skipped: z.array(z.object({ file: z.string(), reason: z.enum(gedcomMediaSkipReasons), person: z.string().optional() })),
  moreSkipped: z.number(),
})
export type GedcomMediaReport = z.infer<typeof gedcomMediaReportSchema>

/** The end of an import: what was added and updated, and every item skipped or changed, with why. */
export const gedcomImportReportSchema = z.object({
  members: writtenSchema,
  unions: writtenSchema,
  links: writtenSchema,
  /** With the person's name as the file gives it, where the item is a person. */
  problems: z.array(batchProblemSchema.extend({ name: z.string().optional() })),
  /** Problems beyond the first ones kept in `problems`. */
  moreProblems: z.number(),
  warnings: z.array(gedcomWarningSchema),
  skippedTags: z.record(z.string(), z.number()),
  /** Absent in reports written before structures were kept. */
  keptTags: z.record(z.string(), z.number()).optional(),
  /** The files the GEDCOM names (absent in reports written before files were brought in). */
  media: gedcomMediaReportSchema.optional(),
})
export type GedcomImportReport = z.infer<typeof gedcomImportReportSchema>

export const gedcomImportStatuses = ['queued', 'reading', 'writing', 'done', 'failed'] as const

export const gedcomImportJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(gedcomImportStatuses),
  /** 0 to 100. */
  progress: z.number(),
  counts: gedcomCountsSchema.nullable(),
  report: gedcomImportReportSchema.nullable(),
  /** Why a failed import stopped (an error code the web translates). */
  errorCode: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type GedcomImportJob = z.infer<typeof gedcomImportJobSchema>
