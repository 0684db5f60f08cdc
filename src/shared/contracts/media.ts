import { z } from 'zod'
import { mediaLinkTypes } from '../media-path.ts'
import { isSingleLine, singleLineText, timestampSchema } from './common.ts'

export const mediaAssetSchema = z.object({
  id: z.string(),
  ownerUserId: z.string(),
  /** The name the file had on the uploader's device. */
  fileName: z.string(),
  /** Object key, shaped as docs/product.md#media says. */
  storagePath: z.string(),
  /** Where the owner's browser fetches the bytes (Range requests allowed). */
  downloadURL: z.string(),
  /** A small WebP for images; null for other files. */
  thumbnailURL: z.string().nullable(),
  /** The type found in the file's bytes. */
  contentType: z.string(),
  size: z.number().int(),
  caption: z.string(),
  uploadedAt: timestampSchema,
  linkedToType: z.enum(mediaLinkTypes).nullable(),
  linkedToId: z.string().nullable(),
  /** Members this file is linked to (derived from links). */
  linkedToMemberIds: z.array(z.string()),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The day a photo was taken, `YYYY-MM-DD`, from its EXIF `DateTimeOriginal`; null when it does not say (never the upload's day). */
  takenOn: z.string().nullable(),
})
export type MediaAsset = z.infer<typeof mediaAssetSchema>

export const mediaListQuerySchema = z
  .object({
    memberId: z.string().min(1).optional(),
    entryId: z.string().min(1).optional(),
  })
  .refine((query) => (query.memberId === undefined) !== (query.entryId === undefined), { error: 'validation.invalid', path: ['memberId'] })

export const mediaListSchema = z.object({ media: z.array(mediaAssetSchema) })
export type MediaList = z.infer<typeof mediaListSchema>

export const updateMediaSchema = z.object({
  caption: singleLineText(500),
})
export type UpdateMedia = z.input<typeof updateMediaSchema>

/** The sizes the server accepts (its operator sets them): photos and documents, and audio and video. */
export const uploadLimitsSchema = z.object({ fileBytes: z.number().int(), audioVideoBytes: z.number().int() })

/** One more of your things a file of yours belongs to (a recording kept with a member, then with the interview its answer was saved in). */
export const addMediaLinkSchema = z.object({
  linkedToType: z.enum(mediaLinkTypes, { error: 'validation.invalid' }),
  linkedToId: z.string().min(1, { error: 'validation.invalid' }),
})
export type AddMediaLink = z.input<typeof addMediaLinkSchema>

/** Metadata a tus upload carries (`Upload-Metadata`), as the uploader sends it. */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1, { error: 'media.no_file' }).max(255, { error: 'validation.too_long' }).refine(isSingleLine, { error: 'validation.single_line' }),
  // tus sends a key without a value (`caption `) for an empty string, and the server reads it as null.
  filetype: z.string().max(255).nullish(),
  caption: z
    .string()
    .trim()
    .max(500, { error: 'validation.too_long' })
    .refine(isSingleLine, { error: 'validation.single_line' })
    .nullish()
    .transform((caption) => caption ?? ''),
  linkedToType: z.enum(mediaLinkTypes, { error: 'validation.invalid' }),
  linkedToId: z.string().min(1, { error: 'validation.invalid' }),
})
export type UploadMetadata = z.input<typeof uploadMetadataSchema>

/** Response header of the last tus request: the id of the asset the upload became. */
export const mediaIdHeader = 'Legado-Media-Id'
