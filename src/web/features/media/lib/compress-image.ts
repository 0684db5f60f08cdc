// The compression worker loads the library by URL; this copy ships with the app (no CDN).
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url'

/**
 * The long side a photo is kept at, at most (docs/product.md#media): a phone's 12-megapixel photo
 * shrunk to it still fills a large screen, and weighs about a tenth.
 */
export const photoMaxSide = 2500
export const shrinkOptions = { maxWidthOrHeight: photoMaxSide, fileType: 'image/jpeg', initialQuality: 0.85, useWebWorker: true } as const

/**
 * Photos a browser can draw again. HEIC is tried too: Safari decodes it, where other browsers
 * cannot and the original goes as it is. Animated GIFs would lose their animation.
 */
const shrinkableTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])

export function isShrinkablePhoto(file: File): boolean {
  return shrinkableTypes.has(file.type.toLowerCase())
}

/** The photo's long side in pixels, or undefined when this browser cannot decode it. */
async function longSideOf(file: File): Promise<number | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined
  try {
    const bitmap = await createImageBitmap(file)
    const side = Math.max(bitmap.width, bitmap.height)
    bitmap.close()
    return side
  } catch {
    return undefined
  }
}

/**
 * The photo as it should be sent: one larger than `photoMaxSide` on its long side, or heavier
 * than `maxBytes`, becomes a JPEG of at most that side and weight (named `.jpg`, in a worker);
 * undefined when it goes as it is. Rejects when it had to shrink and could not. The library is
 * fetched with the first photo that needs it, not with the pages that offer uploads.
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | undefined> {
  if (!isShrinkablePhoto(file)) return undefined
  if (file.size <= maxBytes) {
    const side = await longSideOf(file)
    if (side === undefined || side <= photoMaxSide) return undefined
  }
  const { default: imageCompression } = await import('browser-image-compression')
  const libURL = new URL(compressionLibUrl, document.baseURI).href
  const shrunk = await imageCompression(file, { ...shrinkOptions, maxSizeMB: maxBytes / (1024 * 1024), libURL })
  const name = /\.jpe?g$/i.test(file.name) ? file.name : `${file.name.replace(/\.[^.]*$/, '')}.jpg`
  return new File([shrunk], name, { type: 'image/jpeg', lastModified: file.lastModified })
}
