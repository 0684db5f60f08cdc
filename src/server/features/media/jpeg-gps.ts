/**
 * Removes location from a JPEG without re-encoding it: the GPS block of the EXIF data is emptied
 * and its bytes zeroed, and an XMP packet that mentions GPS is dropped. Every other byte (the
 * picture itself, the date, the camera, the orientation) is kept as it was.
 */

const gpsInfoTag = 0x8825
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE). */
const typeSizes = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8]

export interface GpsStripResult {
  bytes: Buffer
  hadGps: boolean
}

/** Empties the GPS IFD of one EXIF (TIFF) block in place; whether there was one. */
function emptyGpsIfd(tiff: Buffer): boolean {
  if (tiff.length < 8) return false
  const little = tiff.toString('latin1', 0, 2) === 'II'
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return false
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd0 = u32(4)
  if (ifd0 + 2 > tiff.length) return false
  const entries = u16(ifd0)
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd0 + 2 + i * 12
    if (entry + 12 > tiff.length || u16(entry) !== gpsInfoTag) continue
    const gps = u32(entry + 8)
    if (gps + 2 > tiff.length) return false
    const count = u16(gps)
    for (let j = 0; j < count; j += 1) {
      const field = gps + 2 + j * 12
      if (field + 12 > tiff.length) break
      const size = (typeSizes[u16(field + 2)] ?? 1) * u32(field + 4)
      const offset = u32(field + 8)
      if (size > 4 && offset + size <= tiff.length) tiff.fill(0, offset, offset + size)
      tiff.fill(0, field, field + 12)
    }
    tiff.fill(0, gps, gps + 2)
    return count > 0
  }
  return false
}

/** Whether an EXIF block (`Exif\0\0` and TIFF, as sharp's metadata gives it) holds a location. */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif
  return emptyGpsIfd(Buffer.from(tiff))
}

export function stripJpegGps(input: Buffer): GpsStripResult {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return { bytes: input, hadGps: false }
  const bytes = Buffer.from(input)
  const kept: Buffer[] = [bytes.subarray(0, 2)]
  let hadGps = false
  let at = 2
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!
    // Start of scan: the compressed picture follows, with no more metadata segments.
    if (marker === 0xda) break
    const length = bytes.readUInt16BE(at + 2)
    const end = at + 2 + length
    if (end > bytes.length) break
    const segment = bytes.subarray(at, end)
    let keep = true
    if (marker === 0xe1) {
      const body = segment.subarray(4)
      if (body.toString('latin1', 0, 6) === 'Exif\0\0') hadGps = emptyGpsIfd(body.subarray(6)) || hadGps
      else if (body.toString('latin1', 0, 29) === 'http://ns.adobe.com/xap/1.0/\0' && /GPS/i.test(body.toString('latin1'))) {
        keep = false
        hadGps = true
      }
    }
    if (keep) kept.push(segment)
    at = end
  }
  kept.push(bytes.subarray(at))
  return { bytes: Buffer.concat(kept), hadGps }
}
