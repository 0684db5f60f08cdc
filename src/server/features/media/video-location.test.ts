import { describe, expect, it } from 'vitest'
import { box, filmedIn, fullBox, phoneVideo, text } from '../../test/media-fixtures.ts'
import { stripVideoLocation } from './video-location.ts'

describe('stripping the location from a video', () => {
  it('blanks every place a phone writes it, changing no size, so the video plays as before', () => {
    const original = phoneVideo()
    expect(original.toString('latin1')).toContain(filmedIn)
    const { bytes, hadLocation } = stripVideoLocation(original)
    expect(hadLocation).toBe(true)
    expect(bytes.length).toBe(original.length)
    expect(bytes.toString('latin1')).not.toContain('+40.4168')
    // What is not a location stays: the make, the movie header, the media data.
    expect(bytes.toString('latin1')).toContain('Apple')
    expect(bytes.subarray(bytes.length - 64)).toEqual(Buffer.alloc(64, 7))
    expect(original.toString('latin1')).toContain(filmedIn)
  })

  it('leaves a video without a location, and anything that is not ISO-BMFF, exactly as it was', () => {
    const plain = Buffer.concat([box('ftyp', text('isom'), Buffer.alloc(4)), box('moov', fullBox('mvhd', Buffer.alloc(96))), box('mdat', Buffer.alloc(16, 1))])
    expect(stripVideoLocation(plain)).toEqual({ bytes: plain, hadLocation: false })
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(stripVideoLocation(webm).bytes).toBe(webm)
    // A box claiming more bytes than the file has is left alone, not read past.
    const damaged = Buffer.concat([box('ftyp', text('isom')), Buffer.from([0xff, 0xff, 0xff, 0xff]), text('moov')])
    expect(stripVideoLocation(damaged)).toEqual({ bytes: damaged, hadLocation: false })
  })
})
