import { maxBytesFor, type UploadLimits } from '../../../../shared/upload-limits.ts'
import { shrinkPhoto } from './compress-image.ts'

export type PreparedFile =
  /** The file to send: the chosen one, or the photo shrunk (`wasShrunk`); `couldNotShrink` when shrinking failed and the original goes. */
  | { type: 'ready'; file: File; wasShrunk: boolean; couldNotShrink: boolean }
  /** Too large for its kind even after shrinking, if it was a photo: `maxBytes` is the limit. */
  | { type: 'tooLarge'; maxBytes: number }

/**
 * A chosen file made ready to send (docs/product.md#media): a large photo is shrunk first, and only
 * then is the size checked against the limit of its kind (audio and video have a larger one).
 */
export async function prepareFile(file: File, limits: UploadLimits): Promise<PreparedFile> {
  let ready = file
  let couldNotShrink = false
  try {
    ready = (await shrinkPhoto(file, limits.fileBytes)) ?? file
  } catch {
    couldNotShrink = true
  }
  const maxBytes = maxBytesFor(ready.type, limits)
  if (ready.size > maxBytes) return { type: 'tooLarge', maxBytes }
  return { type: 'ready', file: ready, wasShrunk: ready !== file, couldNotShrink }
}
