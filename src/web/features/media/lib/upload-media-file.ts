import type { MediaLinkType } from '../../../../shared/media-path.ts'
import { defaultUploadLimits, type UploadLimits } from '../../../../shared/upload-limits.ts'
import { prepareFile } from './prepare-file.ts'
import { startUpload } from './upload-file.ts'
import type { UploadOutcome } from './use-upload.ts'

interface UploadMediaRequest {
  file: File
  caption?: string
  linkedToType: MediaLinkType
  linkedToId: string
  /** The server's limits (`useUploadLimits`): a photo over the photos' one is shrunk to fit. */
  limits?: UploadLimits
}

/**
 * One upload from start to end, for screens that send files on their own (e.g. the files chosen
 * in the biography chat, sent once their memory exists): a large photo is shrunk first (falling
 * back to the original), then the file goes with tus; `onProgress` gets whole percents.
 */
export async function uploadMediaFile(
  { file, caption = '', linkedToType, linkedToId, limits = defaultUploadLimits }: UploadMediaRequest,
  onProgress?: (percent: number) => void,
): Promise<Exclude<UploadOutcome, { type: 'cancelled' }>> {
  const prepared = await prepareFile(file, limits)
  if (prepared.type === 'tooLarge') return { type: 'failed', failure: { kind: 'tooLarge', code: '413' } }
  const toSend = prepared.file
  return new Promise((resolve) => {
    startUpload(
      toSend,
      { filename: toSend.name, filetype: toSend.type, caption: caption.trim(), linkedToType, linkedToId },
      {
        onProgress: (sent, total) => onProgress?.(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0),
        onSuccess: (mediaId) => resolve({ type: 'done', mediaId }),
        onError: (failure) => resolve({ type: 'failed', failure }),
      },
    )
  })
}
