import multipart from '@fastify/multipart'
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gedcomExportFormats, gedcomExportVersions, gedcomImportJobSchema, gedcomPreviewSchema } from '../../../shared/contracts/gedcom.ts'
import { limits } from '../../../shared/limits.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { receiveFile } from '../../lib/received-file.ts'
import { sweepStaleFiles } from '../../lib/stale-files.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { currentUser } from '../../plugins/session.ts'
import type { GedcomService } from './gedcom.service.ts'

const tags = ['family tree']
const multipartBody = ['multipart/form-data'] as const

/** A file left in the folder this long was left by a crash: no preview or import takes so long to start. */
const abandonedAfterMs = 24 * 60 * 60 * 1000

interface Options {
  service: GedcomService
  maxBytes?: number
  /** Where an upload waits on disk while it is read (then it is removed). */
  tempDir: string
  /** Previews, and imports, per person and hour. */
  previews: AttemptLimiter
  imports: AttemptLimiter
  /** The tree the person's pages show, with their role there. */
  circle: { require(userId: string, action: 'tree.import' | 'tree.export'): Promise<TreeActor> }
}

export const gedcomRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, maxBytes = limits.gedcomMaxBytes, tempDir, previews, imports, circle }) => {
  app.addHook('onRequest', app.authenticate)
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } })
  const swept = await sweepStaleFiles(tempDir, 'gedcom-', abandonedAfterMs)
  if (swept.length > 0) app.log.warn({ files: swept }, 'removed GEDCOM files left behind by reads that never finished')

  app.post(
    '/family-tree/gedcom',
    {
      config: { bodyTypes: multipartBody },
      schema: {
        tags,
        summary: 'Import a GEDCOM file (5.5, 5.5.1, 7.0) or a GEDZIP (.gdz: the .ged and its media files) as multipart field `file`; `?preview=1` only reads it',
        querystring: z.object({ preview: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: gedcomPreviewSchema, 202: z.object({ job: gedcomImportJobSchema }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id
      // Brought into the tree the person's pages show, kept under its holder.
      const owner = (await circle.require(userId, 'tree.import')).holderId
      const preview = request.query.preview === '1' || request.query.preview === 'true'
      // Counted before the file is received, so a script looping on it costs nothing past its hourly count.
      await (preview ? previews : imports).take([userId])
      const received = await receiveFile(request, {
        dir: tempDir,
        prefix: 'gedcom-',
        maxBytes,
        tooLarge: `A GEDCOM file can have at most ${maxBytes} bytes`,
        missingCode: 'validation.required',
        missing: 'Send the GEDCOM file in the field "file"',
      })
      // The file is removed before the answer goes out, whatever the answer.
      const answer = await (preview ? service.preview(owner, received.file) : service.startImport(owner, received.file, received.fileName)).finally(() => received.remove())
      if ('status' in answer) return reply.status(202).header('location', `/api/family-tree/gedcom/imports/${answer.id}`).send({ job: answer })
      return reply.status(200).send(answer)
    },
  )

  app.get(
    '/family-tree/gedcom/imports/:id',
    {
      schema: {
        tags,
        summary: 'How far a GEDCOM import has come, and its report at the end',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ job: gedcomImportJobSchema }) },
      },
    },
    async (request) => ({ job: await service.getImport((await circle.require(currentUser(request).id, 'tree.import')).holderId, request.params.id) }),
  )

  app.delete(
    '/family-tree/gedcom/imports/:id',
    {
      schema: {
        tags,
        summary: 'Cancels a GEDCOM import: a waiting one at once, a running one where it has come to (what it wrote stays)',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ job: gedcomImportJobSchema }) },
      },
    },
    async (request) => ({ job: await service.cancelImport((await circle.require(currentUser(request).id, 'tree.import')).holderId, request.params.id) }),
  )

  app.get(
    '/family-tree/gedcom',
    {
      schema: {
        tags,
        summary: 'The whole tree as a GEDCOM file (7.0 by default, or 5.5.1), or with `format=gdz` as a GEDZIP (7.0) holding every member’s files',
        querystring: z
          .object({ version: z.enum(gedcomExportVersions).default('7.0'), format: z.enum(gedcomExportFormats).default('ged') })
          .refine((query) => query.format === 'ged' || query.version === '7.0', { message: 'validation.invalid', path: ['format'] }),
      },
    },
    async (request, reply) => {
      const { version, format } = request.query
      // The tree's holder keeps its rows; owners and editors may take it away as a file.
      const exporterId = currentUser(request).id
      const owner = (await circle.require(exporterId, 'tree.export')).holderId
      if (format === 'gdz') {
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', 'attachment; filename="legado-gedcom-7.0.gdz"')
          .header('cache-control', 'private, no-store')
          .send(await service.exportGedzip(owner, exporterId))
      }
      const chunks = await service.exportTree(owner, version, { exporterId })
      return reply
        .header('content-type', 'text/vnd.familysearch.gedcom; charset=utf-8')
        .header('content-disposition', `attachment; filename="legado-gedcom-${version}.ged"`)
        .send(Readable.from(chunks))
    },
  )
}
