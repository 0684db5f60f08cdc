import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { importReportSchema } from '../../../shared/contracts/portability.ts'
import { invalidField } from '../../lib/app-error.ts'
import { receiveFile } from '../../lib/received-file.ts'
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
      try {
        const received = await receiveFile(request, {
          dir: tempDir,
          prefix: 'import-',
          maxBytes: maxArchiveBytes,
          tooLarge: `Archives are limited to ${maxArchiveBytes} bytes`,
          missingCode: 'media.no_file',
          missing: 'Send the archive alone, as the multipart field "file"',
        })
        try {
          return await service.importFile(currentUser(request).id, received.file)
        } finally {
          await received.remove()
        }
      } finally {
        release()
      }
    },
  )
}
