import type { DetailedError } from 'tus-js-client'
import { mediaIdHeader, type UploadMetadata } from '../../../../shared/contracts/media.ts'

export const uploadEndpoint = '/api/uploads/'
/** Files over 262144 bytes go in chunks; smaller ones in a single request (docs/product.md#media). */
export const uploadChunkSize = 262144
export const uploadRetryDelays = [0, 1000, 3000, 5000]

export type UploadFailureKind = 'tooLarge' | 'unsupportedType' | 'notLoggedIn' | 'forbidden' | 'quota' | 'linkFailed' | 'other'

export interface UploadFailure {
  kind: UploadFailureKind
  /** The HTTP status, or a short reason when there was no answer (e.g. 'network'). */
  code: string
}

export interface UploadCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void
  /** The id of the asset the upload became (the `Legado-Media-Id` header), if the server sent it. */
  onSuccess: (mediaId: string | null) => void
  onError: (failure: UploadFailure) => void
}

export interface UploadHandle {
  pause: () => void
  resume: () => void
  cancel: () => void
}

function statusOf(error: Error): number | undefined {
  const response = (error as Partial<DetailedError>).originalResponse
  return response ? response.getStatus() : undefined
}

/** What went wrong, in the terms the uploader's messages use. */
export function classifyUploadError(error: Error, allBytesSent: boolean): UploadFailure {
  const status = statusOf(error)
  if (status === undefined || status === 0) return { kind: 'other', code: 'network' }
  const code = String(status)
  if (status === 413) return { kind: 'tooLarge', code }
  if (status === 415) return { kind: 'unsupportedType', code }
  if (status === 401) return { kind: 'notLoggedIn', code }
  if (status === 403 || status === 404) return { kind: 'forbidden', code }
  if (status === 402 || status === 507) return { kind: 'quota', code }
  // Every byte arrived, then the server failed to check, store or link it.
  if (status >= 500 && allBytesSent) return { kind: 'linkFailed', code }
  return { kind: 'other', code }
}

/**
 * Retry on 5xx, 408 and 429 (and dropped connections) — but not once every byte has
 * arrived: then the failure is the server's processing, which sending again will not fix.
 */
export function shouldRetryUpload(error: Error, allBytesSent: boolean): boolean {
  const status = statusOf(error)
  if (status === undefined || status === 0) return typeof navigator === 'undefined' || navigator.onLine !== false
  if (status >= 500) return !allBytesSent
  return status === 408 || status === 429 || status === 409 || status === 423
}

/**
 * Starts a resumable (tus) upload of `file`, resuming an earlier unfinished upload of the same
 * file when the browser remembers one.
 */
export function startUpload(file: File, metadata: UploadMetadata, callbacks: UploadCallbacks): UploadHandle {
  let allBytesSent = false
  // The tus client is fetched with the first upload, not with the pages that offer one.
  const upload = import('tus-js-client').then(
    ({ Upload }) =>
      new Upload(file, {
        endpoint: uploadEndpoint,
        chunkSize: uploadChunkSize,
        retryDelays: uploadRetryDelays,
        // A small file travels with the creation request itself: one request in all.
        uploadDataDuringCreation: file.size <= uploadChunkSize,
        removeFingerprintOnSuccess: true,
        metadata: {
          filename: metadata.filename,
          filetype: metadata.filetype ?? file.type,
          caption: metadata.caption ?? '',
          linkedToType: metadata.linkedToType,
          linkedToId: metadata.linkedToId,
        },
        onProgress: (bytesSent, bytesTotal) => {
          if (bytesTotal > 0 && bytesSent >= bytesTotal) allBytesSent = true
          callbacks.onProgress(bytesSent, bytesTotal)
        },
        onSuccess: ({ lastResponse }) => callbacks.onSuccess(lastResponse.getHeader(mediaIdHeader) ?? null),
        onError: (error) => callbacks.onError(classifyUploadError(error, allBytesSent)),
        onShouldRetry: (error) => shouldRetryUpload(error, allBytesSent),
      }),
  )
  let cancelled = false
  let paused = false
  void upload.then((tus) =>
    tus
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) tus.resumeFromPreviousUpload(previous[0])
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled && !paused) tus.start()
      }),
  )
  return {
    pause: () => {
      paused = true
      void upload.then((tus) => tus.abort())
    },
    resume: () => {
      paused = false
      void upload.then((tus) => tus.start())
    },
    cancel: () => {
      cancelled = true
      // Terminating also deletes what the server already holds of it.
      void upload.then((tus) => tus.abort(true)).catch(() => undefined)
    },
  }
}
