import { z } from 'zod'
import { batchProblemSchema } from './family-tree.ts'
import { timestampSchema } from './common.ts'

/** The GEDCOM versions Legado writes; it reads 5.5, 5.5.1 and 7.0. */
export const gedcomExportVersions = ['7.0', '5.5.1'] as const
export type GedcomExportVersion = (typeof gedcomExportVersions)[number]

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
  /** Tags Legado does not keep (sources, burials, custom `_TAG`s), counted per tag: they are skipped. */
  skippedTags: z.record(z.string(), z.number()),
})
export type GedcomPreview = z.infer<typeof gedcomPreviewSchema>

const writtenSchema = z.object({ created: z.number(), updated: z.number() })

/** The end of an import: what was added and updated, and every item skipped or changed, with why. */
export const gedcomImportReportSchema = z.object({
  members: writtenSchema,
  unions: writtenSchema,
  links: writtenSchema,
  problems: z.array(batchProblemSchema),
  /** Problems beyond the first ones kept in `problems`. */
  moreProblems: z.number(),
  warnings: z.array(gedcomWarningSchema),
  skippedTags: z.record(z.string(), z.number()),
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
