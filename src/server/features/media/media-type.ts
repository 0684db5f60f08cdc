import { fileTypeFromBuffer } from 'file-type'

export type MediaKind = 'image' | 'video' | 'audio' | 'document'

export interface SniffedType {
  mime: string
  /** Canonical extension for the type, with its dot. */
  extension: string
  kind: MediaKind
}

/** What Legado accepts (spec §5: images, video, audio, pdf, doc, docx, txt), by the real type. */
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
// eslint-disable-next-line no-control-regex -- finding control bytes is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/

export interface PlainTextCheck {
  /** The next bytes; false once the text is not plain (the bytes are not UTF-8, or hold control characters or markup). */
  push(bytes: Uint8Array): boolean
  /** The last bytes arrived: false when they end in the middle of a character. */
  end(): boolean
}

/**
 * Plain text as it streams by: valid UTF-8 throughout, no NUL or other control bytes, and not
 * markup. HTML, SVG and XML are refused because a browser could run script from them.
 */
export function createPlainTextCheck(): PlainTextCheck {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let isPlain = true
  // The text up to its first non-blank character, which says whether it is markup.
  let start: string | undefined = ''
  const accept = (text: string) => {
    if (controlCharacters.test(text)) return false
    if (start === undefined) return true
    start += text
    if (!/[^\s\uFEFF]/.test(start)) return true
    const isMarkup = markupStart.test(start)
    start = undefined
    return !isMarkup
  }
  return {
    push(bytes) {
      if (!isPlain) return false
      try {
        isPlain = accept(decoder.decode(bytes, { stream: true }))
      } catch {
        isPlain = false
      }
      return isPlain
    },
    end() {
      if (!isPlain) return false
      try {
        isPlain = accept(decoder.decode())
      } catch {
        isPlain = false
      }
      return isPlain
    },
  }
}

/** Containers that hold sound alone as often as sound and picture; their bytes' signature cannot tell which. */
const audioOrVideo: Record<string, string> = { 'video/webm': 'audio/webm', 'video/ogg': 'audio/ogg' }

/** How many of a file's first bytes its type is read from: file-type's own sample is 4,100. */
export const sniffedBytes = 64 * 1024

/**
 * The real type of an upload from its first bytes (DESIGN §6): never the name or the header the
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
