/**
 * Where a phone video (MP4, QuickTime, 3GP, M4A) may say where it was filmed:
 * - a `©xyz` box (ISO 6709 text, QuickTime and Android) or a `loci` box (3GPP) in `udta`;
 * - a `com.apple.quicktime.location.*` key in `meta`, whose value sits in `ilst`.
 * Each is blanked in place: a box becomes `free` with its bytes zeroed, a value's bytes are
 * zeroed. Sizes never change, so every offset in the file (the sample tables) stays right and the
 * video plays as before.
 */
export interface VideoLocationResult {
  bytes: Buffer
  hadLocation: boolean
}

/** Boxes whose children are boxes (`meta` after its 4 bytes of version and flags). */
const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'udta', 'meta', 'ilst', 'edts', 'dinf', 'stbl', 'mvex', 'moof', 'traf'])
const locationBoxes = new Set(['\u00a9xyz', 'loci'])

interface Box {
  type: string
  start: number
  /** Where the children (or the payload) begin. */
  body: number
  end: number
}

/** The boxes between `from` and `to`; stops at the first one whose size does not fit (a damaged file is left as it is). */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = []
  let at = from
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    let header = 8
    if (size === 1) {
      if (at + 16 > to) break
      size = Number(bytes.readBigUInt64BE(at + 8))
      header = 16
    } else if (size === 0) size = to - at
    if (size < header || at + size > to) break
    boxes.push({ type, start: at, body: at + header, end: at + size })
    at += size
  }
  return boxes
}

/** Turns a box into padding: type `free`, payload zeroed. */
function blank(bytes: Buffer, box: Box) {
  bytes.write('free', box.start + 4, 'latin1')
  bytes.fill(0, box.body, box.end)
}

/** The 1-based indexes of the location keys of a `keys` box. */
function locationKeyIndexes(bytes: Buffer, keys: Box): number[] {
  const indexes: number[] = []
  let at = keys.body + 8 // version and flags, then the entry count
  for (let index = 1; at + 8 <= keys.end; index += 1) {
    const size = bytes.readUInt32BE(at)
    if (size < 8 || at + size > keys.end) break
    if (bytes.toString('latin1', at + 8, at + size).startsWith('com.apple.quicktime.location')) indexes.push(index)
    at += size
  }
  return indexes
}

function walk(bytes: Buffer, from: number, to: number): boolean {
  let found = false
  const boxes = boxesIn(bytes, from, to)
  const keys = boxes.find((box) => box.type === 'keys')
  const locationKeys = keys ? locationKeyIndexes(bytes, keys) : []
  for (const box of boxes) {
    if (locationBoxes.has(box.type)) {
      blank(bytes, box)
      found = true
    } else if (box.type === 'ilst' && locationKeys.length > 0) {
      // Each item's type is the index of its key; its `data` boxes hold the value after 8 bytes of type and locale.
      for (const item of boxesIn(bytes, box.body, box.end)) {
        if (!locationKeys.includes(bytes.readUInt32BE(item.start + 4))) continue
        for (const data of boxesIn(bytes, item.body, item.end)) if (data.type === 'data') bytes.fill(0, Math.min(data.body + 8, data.end), data.end)
        found = true
      }
    } else if (containers.has(box.type)) {
      // A QuickTime `meta` has no version and flags; an ISO one has four bytes of them before its children.
      const isFullMeta = box.type === 'meta' && box.body + 8 <= box.end && bytes.toString('latin1', box.body + 4, box.body + 8) !== 'hdlr'
      found = walk(bytes, isFullMeta ? box.body + 4 : box.body, box.end) || found
    }
  }
  return found
}

/** The video without its location, or as it was when it has none (or is not ISO-BMFF). */
export function stripVideoLocation(input: Buffer): VideoLocationResult {
  if (input.length < 12 || input.toString('latin1', 4, 8) !== 'ftyp') return { bytes: input, hadLocation: false }
  const bytes = Buffer.from(input)
  const hadLocation = walk(bytes, 0, bytes.length)
  return hadLocation ? { bytes, hadLocation } : { bytes: input, hadLocation: false }
}
