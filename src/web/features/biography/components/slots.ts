import type { ReactNode } from 'react'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import type { UploadLimits } from '../../../../shared/upload-limits.ts'

/**
 * The media feature's pieces the page hands in (features do not import each other), for files
 * attached while chatting: what the picker takes, and the upload of one file linked to a memory.
 */
export interface AttachmentSlot {
  /** The file picker's `accept` attribute. */
  accept: string
  /** A first check of the file's type (the server decides from the bytes). */
  isAccepted: (file: File) => boolean
  /** The server's size limits: photos and documents, and audio and video. */
  limits: UploadLimits
  /** A photo the upload shrinks to fit before sending: its size is not held against it. */
  isShrinkable: (file: File) => boolean
  /** Uploads one file linked to the memory; resolves true once it is stored and linked. */
  upload: (file: File, entryId: string, onProgress: (percent: number) => void) => Promise<boolean>
}

export interface MemoryMediaProps {
  entry: BiographyEntry
  /** The signed-in person wrote this memory: they may add and delete its files (docs/product.md#permissions). */
  canManage: boolean
  /** A file was added or deleted: the memories list fetches again so its media ids follow. */
  onChanged: () => void
}

/** The memory's gallery and uploader, shown in the media-management dialog. */
export type MemoryMediaSlot = (props: MemoryMediaProps) => ReactNode

/** A memory's files, small, in the list: photos as thumbnails with their captions. */
export type MemoryThumbnailsSlot = (entry: BiographyEntry) => ReactNode

/** «Compartir con la familia» under a memory (the family tree's control, handed in by the page). */
export type MemoryShareSlot = (entry: BiographyEntry) => ReactNode
