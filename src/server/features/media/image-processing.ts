import { availableParallelism } from 'node:os'
import sharp from 'sharp'
import { AppError } from '../../lib/app-error.ts'
import { exifTakenOn } from './exif-date.ts'
import { exifHasGps, stripJpegGps, type GpsStripResult } from './jpeg-gps.ts'

/**
 * The most pixels an image may have: a 108-megapixel phone photo fits; a small file that claims
 * to be 30,000 × 30,000 (a decompression bomb: gigabytes once decoded) does not.
 */
export const maxImagePixels = 110_000_000

/** sharp's options for every image read here. */
const input = { failOn: 'none', limitInputPixels: maxImagePixels } as const

// One image decoded per core at most: a burst of uploads waits its turn instead of exhausting memory.
const slots = Math.max(1, availableParallelism())
let running = 0
const waiting: (() => void)[] = []

/** Runs `work` when a slot is free; an image over the pixel limit is `payload_too_large`. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('payload_too_large', `Images are limited to ${maxImagePixels / 1_000_000} megapixels`)
    }
    throw error
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

/** Longest side of a thumbnail, in pixels: sharp on a phone, small on the wire. */
export const thumbnailSize = 480

/** Formats sharp can write back when a non-JPEG photo must lose its location. */
const reencodable = new Set(['png', 'webp', 'tiff', 'avif', 'heif', 'gif'])

/**
 * A photo without its location (GPS is stripped, nothing else changes). JPEG loses only
 * the GPS bytes; other formats that carry GPS are written again by sharp in the same format (PNG
 * losslessly). Any file that carries no location comes back as it was.
 */
export async function removeLocation(bytes: Buffer, mime: string): Promise<GpsStripResult> {
  if (mime === 'image/jpeg') return stripJpegGps(bytes)
  if (!mime.startsWith('image/')) return { bytes, hadGps: false }
  const metadata = await sharp(bytes, input).metadata()
  const hasGps = (metadata.exif ? exifHasGps(metadata.exif) : false) || (metadata.xmp?.toString('latin1').includes('GPS') ?? false)
  if (!hasGps || !metadata.format || !reencodable.has(metadata.format)) return { bytes, hadGps: hasGps }
  const image = sharp(bytes, { ...input, animated: true }).keepIccProfile()
  const output = metadata.format === 'png' ? image.png() : image.toFormat(metadata.format, { quality: 95 })
  return { bytes: await output.toBuffer(), hadGps: true }
}

export interface Thumbnail {
  bytes: Buffer
  contentType: 'image/webp'
}

/**
 * Width and height as the photo is seen, its EXIF orientation applied, and the day it was taken
 * when its EXIF says (`exifTakenOn`).
 */
export async function imageDimensions(bytes: Buffer): Promise<{ width: number; height: number; takenOn: string | null } | undefined> {
  const metadata = await sharp(bytes, input).metadata()
  if (!metadata.width || !metadata.height) return undefined
  const isTurned = (metadata.orientation ?? 1) >= 5
  const takenOn = exifTakenOn(metadata.exif)
  return isTurned ? { width: metadata.height, height: metadata.width, takenOn } : { width: metadata.width, height: metadata.height, takenOn }
}

/** A WebP thumbnail, upright, at most `thumbnailSize` on its longest side, without metadata. */
export async function makeThumbnail(bytes: Buffer): Promise<Thumbnail> {
  const output = await sharp(bytes, input).rotate().resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
  return { bytes: output, contentType: 'image/webp' }
}
