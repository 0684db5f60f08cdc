import { errorStatus, type ErrorCode, type FieldIssue } from '../../shared/errors.ts'

/** The one error type services throw; the error-handler plugin turns it into the HTTP answer. */
export class AppError extends Error {
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.status = errorStatus[code]
  }
}

export function notFound(what: string): AppError {
  return new AppError('not_found', `${what} not found`)
}

/** A `validation_failed` for one field, for rules a schema cannot express. */
export function invalidField(path: string, code: FieldIssue['code'], message: string): AppError {
  return new AppError('validation_failed', message, [{ path, code }])
}
