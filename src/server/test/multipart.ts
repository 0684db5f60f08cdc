import { randomUUID } from 'node:crypto'

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function multipartFile(field: string, fileName: string, bytes: Uint8Array, contentType = 'application/zip') {
  const boundary = `----legado${randomUUID().replaceAll('-', '')}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat([head, bytes, tail]) }
}

/** A GEDCOM file (text or bytes) as the import's multipart field, `file` unless told otherwise. */
export function gedcomUpload(content: Uint8Array | string, options: { field?: string; fileName?: string } = {}) {
  return multipartFile(options.field ?? 'file', options.fileName ?? 'tree.ged', typeof content === 'string' ? Buffer.from(content) : content, 'application/octet-stream')
}
