// Multimedia FORM and FILE as each version wants them: 5.5.1 names a format by a short word (`jpg`),
// 7.0 by a media type (`image/jpeg`) and takes FILE as a URI reference, not a Windows path.

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  pcx: 'image/x-pcx',
  tga: 'image/x-tga',
  pict: 'image/x-pict',
  pic: 'image/x-pict',
  psd: 'image/vnd.adobe.photoshop',
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  text: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  url: 'text/html',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  avi: 'video/x-msvideo',
  webm: 'video/webm',
}

/** For 5.5.1: the first short name of each media type (`image/jpeg` → `jpg`). */
const SHORT_FORMATS: Record<string, string> = {}
for (const [short, mediaType] of Object.entries(MEDIA_TYPES)) SHORT_FORMATS[mediaType] ??= short

function extensionOf(file: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,5})(?:[?#].*)?$/.exec(file)
  return match?.[1]?.toLowerCase()
}

/** FORM for 7.0: the format if it is already a media type, else one looked up from it or from the file's extension. */
export function toMediaType(format: string | undefined, file: string): string {
  if (format?.includes('/')) return format
  const byFormat = format === undefined ? undefined : MEDIA_TYPES[format.toLowerCase()]
  const extension = extensionOf(file)
  return byFormat ?? (extension === undefined ? undefined : MEDIA_TYPES[extension]) ?? 'application/octet-stream'
}

/** FORM for 5.5.1 (where it is required): the format if it is a short name, else one derived from it or the file. */
export function toShortFormat(format: string | undefined, file: string): string {
  if (format !== undefined && !format.includes('/')) return format
  return (format === undefined ? undefined : SHORT_FORMATS[format.toLowerCase()]) ?? extensionOf(file) ?? 'unknown'
}

const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/

/**
 * FILE for 7.0, which must be a URI reference. Paths as 5.5.1 programs wrote them become one: a
 * Windows drive path a `file:///C:/…` URL, backslashes slashes, spaces and accents percent-encoded.
 */
export function toGedcom7FileReference(file: string): string {
  if (URI_REFERENCE.test(file)) return file
  let path = file.replaceAll('\\', '/')
  if (/^[A-Za-z]:\//.test(path)) path = `file:///${path}`
  else if (path.startsWith('//')) path = `file:${path}`
  let encoded = ''
  const chars = [...path]
  chars.forEach((char, index) => {
    const isEscape = char === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[index + 1] ?? '') + (chars[index + 2] ?? ''))
    encoded += isEscape || /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/.test(char) ? char : encodeURIComponent(char)
  })
  return encoded
}
