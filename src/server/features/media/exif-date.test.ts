import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifTakenOn } from './exif-date.ts'
import { imageDimensions, removeLocation } from './image-processing.ts'

const photo = (exif: Record<string, Record<string, string>>) =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#9a4a2c' } })
    .jpeg()
    .withExif(exif)
    .toBuffer()

describe('the day a photo was taken', () => {
  it('is read from EXIF DateTimeOriginal, and survives the removal of the location', async () => {
    const taken = await photo({ IFD0: { Make: 'Kodak' }, IFD2: { DateTimeOriginal: '1987:08:15 18:30:00' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 15/1 2718/100' } })
    expect(await imageDimensions(taken)).toEqual({ width: 12, height: 8, takenOn: '1987-08-15' })
    const { bytes, hadGps } = await removeLocation(taken, 'image/jpeg')
    expect(hadGps).toBe(true)
    expect(exifTakenOn((await sharp(bytes).metadata()).exif)).toBe('1987-08-15')
  })

  it('is nothing when the photo says only when the file was changed, or its clock was never set', async () => {
    expect(exifTakenOn((await sharp(await photo({ IFD0: { DateTime: '2024:03:01 10:00:00' } })).metadata()).exif)).toBeNull()
    expect(exifTakenOn((await sharp(await photo({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } })).metadata()).exif)).toBeNull()
    expect(exifTakenOn(undefined)).toBeNull()
    expect(exifTakenOn(Buffer.from('Exif\0\0MM'))).toBeNull()
  })
})
