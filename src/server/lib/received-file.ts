import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import type { FieldIssue } from '../../shared/errors.ts'
import { AppError, invalidField, payloadTooLarge } from './app-error.ts'

interface ReceiveOptions {
  /** A private folder under DATA_DIR where the file waits while it is read. */
  dir: string
  /** The start of the file's name, so a sweep at start-up finds those a crash left. */
  prefix: string
  maxBytes: number
  /** Said when the file is past `maxBytes`. */
  tooLarge: string
  /** The field code of a request without the file. */
  missingCode: FieldIssue['code']
  missing: string
}

/** multipart's own refusals, in the error model. */
function multipartError(error: unknown, options: ReceiveOptions): unknown {
  const code = (error as { code?: unknown })?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(options.maxBytes, options.tooLarge)
  if (typeof code === 'string' && /^FST_(FILES|FIELDS|PARTS)_LIMIT$|^FST_INVALID_MULTIPART/.test(code)) return invalidField('file', 'validation.invalid', options.missing)
  return error
}

/**
 * The multipart field `file`, streamed to a file of its own (0600) without being held in memory,
 * and that file's removal. The caller removes it once done with it, whatever happened.
 */
export async function receiveFile(request: FastifyRequest, options: ReceiveOptions): Promise<{ file: string; fileName: string; remove(): Promise<void> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data')
  const file = path.join(options.dir, `${options.prefix}${randomUUID()}`)
  const remove = () => rm(file, { force: true })
  try {
    await mkdir(options.dir, { recursive: true, mode: 0o700 })
    const part = await request.file().catch((error: unknown) => Promise.reject(multipartError(error, options)))
    if (!part || part.fieldname !== 'file') throw invalidField('file', options.missingCode, options.missing)
    await pipeline(part.file, createWriteStream(file, { mode: 0o600 })).catch((error: unknown) => Promise.reject(multipartError(error, options)))
    if (part.file.truncated) throw payloadTooLarge(options.maxBytes, options.tooLarge)
    return { file, fileName: part.filename, remove }
  } catch (error) {
    await remove()
    throw error
  }
}
