import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { EVENTS, Server as TusServer, type Upload } from '@tus/server'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { mediaIdHeader, uploadMetadataSchema } from '../../../shared/contracts/media.ts'
import { isErrorBody, type ErrorBody, type ErrorCode } from '../../../shared/errors.ts'
import type { UploadStore } from '../../integrations/tus/create-upload-store.ts'
import { AppError } from '../../lib/app-error.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { fromZodIssues } from '../../lib/validation.ts'
import type { MediaService } from './media.service.ts'

/** The body type of tus requests: raw bytes of the file. */
const tusBodyType = 'application/offset+octet-stream'

/** Set by our route after the session check, never by the client (any sent value is dropped). */
const userHeader = 'x-legado-upload-user'

interface Options {
  service: MediaService
  /** Where unfinished uploads wait. */
  datastore: UploadStore
  maxUploadBytes: number
  /** Unfinished uploads older than this are swept away (checked every hour, or sooner for a short expiry). */
  expiryMs: number
  /** Unfinished uploads per person at once: each holds space on disk or in the bucket until it ends. */
  openUploads: AttemptLimiter
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The error code of a status the tus server answered with. */
function codeForStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 410: 'not_found', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'rate_limited' }
  return codes[status] ?? (status >= 500 ? 'internal' : 'validation_failed')
}

/** A tus hook's refusal, in our error model. */
function refusal(error: unknown): { status_code: number; body: string } {
  const appError =
    error instanceof AppError ? error : new AppError('internal', 'The upload could not be finished')
  const body: ErrorBody = { error: { code: appError.code, message: appError.message, ...(appError.details ? { details: appError.details } : {}) } }
  return { status_code: appError.status, body: JSON.stringify(body) }
}

function parseMetadata(upload: Upload) {
  const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {})
  if (!parsed.success) throw new AppError('validation_failed', 'Invalid upload metadata', fromZodIssues(parsed.error.issues))
  return parsed.data
}

/**
 * Resumable uploads (tus 1.0) at /api/uploads/ for signed-in users (issue 4 §2–3). An upload is
 * refused before its first byte if it is too large or its target is not the uploader's; when the
 * last byte arrives the media service stores it, and the answer names the new asset.
 */
export const mediaUploadRoutes: FastifyPluginAsync<Options> = async (app, { service, datastore, maxUploadBytes, expiryMs, openUploads }) => {
  const tus = new TusServer({
    path: '/api/uploads',
    datastore,
    maxSize: maxUploadBytes,
    respectForwardedHeaders: false,
    async onIncomingRequest(req, uploadId) {
      const user = req.headers.get(userHeader)
      if (!user) throw { status_code: 401, body: 'Sign in to upload' }
      if (!uploadId || req.method === 'POST') return
      // The owner is kept in the upload's own metadata, so any instance can check it and an
      // abandoned upload leaves nothing behind in memory.
      const owner = await datastore.getUpload(uploadId).then((u) => u.metadata?.ownerUserId, () => undefined)
      if (owner !== user) throw { status_code: 404, body: 'No such upload' }
    },
    async onUploadCreate(req, upload) {
      try {
        const user = req.headers.get(userHeader)!
        const metadata = parseMetadata(upload)
        await service.assertCanLink(user, metadata.linkedToType, metadata.linkedToId)
        if (upload.size !== undefined) await service.assertRoomFor(user, upload.size)
        await openUploads.take([user])
        return { metadata: { ...upload.metadata, ownerUserId: user } }
      } catch (error) {
        throw refusal(error)
      }
    },
    async onUploadFinish(req, upload) {
      const user = req.headers.get(userHeader)!
      try {
        const metadata = parseMetadata(upload)
        const bytes = await buffer(await datastore.read(upload.id))
        const asset = await service.completeUpload({ ownerId: user, fileName: metadata.filename, caption: metadata.caption, linkedToType: metadata.linkedToType, linkedToId: metadata.linkedToId, declaredType: metadata.filetype, bytes })
        // Only the header: a small file comes whole in its creating POST, whose answer must stay
        // 201 with its Location (the tus client refuses anything else); a PATCH answers 204 anyway.
        return { headers: { [mediaIdHeader]: asset.id } }
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error({ err: error }, 'finishing an upload failed')
        await datastore.remove(upload.id).catch(() => undefined)
        await openUploads.release([user]).catch(() => undefined)
        throw refusal(error)
      }
    },
  })
  // The finished upload's bytes now live in storage. They go only once the answer is written: the
  // tus server still reads the upload after this hook, when it was created with its data.
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    void datastore.remove(upload.id).catch(() => undefined)
    if (upload.metadata?.ownerUserId) void openUploads.release([upload.metadata.ownerUserId]).catch(() => undefined)
  })
  // An upload cancelled by its owner frees its place too.
  tus.on(EVENTS.POST_TERMINATE, (req) => {
    const user = req.headers.get(userHeader)
    if (user) void openUploads.release([user]).catch(() => undefined)
  })

  // Uploads abandoned half-way (a closed laptop, a lost connection) would otherwise stay on disk or
  // in the bucket for ever. Several instances may sweep at once: deleting twice is harmless.
  const sweep = async () => {
    try {
      const removed = await tus.cleanUpExpiredUploads()
      if (removed > 0) app.log.info({ removed }, 'expired unfinished uploads removed')
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping expired uploads failed')
    }
  }
  const sweeper = setInterval(() => void sweep(), Math.min(expiryMs, 60 * 60 * 1000))
  sweeper.unref()
  app.addHook('onClose', () => clearInterval(sweeper))

  // tus bodies are raw bytes: leave the stream for the tus server to read.
  app.addContentTypeParser(tusBodyType, (_request, _payload, done) => done(null))

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply)
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && name !== userHeader) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    headers.set(userHeader, request.sessionUser!.id)
    const hasBody = request.method === 'PATCH' || request.method === 'POST'
    const answer = await tus.handleWeb(
      new Request(`${request.protocol}://${request.host}${request.url}`, {
        method: request.method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit),
    )
    reply.status(answer.status)
    answer.headers.forEach((value, name) => void reply.header(name, value))
    const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null
    // Refusals leave in the error model: our hooks' already are; the tus server's own (a missing
    // Tus-Resumable, a wrong offset) are plain text and are put in it.
    if (answer.status >= 400) {
      const text = body?.toString('utf8').trim() ?? ''
      const error: ErrorBody = isErrorBody(parseJson(text)) ? (parseJson(text) as ErrorBody) : { error: { code: codeForStatus(answer.status), message: text || 'The upload request was refused' } }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(error))
    }
    return reply.send(body)
  }
  for (const url of ['/uploads', '/uploads/', '/uploads/*']) {
    app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, schema: { hide: true }, config: { bodyTypes: [tusBodyType] }, handler })
  }
}
