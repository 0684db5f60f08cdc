import type { MediaLinkType } from '../../../shared/media-path.ts'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { EVENTS, Server as TusServer, type Upload } from '@tus/server'
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { NodeRequest } from 'srvx/node'
import { mediaIdHeader, uploadMetadataSchema } from '../../../shared/contracts/media.ts'
import { isErrorBody, type ErrorBody, type ErrorCode } from '../../../shared/errors.ts'
import { isAudioOrVideo, largestUpload, type UploadLimits } from '../../../shared/upload-limits.ts'
import { localFileOf, type UploadStore, watchLocalWrites } from '../../integrations/tus/create-upload-store.ts'
import { AppError, errorBodyOf, payloadTooLarge } from '../../lib/app-error.ts'
import { pathOfNul } from '../../plugins/text-input.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { fromZodIssues } from '../../lib/validation.ts'
import { sniffedBytes } from './media-type.ts'
import type { MediaService } from './media.service.ts'
import { createUploadDigests } from './upload-digests.ts'
import type { UploadIds } from './upload-ids.ts'
import { createUploadSessions } from './upload-sessions.ts'

/** The body type of tus requests: raw bytes of the file. */
const tusBodyType = 'application/offset+octet-stream'

/** The signed-in uploader of each request the tus server handles, set by our route after the session check. */
const uploaders = new WeakMap<IncomingMessage, string>()

/** Work a tus event started that the request's answer must wait for (a cancelled upload's quota given back). */
const settling = new WeakMap<IncomingMessage, Promise<unknown>>()

/** Node's own request under the one the tus server's hooks see (srvx wraps it). */
function nodeRequestOf(req: Request): IncomingMessage | undefined {
  return (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
}

/** The uploader of a request as the tus server's hooks see it. */
function uploaderOf(req: Request): string | undefined {
  const node = nodeRequestOf(req)
  return node ? uploaders.get(node) : undefined
}

interface Options {
  service: MediaService
  /** Upload ids that name their owner, so each chunk's request is checked without a read. */
  uploadIds: UploadIds
  /** How long a verified session lets an upload's chunks through without checking it again. */
  sessionRecheckMs: number
  /** Where unfinished uploads wait. */
  datastore: UploadStore
  /** What each kind of file may weigh; the real type, found when the last byte arrives, decides. */
  uploadLimits: UploadLimits
  /** Unfinished uploads older than this are swept away (checked every hour, or sooner for a short expiry). */
  expiryMs: number
  /** Unfinished uploads per person at once: each holds space on disk or in the bucket until it ends. */
  openUploads: AttemptLimiter
  /**
   * Whose file an upload becomes: a memory's is its author's; a member's or an interview's is the
   * tree's (its holder's), refused when the uploader's role there adds nothing.
   */
  ownerFor(uploaderId: string, linkedToType: MediaLinkType): Promise<string>
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
  const codes: Record<number, ErrorCode> = {
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    410: 'not_found',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
  }
  return codes[status] ?? (status >= 500 ? 'internal' : 'validation_failed')
}

/** A tus hook's refusal, in our error model. */
function refusal(error: unknown): { status_code: number; body: string } {
  const appError = error instanceof AppError ? error : new AppError('internal', 'The upload could not be finished')
  return { status_code: appError.status, body: JSON.stringify(errorBodyOf(appError)) }
}

function parseMetadata(upload: Upload) {
  // The metadata is base64 in a header: the body's NUL check never sees it.
  const nul = pathOfNul(upload.metadata ?? {})
  if (nul !== undefined) throw new AppError('validation_failed', 'Upload metadata may not hold a NUL character', [{ path: nul, code: 'validation.invalid' }])
  const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {})
  if (!parsed.success) throw new AppError('validation_failed', 'Invalid upload metadata', fromZodIssues(parsed.error.issues))
  return parsed.data
}

/**
 * Resumable uploads (tus 1.0) at /api/uploads/ for signed-in users. An upload is
 * refused before its first byte if it is too large or its target is not the uploader's; when the
 * last byte arrives the media service stores it, and the answer names the new asset.
 */
