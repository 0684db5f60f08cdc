import { isUtf8 } from 'node:buffer'
import { fileTypeFromBuffer } from 'file-type'

export type MediaKind = 'image' | 'video' | 'audio' | 'document'

export interface SniffedType {
  mime: string
  /** Canonical extension for the type, with its dot. */
  extension: string
  kind: MediaKind
}

/** What Legado accepts (docs/product.md#media: images, video, audio, pdf, doc, docx, txt), by the real type. */
const accepted: Record<string, { kind: MediaKind; mime?: string }> = {
  'image/jpeg': { kind: 'image' },
  'image/png': { kind: 'image' },
  'image/gif': { kind: 'image' },
  'image/webp': { kind: 'image' },
  'image/avif': { kind: 'image' },
  'image/heic': { kind: 'image' },
  'image/heif': { kind: 'image' },
  'image/bmp': { kind: 'image' },
  'image/tiff': { kind: 'image' },
  'video/mp4': { kind: 'video' },
  'video/quicktime': { kind: 'video' },
  'video/webm': { kind: 'video' },
  'video/ogg': { kind: 'video' },
  'video/x-matroska': { kind: 'video' },
  'video/3gpp': { kind: 'video' },
  'audio/mpeg': { kind: 'audio' },
  'audio/mp4': { kind: 'audio' },
  'audio/x-m4a': { kind: 'audio', mime: 'audio/mp4' },
  'audio/ogg': { kind: 'audio' },
  'audio/opus': { kind: 'audio' },
  'audio/wav': { kind: 'audio' },
  'audio/x-wav': { kind: 'audio', mime: 'audio/wav' },
  'audio/webm': { kind: 'audio' },
  'audio/flac': { kind: 'audio' },
  'audio/x-flac': { kind: 'audio', mime: 'audio/flac' },
  'audio/aac': { kind: 'audio' },
  'application/pdf': { kind: 'document' },
  // Word 97–2003 documents are OLE compound files; the name must say .doc for us to call it one.
  'application/x-cfb': { kind: 'document', mime: 'application/msword' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document' },
}

/** Markup a browser could run script from (HTML, SVG, XML), recognised by its first non-blank character. */
const markupStart = /^\uFEFF?\s*</
/** The control bytes text may not hold (tab, line feed, form feed and carriage return are fine). In UTF-8 they never occur inside another character. */
const controlBytes = [...Array.from({ length: 32 }, (_, byte) => byte).filter((byte) => ![9, 10, 12, 13].includes(byte)), 0x7f]

export interface PlainTextCheck {
  /** The next bytes; false once the text is not plain (the bytes are not UTF-8, or hold control characters or markup). */
  push(bytes: Uint8Array): boolean
  /** The last bytes arrived: false when they end in the middle of a character. */
  end(): boolean
}

/** How many of `bytes` end on a whole UTF-8 character (a character cut by the chunk's end waits for the next). */
function wholeCharacters(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!
    if ((byte & 0xc0) === 0x80) continue
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return length > back ? bytes.length - back : bytes.length
  }
  return bytes.length
}

/**
 * Plain text as it streams by: valid UTF-8 throughout, no NUL or other control bytes, and not
 * markup. HTML, SVG and XML are refused because a browser could run script from them. The bytes
 * are checked as bytes (simdutf's validation, memchr for control bytes): decoding a 5 MB letter
 * into a string to test it cost three times as long.
 */
export function createPlainTextCheck(): PlainTextCheck {
  let isPlain = true
  let carried: Buffer = Buffer.alloc(0)
  // The text up to its first non-blank character, which says whether it is markup.
  let start: string | undefined = ''
  return {
    push(bytes) {
      if (!isPlain) return false
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      const chunk = carried.length > 0 ? Buffer.concat([carried, view]) : view
      const whole = wholeCharacters(chunk)
      carried = Buffer.from(chunk.subarray(whole))
      const text = chunk.subarray(0, whole)
      isPlain = isUtf8(text) && !controlBytes.some((byte) => text.includes(byte))
      if (isPlain && start !== undefined) {
        start += text.toString('utf8', 0, Math.min(text.length, 4096))
        if (/[^\s\uFEFF]/.test(start)) {
          isPlain = !markupStart.test(start)
          start = undefined
        }
      }
      return isPlain
    },
    end() {
      isPlain &&= carried.length === 0
      return isPlain
    },
  }
}

/** Containers that hold sound alone as often as sound and picture; their bytes' signature cannot tell which. */
const audioOrVideo: Record<string, string> = { 'video/webm': 'audio/webm', 'video/ogg': 'audio/ogg' }

/** How many of a file's first bytes its type is read from: file-type's own sample is 4,100. */
export const sniffedBytes = 64 * 1024

/**
 * The real type of an upload from its first bytes (docs/architecture.md#media): never the name or the header the
 * client sent, except to tell a .doc from other OLE files and to call a WebM or Ogg recording the
 * uploader declared as audio (a recorded voice) audio rather than video: the same container, so
 * nothing the browser would treat differently. Undefined: not a type we accept.
 *
 * `bytes` is the whole file, or its first bytes when `isWhole` is false: text is then only known
 * to start as plain text, and the rest must pass `createPlainTextCheck` as it is stored.
 */
export async function sniffMediaType(bytes: Uint8Array, fileName: string, declaredType?: string | null, isWhole = true): Promise<SniffedType | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) {
    const rule = accepted[detected.mime]
    if (!rule) return undefined
    if (detected.mime === 'application/x-cfb') {
      return /\.doc$/i.test(fileName) ? { mime: 'application/msword', extension: '.doc', kind: 'document' } : undefined
    }
    const audio = audioOrVideo[detected.mime]
    if (audio && declaredType?.toLowerCase().startsWith('audio/')) return { mime: audio, extension: `.${detected.ext}`, kind: 'audio' }
    return { mime: rule.mime ?? detected.mime, extension: `.${detected.ext}`, kind: rule.kind }
  }
  const check = createPlainTextCheck()
  if (bytes.length > 0 && check.push(bytes) && (!isWhole || check.end())) return { mime: 'text/plain; charset=utf-8', extension: '.txt', kind: 'document' }
  return undefined
}
