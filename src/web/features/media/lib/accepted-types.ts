/** What the uploader takes (docs/product.md#media): images, video, audio, pdf, doc, docx and txt. */
export const acceptAttribute = [
  'image/*',
  'video/*',
  'audio/*',
  'application/pdf',
  '.pdf',
  'application/msword',
  '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.docx',
  'text/plain',
  '.txt',
].join(',')

const acceptedTypes = new Set(['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'])
const acceptedExtensions = /\.(pdf|doc|docx|txt)$/i
/** The server refuses these whatever they are called (they can carry scripts). */
const refusedTypes = new Set(['image/svg+xml'])

/**
 * A first check on the browser's word for the file (its type or, when the browser has none, its
 * extension). The server decides from the bytes; this only spares the user a pointless upload.
 */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase()
  if (refusedTypes.has(type) || /\.svgz?$/i.test(file.name)) return false
  if (/^(image|video|audio)\//.test(type) || acceptedTypes.has(type)) return true
  return acceptedExtensions.test(file.name)
}
