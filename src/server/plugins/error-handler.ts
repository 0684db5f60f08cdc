import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorBody, ErrorCode, FieldIssue } from '../../shared/errors.ts'
import { AppError, errorBodyOf } from '../lib/app-error.ts'
import { toFieldIssues } from '../lib/validation.ts'

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: FieldIssue[]) {
  const body: ErrorBody = { error: { code, message, ...(details?.length ? { details } : {}) } }
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}

/**
 * A write that lost a race with another: a unique or foreign key the other write took first
 * (PostgreSQL 23505/23503, SQLite's constraint codes), or a transaction PostgreSQL could not
 * serialise (40001) or broke a deadlock with (40P01). The person's request met a changed world:
 * 409, to be tried again, never a 500.
 */
function isLostRace(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return (
    typeof code === 'string' &&
    (['23505', '23503', '40001', '40P01'].includes(code) || ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(code))
  )
}

/** Fastify's own client errors, mapped onto our codes. */
const fastifyCodes: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'validation_failed' },
}

/**
 * One error shape everywhere (docs/style.md#errors): every failure answers `{ error: { code, message, details? } }`. Bad input
 * is a 400 with field paths, never a 500; unexpected errors are logged with the request id and
 * their text is hidden.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers)
      if (error.status >= 500) request.log.error({ err: error }, error.message)
      return reply.status(error.status).type('application/json; charset=utf-8').send(errorBodyOf(error))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = toFieldIssues(
        error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          kind: issue.keyword,
          message: issue.message ?? '',
          isMissing: issue.keyword === 'invalid_type' && / received undefined$/.test(issue.message ?? ''),
        })),
      )
      return send(reply, 400, 'validation_failed', 'Request validation failed', details)
    }
    if (isLostRace(error)) {
      request.log.warn({ err: error }, 'a write lost a race with another')
      return send(reply, 409, 'conflict', 'This changed at the same time elsewhere; try again')
    }
    const known = error.code ? fastifyCodes[error.code] : undefined
    if (known?.code === 'payload_too_large') {
      // The route's own limit when it set one, else the server's: the person is told which.
      const body: ErrorBody = { error: { code: known.code, message: error.message, maxBytes: request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit } }
      return reply.status(known.status).type('application/json; charset=utf-8').send(body)
    }
    if (known) return send(reply, known.status, known.code, error.message)
    if (error.statusCode === 429) return send(reply, 429, 'rate_limited', 'Too many requests')
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, error.statusCode === 404 ? 'not_found' : 'validation_failed', error.message)
    }
    request.log.error({ err: error }, 'unexpected error')
    return send(reply, 500, 'internal', 'Something went wrong on our side')
  })
})
