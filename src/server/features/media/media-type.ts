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

/**
 * Plain text: valid UTF-8, no NUL or other control bytes, and not markup. HTML, SVG and XML are
 * refused because a browser could run script from them.
 */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  // eslint-disable-next-line no-control-regex -- finding control bytes is the point
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return false
  return !/^\uFEFF?\s*</.test(text)
}

/** Containers that hold sound alone as often as sound and picture; their bytes' signature cannot tell which. */
const audioOrVideo: Record<string, string> = { 'video/webm': 'audio/webm', 'video/ogg': 'audio/ogg' }

/**
 * The real type of an upload from its first bytes (DESIGN §6): never the name or the header the
 * client sent, except to tell a .doc from other OLE files and to call a WebM or Ogg recording the
 * uploader declared as audio (a recorded voice) audio rather than video: the same container, so
 * nothing the browser would treat differently. Undefined: not a type we accept.
 */
export async function sniffMediaType(bytes: Uint8Array, fileName: string, declaredType?: string | null): Promise<SniffedType | undefined> {
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
  if (bytes.length > 0 && isPlainText(bytes)) return { mime: 'text/plain; charset=utf-8', extension: '.txt', kind: 'document' }
  return undefined
}
