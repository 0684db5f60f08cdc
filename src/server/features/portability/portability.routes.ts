import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { importReportSchema } from '../../../shared/contracts/portability.ts'
import { invalidField, payloadTooLarge } from '../../lib/app-error.ts'
import { sweepStaleFiles } from '../../lib/stale-files.ts'
import { currentUser } from '../../plugins/session.ts'
import type { PortabilityService } from './portability.service.ts'

interface Options {
  service: PortabilityService
  /** The largest archive an import takes, in bytes. */
  maxArchiveBytes: number
  /** Where an uploaded archive waits on disk while it is read (then it is deleted). */
  tempDir: string
}

const tags = ['account']

/** An archive still on disk after this long was left by a crash: no import takes a day. */
const abandonedAfterMs = 24 * 60 * 60 * 1000

/** multipart's own refusals, in the error model. */
function multipartError(error: unknown, maxArchiveBytes: number): unknown {
  const code = (error as { code?: unknown })?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(maxArchiveBytes, `Archives are limited to ${maxArchiveBytes} bytes`)
  if (typeof code === 'string' && /^FST_(FILES|FIELDS|PARTS)_LIMIT$|^FST_INVALID_MULTIPART/.test(code)) {
    return invalidField('file', 'validation.invalid', 'Send the archive alone, as the multipart field "file"')
  }
  return error
}

export const portabilityRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, maxArchiveBytes, tempDir }) => {
  app.addHook('onRequest', app.authenticate)
  await app.register(multipart, { limits: { fileSize: maxArchiveBytes, files: 1, fields: 0, parts: 1 } })
  const swept = await sweepStaleFiles(tempDir, 'import-', abandonedAfterMs)
  if (swept.length > 0) app.log.warn({ files: swept }, 'removed archives left behind by imports that never finished')

  app.get('/me/export', { schema: { tags, summary: 'Everything of yours as a zip: one JSON file per kind and every file (docs/export-format.md)' } }, async (request, reply) => {
    const stream = await service.exportAll(currentUser(request).id)
    const day = new Date().toISOString().slice(0, 10)
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="legado-${day}.zip"`)
      .header('Cache-Control', 'private, no-store')
      .send(stream)
  })

  app.post(
    '/me/import',
    {
      config: { bodyTypes: ['multipart/form-data'] },
      schema: {
        tags,
        summary: 'Restore an export into your account (multipart field "file"), under new ids',
        consumes: ['multipart/form-data'],
        response: { 200: importReportSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw invalidField('file', 'media.no_file', 'Send the archive as the multipart field "file"')
      // The archive's room on disk is its declared length, or the most an archive may be.
      const declared = Number(request.headers['content-length'])
      const release = await service.admitImport(currentUser(request).id, Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxArchiveBytes) : maxArchiveBytes)
      const file = path.join(tempDir, `import-${randomUUID()}.zip`)
      try {
        await mkdir(tempDir, { recursive: true })
        const part = await request.file().catch((error: unknown) => Promise.reject(multipartError(error, maxArchiveBytes)))
        if (!part || part.fieldname !== 'file') throw invalidField('file', 'media.no_file', 'Send the archive as the multipart field "file"')
        await pipeline(part.file, createWriteStream(file, { mode: 0o600 })).catch((error: unknown) => Promise.reject(multipartError(error, maxArchiveBytes)))
        if (part.file.truncated) throw payloadTooLarge(maxArchiveBytes, `Archives are limited to ${maxArchiveBytes} bytes`)
        return await service.importFile(currentUser(request).id, file)
      } finally {
        await rm(file, { force: true })
        release()
      }
    },
  )
}
