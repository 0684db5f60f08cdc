import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { stripJpegGps } from './jpeg-gps.ts'

const photo = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#7a5c3e' } }).jpeg({ quality: 90 })

/** The rational 2718/100 as a big- or little-endian pair, to look for the latitude's bytes. */
function rational(numerator: number, denominator: number, little: boolean): Buffer {
  const bytes = Buffer.alloc(8)
  if (little) {
    bytes.writeUInt32LE(numerator, 0)
    bytes.writeUInt32LE(denominator, 4)
  } else {
    bytes.writeUInt32BE(numerator, 0)
    bytes.writeUInt32BE(denominator, 4)
  }
  return bytes
}

describe('stripJpegGps', () => {
  it('removes the location and keeps every other tag and the picture itself', async () => {
    const original = await photo()
      .withExif({ IFD0: { Artist: 'Abuela Rosa', Copyright: 'Familia Díaz' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 15/1 2718/100' } })
      .toBuffer()
    const hasLatitude = (bytes: Buffer) => bytes.includes(rational(2718, 100, true)) || bytes.includes(rational(2718, 100, false))
    expect(hasLatitude(original)).toBe(true)

    const { bytes, hadGps } = stripJpegGps(original)
    expect(hadGps).toBe(true)
    expect(hasLatitude(bytes)).toBe(false)
    expect(bytes.includes(Buffer.from('Abuela Rosa'))).toBe(true)
    expect(stripJpegGps(bytes).hadGps).toBe(false)

    const pixels = (input: Buffer) => sharp(input).raw().toBuffer()
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true)
    expect(bytes.length).toBe(original.length)
  })

  it('drops an XMP packet that carries GPS', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,15.45N"/></rdf:RDF></x:xmpmeta>'
    const original = await photo().withXmp(xmp).toBuffer()
    const { bytes, hadGps } = stripJpegGps(original)
    expect(hadGps).toBe(true)
    expect(bytes.includes(Buffer.from('GPSLatitude'))).toBe(false)
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true)
  })

  it('leaves a photo without location byte for byte, and anything else alone', async () => {
    const plain = await photo()
      .withExif({ IFD0: { Artist: 'Abuela Rosa' } })
      .toBuffer()
    const result = stripJpegGps(plain)
    expect(result.hadGps).toBe(false)
    expect(result.bytes.equals(plain)).toBe(true)
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    expect(stripJpegGps(png).bytes).toBe(png)
  })
})
