import type { MediaLinkType } from '../../../../shared/media-path.ts'
import { compressImage, needsCompression } from './compress-image.ts'
import { startUpload } from './upload-file.ts'
import type { UploadOutcome } from './use-upload.ts'

interface UploadMediaRequest {
  file: File
  caption?: string
  linkedToType: MediaLinkType
  linkedToId: string
}

/**
 * One upload from start to end, for screens that send files on their own (e.g. the files chosen
 * in the biography chat, sent once their memory exists): a large image is compressed first
 * (falling back to the original), then the file goes with tus; `onProgress` gets whole percents.
 */
export async function uploadMediaFile(
  { file, caption = '', linkedToType, linkedToId }: UploadMediaRequest,
  onProgress?: (percent: number) => void,
): Promise<Exclude<UploadOutcome, { type: 'cancelled' }>> {
  let toSend = file
  if (needsCompression(file)) toSend = await compressImage(file).catch(() => file)
  return new Promise((resolve) => {
    startUpload(
      toSend,
      { filename: file.name, filetype: toSend.type, caption: caption.trim(), linkedToType, linkedToId },
      {
        onProgress: (sent, total) => onProgress?.(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0),
        onSuccess: (mediaId) => resolve({ type: 'done', mediaId }),
        onError: (failure) => resolve({ type: 'failed', failure }),
      },
    )
  })
}
