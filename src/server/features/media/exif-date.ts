import { isCalendarDate } from '../../../shared/calendar-date.ts'

const exifIfdTag = 0x8769
const dateTimeOriginalTag = 0x9003

/**
 * The day a photo was taken, from its EXIF `DateTimeOriginal` ("2001:07:14 18:30:00"), as a
 * calendar date `YYYY-MM-DD`; null when the photo does not say. The camera's `DateTime` is when
 * the file was last changed and `DateTimeDigitized` when a print was scanned: neither is when the
 * photo was taken, so neither is read. `exif` is the block as sharp's metadata gives it
 * (`Exif\0\0` and TIFF).
 */
export function exifTakenOn(exif: Buffer | undefined): string | null {
  if (!exif) return null
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif
  if (tiff.length < 8) return null
  const order = tiff.toString('latin1', 0, 2)
  if (order !== 'II' && order !== 'MM') return null
  const little = order === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  /** The value offset of a tag in the IFD at `ifd`, with its count. */
  const find = (ifd: number, tag: number): { count: number; at: number } | undefined => {
    if (ifd + 2 > tiff.length) return undefined
    const entries = u16(ifd)
    for (let i = 0; i < entries; i += 1) {
      const entry = ifd + 2 + i * 12
      if (entry + 12 > tiff.length) return undefined
      if (u16(entry) !== tag) continue
      const count = u32(entry + 4)
      return { count, at: count > 4 ? u32(entry + 8) : entry + 8 }
    }
    return undefined
  }
  const pointer = find(u32(4), exifIfdTag)
  if (!pointer || pointer.at + 4 > tiff.length) return null
  const original = find(u32(pointer.at), dateTimeOriginalTag)
  if (!original || original.count < 10 || original.at + 10 > tiff.length) return null
  const match = /^(\d{4}):(\d{2}):(\d{2})/.exec(tiff.toString('latin1', original.at, original.at + 10))
  if (!match) return null
  const day = `${match[1]}-${match[2]}-${match[3]}`
  // Cameras with no clock set write 0000:00:00; a year before photography is no date either.
  return isCalendarDate(day) && Number(match[1]) >= 1826 ? day : null
}
