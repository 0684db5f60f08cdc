import type { ColumnType, Insertable, Selectable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

export interface MediaAssetTable {
  id: string
  ownerUserId: string
  fileName: string
  storagePath: string
  thumbnailPath: string | null
  contentType: string
  size: number
  sha256: string
  width: number | null
  height: number | null
  /** The day the photo was taken, `YYYY-MM-DD`, from its EXIF; null when it does not say. */
  takenOn: ColumnType<string | null, string | null | undefined, string | null>
  caption: string
  linkedToType: string | null
  linkedToId: string | null
  uploadedAt: Instant
  /** Who added it, when not the holder of the tree it belongs to; it goes with their account. */
  authorUserId: ColumnType<string | null, string | null | undefined, string | null>
}
export type MediaAssetRow = Selectable<MediaAssetTable>
export type NewMediaAssetRow = Insertable<MediaAssetTable>

export interface MediaMemberLinkTable {
  mediaId: string
  memberId: string
  ownerUserId: string
  createdAt: Instant
}

export interface MediaBiographyEntryLinkTable {
  mediaId: string
  entryId: string
  ownerUserId: string
  createdAt: Instant
}

export interface MediaInterviewSessionLinkTable {
  mediaId: string
  sessionId: string
  ownerUserId: string
  createdAt: Instant
}

/** The bytes an unfinished upload holds of its owner's quota (docs/product.md#media). */
export interface MediaUploadReservationTable {
  uploadId: string
  ownerUserId: string
  bytes: number
  createdAt: Instant
}

export interface MediaTables {
  mediaAsset: MediaAssetTable
  mediaUploadReservation: MediaUploadReservationTable
  mediaMemberLink: MediaMemberLinkTable
  mediaBiographyEntryLink: MediaBiographyEntryLinkTable
  mediaInterviewSessionLink: MediaInterviewSessionLinkTable
}
