/**
 * How large a file may be: audio and video have a limit of their own, larger than the one of
 * photos and documents (a phone's video of a celebration is tens of megabytes). The operator sets
 * both (`MAX_UPLOAD_BYTES`, `MAX_AV_UPLOAD_BYTES`); the server decides by the type found in the
 * file's bytes, the browser by the type the file says it has, before sending it.
 */
export interface UploadLimits {
  /** Photos, documents and anything else. */
  fileBytes: number
  /** Audio and video. */
  audioVideoBytes: number
}

export const defaultUploadLimits: UploadLimits = { fileBytes: 5 * 1024 * 1024, audioVideoBytes: 200 * 1024 * 1024 }

export function isAudioOrVideo(contentType: string): boolean {
  return /^(audio|video)\//i.test(contentType)
}

/** The largest file of this type that is accepted. */
export function maxBytesFor(contentType: string, limits: UploadLimits): number {
  return isAudioOrVideo(contentType) ? limits.audioVideoBytes : limits.fileBytes
}

/** The largest file of any type (what an upload may declare before its type is known). */
export function largestUpload(limits: UploadLimits): number {
  return Math.max(limits.fileBytes, limits.audioVideoBytes)
}
