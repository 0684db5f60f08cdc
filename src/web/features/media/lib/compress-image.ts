// The compression worker loads the library by URL; this copy ships with the app (no CDN).
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url'

/** Images of 1 MB or more are compressed to about 0.8 MB, at most 1920 px a side (docs/product.md#media). */
export const compressionThresholdBytes = 1024 * 1024
export const compressionOptions = { maxSizeMB: 0.8, maxWidthOrHeight: 1920, useWebWorker: true } as const

/** Animated GIFs would lose their animation, so they go as they are. */
export function needsCompression(file: File): boolean {
  return file.type.startsWith('image/') && file.type !== 'image/gif' && file.size >= compressionThresholdBytes
}

/**
 * The compressed image, keeping the original's name (the server stores it under that name). The
 * library is fetched with the first image that needs it, not with the pages that offer uploads.
 */
export async function compressImage(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression')
  const libURL = new URL(compressionLibUrl, document.baseURI).href
  const compressed = await imageCompression(file, { ...compressionOptions, libURL })
  return new File([compressed], file.name, { type: compressed.type || file.type, lastModified: file.lastModified })
}
