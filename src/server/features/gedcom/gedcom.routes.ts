import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gedcomExportFormats, gedcomExportVersions, gedcomImportJobSchema, gedcomPreviewSchema } from '../../../shared/contracts/gedcom.ts'
import { limits } from '../../../shared/limits.ts'
import { AppError, invalidField, payloadTooLarge } from '../../lib/app-error.ts'
import { currentUser } from '../../plugins/session.ts'
import type { GedcomService } from './gedcom.service.ts'

const tags = ['family tree']
const multipartBody = ['multipart/form-data'] as const

/** The `file` field of a multipart request, whole, within the size limit. */
async function readFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data')
  let part
  try {
    part = await request.file()
  } catch {
    throw new AppError('validation_failed', 'The multipart body could not be read', [{ path: 'file', code: 'validation.invalid' }])
  }
  if (!part || part.fieldname !== 'file') throw invalidField('file', 'validation.required', 'Send the GEDCOM file in the field "file"')
  try {
    return { bytes: new Uint8Array(await part.toBuffer()), fileName: part.filename }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(maxBytes, `A GEDCOM file can have at most ${maxBytes} bytes`)
    throw new AppError('validation_failed', 'The file could not be read', [{ path: 'file', code: 'validation.invalid' }])
  }
}

export const gedcomRoutes: FastifyPluginAsyncZod<{ service: GedcomService; maxBytes?: number }> = async (app, { service, maxBytes = limits.gedcomMaxBytes }) => {
  app.addHook('onRequest', app.authenticate)
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } })

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
      const owner = currentUser(request).id
      const { bytes, fileName } = await readFile(request, maxBytes)
      const preview = request.query.preview === '1' || request.query.preview === 'true'
      if (preview) return reply.status(200).send(await service.preview(bytes))
      const job = await service.startImport(owner, bytes, fileName)
      return reply.status(202).header('location', `/api/family-tree/gedcom/imports/${job.id}`).send({ job })
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
    async (request) => ({ job: await service.getImport(currentUser(request).id, request.params.id) }),
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
      const owner = currentUser(request).id
      if (format === 'gdz') {
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', 'attachment; filename="legado-gedcom-7.0.gdz"')
          .header('cache-control', 'private, no-store')
          .send(await service.exportGedzip(owner))
      }
      const chunks = await service.exportTree(owner, version)
      return reply
        .header('content-type', 'text/vnd.familysearch.gedcom; charset=utf-8')
        .header('content-disposition', `attachment; filename="legado-gedcom-${version}.ged"`)
        .send(Readable.from(chunks))
    },
  )
}