export const mediaUploadRoutes: FastifyPluginAsync<Options> = async (app, { service, uploadIds, sessionRecheckMs, datastore, uploadLimits, expiryMs, openUploads, ownerFor }) => {
  const maxUploadBytes = largestUpload(uploadLimits)
  const uploadSessions = createUploadSessions({ recheckMs: sessionRecheckMs })
  // On local disk each chunk is hashed and checked as it passes on to the file, so the finished
  // upload is linked into media storage without being read again.
  const digests = createUploadDigests({ headLength: sniffedBytes })
  const digesting = watchLocalWrites(datastore, (id, offset, bytes) => digests.watch(id, offset, bytes))
  const uploadPath = new RegExp(`^${app.prefix}/uploads(?:/([^/?#]*))?$`)
  const tus = new TusServer({
    path: '/api/uploads',
    // The id from the path the route checked, never the last segment of a longer one.
    getFileIdFromRequest: (req) => {
      const id = uploadPath.exec(new URL(req.url).pathname)?.[1]
      return id ? decodeURIComponent(id) : undefined
    },
    datastore,
    maxSize: maxUploadBytes,
    respectForwardedHeaders: false,
    // The uploader is the app's own page: no other origin is ever allowed, so no answer carries
    // Access-Control-Allow-Origin (the tus server's default is `*`).
    allowedOrigins: () => false,
    // A path, not a URL: right behind any proxy, whatever scheme and host the browser used.
    relativeLocation: true,
    namingFunction: (req) => {
      const user = uploaderOf(req)!
      const id = uploadIds.create(user)
      // The creating request's session was just verified: the first chunks need not be.
      uploadSessions.remember(id, req.headers.get('cookie') ?? undefined, user, req.headers.get('origin') ?? undefined)
      return id
    },
    async onUploadCreate(req, upload) {
      try {
        const user = uploaderOf(req)!
        const metadata = parseMetadata(upload)
        // A photo or document declared larger than its limit goes no further; a file declared as
        // audio or video (or as nothing) may take the larger one until its bytes say what it is.
        if (upload.size !== undefined && upload.size > uploadLimits.fileBytes && metadata.filetype && !isAudioOrVideo(metadata.filetype)) {
          throw payloadTooLarge(uploadLimits.fileBytes, `Files of this kind are limited to ${uploadLimits.fileBytes} bytes`)
        }
        const owner = await ownerFor(user, metadata.linkedToType)
        await service.assertCanLink(owner, metadata.linkedToType, metadata.linkedToId)
        // The declared length is held in the quota at once, so uploads created together cannot
        // overshoot it; one created without a length is checked when it is stored.
        if (upload.size !== undefined) await service.reserveUpload(owner, upload.id, upload.size)
        try {
          await openUploads.take([user])
        } catch (error) {
          await service.releaseUpload(upload.id)
          throw error
        }
        // Written last, over anything the client sent under those names; kept with the upload.
        return { metadata: { ...upload.metadata, ownerUserId: user, treeOwnerId: owner } }
      } catch (error) {
        throw refusal(error)
      }
    },
    async onUploadFinish(req, upload) {
      const user = uploaderOf(req)!
      try {
        const metadata = parseMetadata(upload)
        const assetId = await service.completeUpload({
          ownerId: upload.metadata?.treeOwnerId ?? user,
          authorId: user,
          fileName: metadata.filename,
          caption: metadata.caption,
          linkedToType: metadata.linkedToType,
          linkedToId: metadata.linkedToId,
          declaredType: metadata.filetype,
          size: upload.offset,
          read: async () => datastore.read(upload.id),
          file: localFileOf(datastore, upload.id),
          received: digesting ? digests.take(upload.id, upload.offset) : undefined,
          uploadId: upload.id,
        })
        // Only the header: a small file comes whole in its creating POST, whose answer must stay
        // 201 with its Location (the tus client refuses anything else); a PATCH answers 204 anyway.
        return { headers: { [mediaIdHeader]: assetId } }
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error({ err: error }, 'finishing an upload failed')
        uploadSessions.forget(upload.id)
        digests.forget(upload.id)
        await datastore.remove(upload.id).catch(() => undefined)
        await openUploads.release([user]).catch(() => undefined)
        await service.releaseUpload(upload.id).catch(() => undefined)
        throw refusal(error)
      }
    },
  })
  // The finished upload's bytes now live in storage. They go only once the answer is written: the
  // tus server still reads the upload after this hook, when it was created with its data.
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    uploadSessions.forget(upload.id)
    void datastore.remove(upload.id).catch(() => undefined)
    if (upload.metadata?.ownerUserId) void openUploads.release([upload.metadata.ownerUserId]).catch(() => undefined)
  })
  // An upload cancelled by its owner frees its place and its bytes of the quota too.
  tus.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
    uploadSessions.forget(id)
    digests.forget(id)
    // Given back before the answer leaves: an upload started right after the cancel has the room.
    const released = service.releaseUpload(id).catch(() => undefined)
    const node = nodeRequestOf(req)
    if (node) settling.set(node, released)
    const user = uploaderOf(req)
    if (user) void openUploads.release([user]).catch(() => undefined)
  })

  // Uploads abandoned half-way (a closed laptop, a lost connection) would otherwise stay on disk or
  // in the bucket for ever. Several instances may sweep at once: deleting twice is harmless.
  const sweep = async () => {
    digests.forgetIdle(expiryMs)
    try {
      const removed = await tus.cleanUpExpiredUploads()
      if (removed > 0) app.log.info({ removed }, 'expired unfinished uploads removed')
      await service.releaseExpiredUploads()
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping expired uploads failed')
    }
  }
  const sweeper = setInterval(() => void sweep(), Math.min(expiryMs, 60 * 60 * 1000))
  sweeper.unref()
  app.addHook('onClose', () => clearInterval(sweeper))

  // tus bodies are raw bytes: leave the stream for the tus server to read.
  app.addContentTypeParser(tusBodyType, (_request, _payload, done) => done(null))

  /** Whether an upload in progress is the person's: by its id's signature, or for an older id by its record. */
  async function isOwnUpload(id: string, user: string): Promise<boolean> {
    const signed = uploadIds.isOwnedBy(id, user)
    if (signed !== undefined) return signed
    return (
      (await datastore.getUpload(id).then(
        (u) => u.metadata?.ownerUserId,
        () => undefined,
      )) === user
    )
  }

  /**
   * The tus server reads the request's body and writes its answer on Node's own objects: no
   * conversion of every chunk into a WHATWG stream and back.
   */
  async function serve(req: IncomingMessage, res: ServerResponse, user: string, log: FastifyBaseLogger) {
    uploaders.set(req, user)
    res.setHeader('cache-control', 'no-store')
    try {
      const answer = await tus.handleWeb(new NodeRequest({ req, res }))
      await settling.get(req)
      await send(res, answer, maxUploadBytes)
    } catch (error) {
      log.error({ err: error }, 'an upload request failed')
      if (!res.headersSent) await send(res, new Response('The upload request failed', { status: 500 }), maxUploadBytes)
      else res.destroy()
    }
  }

  /** The headers Fastify's hooks add to every answer of these routes (security headers), once seen. */
  let hookHeaders: [string, string | number | string[]][] | undefined

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Exactly `/api/uploads/` or `/api/uploads/<id>`: the id checked here must be the one the tus
    // server acts on, and it would take the last segment of anything longer (`<mine>/<theirs>`,
    // `<mine>?x=/<theirs>`).
    const path = uploadPath.exec(request.url)
    if (!path) throw new AppError('not_found', 'No such upload')
    const uploadId = path[1] === undefined ? undefined : decodeURIComponent(path[1])
    if (uploadId === undefined && request.method !== 'POST' && request.method !== 'OPTIONS') throw new AppError('not_found', 'No such upload')
    if (uploadId?.includes('/')) throw new AppError('not_found', 'No such upload')
    // A chunk of an upload whose session was verified lately, with the same cookie, goes on
    // without the session's query; everything else checks the session (one signature check and
    // one indexed query) and ownership from the upload's id, without a read.
    const { cookie, origin } = request.headers
    const isChunk = uploadId !== undefined && (request.method === 'PATCH' || request.method === 'HEAD')
    let user = isChunk ? uploadSessions.uploaderOf(uploadId, cookie, origin) : undefined
    if (user === undefined) {
      await app.authenticate(request, reply)
      user = request.sessionUser!.id
      if (uploadId !== undefined && request.method !== 'POST' && !(await isOwnUpload(uploadId, user))) {
        throw new AppError('not_found', 'No such upload')
      }
      if (isChunk) uploadSessions.remember(uploadId, cookie, user, origin)
    }
    // Fastify's hooks do not see the tus server's answer: the headers they would add are carried.
    reply.hijack()
    const headers = Object.entries(reply.getHeaders()).filter((header): header is [string, string | number | string[]] => header[1] !== undefined)
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    // A renewed session cookie belongs to this answer alone.
    hookHeaders ??= headers.filter(([name]) => name !== 'set-cookie')
    await serve(request.raw, reply.raw, user, request.log)
  }

  // The chunks of an upload under way (a PATCH every 256 KiB) go before Fastify's router when the
  // upload's session was verified lately for the very same Cookie and Origin headers, on a request
  // that passed every hook: the router, the hooks and the request objects cost a chunk as much
  // again as the tus server's own work. Anything else, or a chunk that differs in any of these,
  // takes the route below as before, and so do all requests while the server closes.
  const chunkPath = new RegExp(`^${app.prefix}/uploads/([0-9a-f]{32}-[0-9a-f]{32})$`)
  let isClosing = false
  app.addHook('onClose', () => {
    isClosing = true
  })
  const serveChunk = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'PATCH' || isClosing || !hookHeaders) return false
    const id = chunkPath.exec(req.url ?? '')?.[1]
    if (id === undefined || req.headers['content-type']?.toLowerCase() !== tusBodyType) return false
    // The origin check's rule for a request without Origin; one with Origin must bear the one let through.
    const site = req.headers['sec-fetch-site']
    if (req.headers.origin === undefined && (site === 'cross-site' || site === 'same-site')) return false
    const user = uploadSessions.uploaderOf(id, req.headers.cookie, req.headers.origin)
    if (user === undefined) return false
    for (const [name, value] of hookHeaders) res.setHeader(name, value)
    void serve(req, res, user, app.log)
    return true
  }
  const [route] = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  if (route) {
    app.server.removeListener('request', route)
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!serveChunk(req, res)) route(req, res)
    })
  }
  for (const url of ['/uploads', '/uploads/', '/uploads/*']) {
    app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, schema: { hide: true }, config: { bodyTypes: [tusBodyType], isOwnOriginOnly: true }, handler })
  }
}

/**
 * Writes the tus server's answer. Refusals leave in the error model: our hooks' already are; the
 * tus server's own (a missing Tus-Resumable, a wrong offset) are plain text and are put in it.
 */
async function send(res: ServerResponse, answer: Response, maxUploadBytes: number) {
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    headers[name] = value
  })
  const text = answer.body ? await answer.text() : ''
  if (answer.status >= 400) {
    const parsed = parseJson(text.trim())
    const code = codeForStatus(answer.status)
    // The tus server's own size refusal names the limit, as ours do.
    const limit = code === 'payload_too_large' ? { maxBytes: maxUploadBytes } : {}
    const error: ErrorBody = isErrorBody(parsed) ? parsed : { error: { code, message: text.trim() || 'The upload request was refused', ...limit } }
    const body = JSON.stringify(error)
    res.writeHead(answer.status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) })
    await new Promise<void>((resolve) => res.end(body, resolve))
    return
  }
  res.writeHead(answer.status, headers)
  await new Promise<void>((resolve) => res.end(text || undefined, resolve))
}
