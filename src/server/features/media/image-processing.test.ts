import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageDimensions, makeThumbnail, removeLocation, thumbnailSize } from './image-processing.ts'
import { exifHasGps } from './jpeg-gps.ts'

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#9a4a2c' } })
const gps = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 15/1 2718/100' } }

describe('removeLocation', () => {
  it('writes a PNG that carries GPS again, losslessly and without the location', async () => {
    const original = await canvas(8, 8).png().withExif(gps).toBuffer()
    expect(exifHasGps((await sharp(original).metadata()).exif!)).toBe(true)
    const { bytes, hadGps } = await removeLocation(original, 'image/png')
    expect(hadGps).toBe(true)
    const exif = (await sharp(bytes).metadata()).exif
    expect(exif === undefined || !exifHasGps(exif)).toBe(true)
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true)
  })

  it('strips a JPEG losslessly and leaves other files byte for byte', async () => {
    const jpeg = await canvas(8, 8).jpeg().withExif(gps).toBuffer()
    expect((await removeLocation(jpeg, 'image/jpeg')).hadGps).toBe(true)
    const png = await canvas(8, 8).png().toBuffer()
    expect((await removeLocation(png, 'image/png')).bytes).toBe(png)
    const pdf = Buffer.from('%PDF-1.4\n')
    expect((await removeLocation(pdf, 'application/pdf')).bytes).toBe(pdf)
  })
})

describe('thumbnails', () => {
  it('are WebP, upright and at most the thumbnail size on their longest side', async () => {
    const wide = await canvas(2000, 1000).jpeg().toBuffer()
    const thumbnail = await makeThumbnail(wide)
    expect(thumbnail.contentType).toBe('image/webp')
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: thumbnailSize, height: thumbnailSize / 2 })

    // Orientation 6: stored sideways, shown turned a quarter clockwise.
    const sideways = await canvas(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect(await imageDimensions(sideways)).toEqual({ width: 100, height: 300, takenOn: null })
    expect(await sharp((await makeThumbnail(sideways)).bytes).metadata()).toMatchObject({ width: 100, height: 300 })
  })

  it('never enlarge a small photo', async () => {
    const small = await canvas(40, 30).png().toBuffer()
    expect(await sharp((await makeThumbnail(small)).bytes).metadata()).toMatchObject({ width: 40, height: 30 })
  })
})
