import type { FastifyReply } from 'fastify'
import { ObjectNotFoundError, type ObjectStorage } from '../integrations/storage/object-storage.ts'
import { AppError } from './app-error.ts'

/** Shown by the browser itself; anything else is downloaded, never rendered. */
const inlineTypes = /^(image|audio|video)\/|^application\/pdf$/

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix` within `size`; undefined when unusable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  const start = match[1] === '' ? Math.max(size - Number(match[2]), 0) : Number(match[1])
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

export interface StoredObject {
  storage: ObjectStorage
  key: string
  contentType: string
  /** The name a download is saved under; none: the browser names it from the address. */
  fileName?: string
}

/**
 * Streams a stored file: the whole of it, or the part a Range header asks for (206, or 416 when
 * it lies beyond the end) when `ranges` allows, so audio and video seek without fetching it all.
 * Nothing it holds is ever kept in a cache: the file may be private, or its link revoked tomorrow.
 * A file missing from storage answers 404.
 */
export async function sendStoredObject(reply: FastifyReply, file: StoredObject, options: { rangeHeader?: string; ranges: boolean }): Promise<FastifyReply> {
  const { storage, key, contentType, fileName } = file
  const size = await storage.size(key)
  if (size === undefined) throw new AppError('not_found', 'The file is missing from storage')
  const range = options.ranges ? parseRange(options.rangeHeader, size) : undefined
  if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send()
  const disposition = inlineTypes.test(contentType) ? 'inline' : 'attachment'
  reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', fileName === undefined ? disposition : `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
    // Family photos stay off the disk of a shared computer once the person signs out.
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', options.ranges ? 'bytes' : 'none')
  try {
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
      return reply.send(await storage.get(key, range))
    }
    return reply.header('Content-Length', size).send(await storage.get(key))
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new AppError('not_found', 'The file is missing from storage')
    throw error
  }
}
