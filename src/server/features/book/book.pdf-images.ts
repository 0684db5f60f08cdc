import sharp from 'sharp'

/** Print resolution: a picture holds 300 pixels for each inch it is drawn, never more than the original has. */
const dotsPerInch = 300
const pixelsFor = (points: number) => Math.ceil((points / 72) * dotsPerInch)

/** A picture's size as it appears (its camera's rotation applied). */
export async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(file).metadata()
  const isTurned = (metadata.orientation ?? 1) >= 5
  const width = metadata.width ?? 1
  const height = metadata.height ?? 1
  return isTurned ? { width: height, height: width } : { width, height }
}

/**
 * The picture as the book embeds it: turned upright, on white where it was transparent, shrunk to
 * print resolution at the size drawn (`fill`: at least that size each way, for a picture cropped
 * to an area) and saved as a JPEG of quality 85. A phone's 12 MP photo drawn 4.5 in wide keeps
 * 1,350 pixels of its 4,000: the book stays small and a printer asks for nothing more.
 */
export async function printImage(file: string, widthPoints: number, heightPoints: number, fit: 'inside' | 'fill'): Promise<Buffer> {
  return sharp(file, { failOn: 'none' })
    .rotate()
    .resize({ width: pixelsFor(widthPoints), height: pixelsFor(heightPoints), fit: fit === 'fill' ? 'outside' : 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
}
