import { errorStatus, type ErrorBody, type ErrorCode, type FieldIssue } from '../../shared/errors.ts'

/** The one error type services throw; the error-handler plugin turns it into the HTTP answer. */
export class AppError extends Error {
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers: Record<string, string> = {},
    /** With `payload_too_large`: the limit of the route that refused. */
    readonly maxBytes?: number,
    /** With `conflict` from a stale edit: the thing as stored now. */
    readonly current?: unknown,
  ) {
    super(message)
    this.name = 'AppError'
    this.status = errorStatus[code]
  }
}

/**
 * An error that crossed from a worker thread as its copy: a plain Error keeping the name and own
 * fields (code, details…) but not the class. One of ours becomes an AppError again, so its answer
 * is the one it was thrown with instead of a 500; any other is answered as it came.
 */
export function reviveAppError(error: Error): Error {
  if (error instanceof AppError || error.name !== 'AppError') return error
  const copy = error as Error & Partial<Pick<AppError, 'code' | 'details' | 'headers' | 'maxBytes' | 'current'>>
  if (typeof copy.code !== 'string' || !Object.hasOwn(errorStatus, copy.code)) return error
  return new AppError(copy.code, error.message, copy.details, copy.headers ?? {}, copy.maxBytes, copy.current)
}

/** A file or body larger than this route takes; the answer names the limit (`maxBytes`). */
export function payloadTooLarge(maxBytes: number, message: string): AppError {
  return new AppError('payload_too_large', message, undefined, {}, maxBytes)
}

/** The error model's body for an error of ours. */
export function errorBodyOf(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details?.length ? { details: error.details } : {}),
      ...(error.maxBytes === undefined ? {} : { maxBytes: error.maxBytes }),
      ...(error.current === undefined ? {} : { current: error.current }),
    },
  }
}

/**
 * An edit made on what was read before someone else's change (its `expectedUpdatedAt` is no longer
 * the stored one): 409 `conflict` with the thing as stored now, so nothing is overwritten unseen.
 */
export function staleEdit(what: string, current: unknown): AppError {
  return new AppError('conflict', `${what} changed since it was read; nothing was saved`, undefined, {}, undefined, current)
}

export function notFound(what: string): AppError {
  return new AppError('not_found', `${what} not found`)
}

/** A `validation_failed` for one field, for rules a schema cannot express. */
export function invalidField(path: string, code: FieldIssue['code'], message: string): AppError {
  return new AppError('validation_failed', message, [{ path, code }])
}
