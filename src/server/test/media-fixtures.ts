/** The start of a WebM file: an EBML header whose DocType is "webm" (what MediaRecorder writes first). */
export const webmHeader = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(200)])

/** An ISO-BMFF box of `type` around `children`. */
export const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(body.length + 8)
  header.write(type, 4, 'latin1')
  return Buffer.concat([header, body])
}
export const fullBox = (type: string, ...children: Buffer[]) => box(type, Buffer.alloc(4), ...children)
export const text = (value: string) => Buffer.from(value, 'latin1')
/** Where the phone video was filmed, as ISO 6709 text. */
export const filmedIn = '+40.4168-003.7038+650.000/'

/** A phone video as iPhones and Android phones write it: the location in udta and in the QuickTime metadata. */
export function phoneVideo(): Buffer {
  const key = (name: string) => box('mdta', text(name))
  const count = Buffer.alloc(4)
  count.writeUInt32BE(2)
  const item = (index: number, value: string) => {
    const type = Buffer.alloc(4)
    type.writeUInt32BE(index)
    const itemBox = box('xxxx', box('data', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), text(value)))
    type.copy(itemBox, 4)
    return itemBox
  }
  const meta = box(
    'meta',
    fullBox('hdlr', Buffer.alloc(4), text('mdta'), Buffer.alloc(12), Buffer.from([0])),
    fullBox('keys', count, key('com.apple.quicktime.make'), key('com.apple.quicktime.location.ISO6709')),
    box('ilst', item(1, 'Apple'), item(2, filmedIn)),
  )
  return Buffer.concat([
    box('ftyp', text('qt  '), Buffer.alloc(4), text('qt  ')),
    box('moov', fullBox('mvhd', Buffer.alloc(96)), box('udta', box('\u00a9xyz', Buffer.from([0, filmedIn.length, 0x15, 0xc7]), text(filmedIn))), meta),
    box('mdat', Buffer.alloc(64, 7)),
  ])
}
