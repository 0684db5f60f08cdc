import { isErrorBody, type ErrorCode, type FieldIssue } from '../../shared/errors.ts'

/** Codes the browser itself can produce, beside the server's `ErrorCode`s. */
export type ClientErrorCode = ErrorCode | 'network_error'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly details: FieldIssue[] = [],
    /** With `payload_too_large`: the most the refusing route takes. */
    readonly maxBytes?: number,
    /** With `conflict` from a stale edit: the thing as stored now, unchecked (the feature reads it with its schema). */
    readonly current?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** The first field issue of `path`, if the server named one. */
  fieldCode(path: string): string | undefined {
    return this.details.find((issue) => issue.path === path)?.code
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

/**
 * Reads started before the code that needs them had loaded, by path, until that code asks: their
 * answers unread, so the code reads them as it reads any (`apiFetch` parses it, `apiFetchBytes`
 * hands its bytes to a worker).
 */
const earlyReads = new Map<string, Promise<Response>>()

/** The early read of `path`, once: later reads of it go to the server. */
function takeEarlyRead(path: string): Promise<Response> | undefined {
  const early = earlyReads.get(path)
  earlyReads.delete(path)
  return early
}

/**
 * Starts the GETs a page is known to make at once (its route's `requests`), while its code is
 * still loading: the first `apiFetch` of each path then takes that answer, arrived or on its way,
 * instead of asking again. Later reads of the same path go to the server as usual, and so does
 * every read after a write (signing in, for one, changes what they would answer).
 */
export function startEarlyReads(paths: readonly string[]): void {
  for (const path of paths) {
    if (earlyReads.has(path)) continue
    const read = send(path, 'GET', false, {})
    read.catch(() => undefined) // the code that takes it sees the failure; nobody may take it
    earlyReads.set(path, read)
  }
}

/** Whether a read of `path` was started early and not yet taken (`apiFetchBytes` would take it). */
export const hasEarlyRead = (path: string): boolean => earlyReads.has(path)

/**
 * JSON request to our own API. Resolves with the parsed body (undefined for 204) and rejects with
 * an `ApiError` carrying the server's stable code, so screens can show `t('errors.<code>')`.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  // A DELETE carries a body only when it has something to say (the password that erases an account).
  const hasBody = method !== 'GET' && (method !== 'DELETE' || options.body !== undefined)
  if (method !== 'GET') earlyReads.clear()
  const response = await ((method === 'GET' ? takeEarlyRead(path) : undefined) ?? send(path, method, hasBody, options))
  if (response.status === 204) return undefined as T
  return (await response.json().catch(() => undefined)) as T
}

/**
 * A GET's JSON answer as bytes, unparsed, failing as `apiFetch` fails: for an answer parsed
 * elsewhere than on the page's main thread (the tree's index of names, in a worker).
 */
export async function apiFetchBytes(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<ArrayBuffer> {
  return (await (takeEarlyRead(path) ?? send(path, 'GET', false, options))).arrayBuffer()
}

/** The request, answered `ok`; anything else rejects with the `ApiError` it stands for. */
async function send(path: string, method: NonNullable<RequestOptions['method']>, hasBody: boolean, options: RequestOptions): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network_error', 'The server could not be reached')
  }
  if (!response.ok) throw await apiErrorFrom(response)
  return response
}

/**
 * The `ApiError` of a failed answer, read from its `{ error: { code, message, details } }` body;
 * for other callers of `fetch` (e.g. a stream) that must fail the way `apiFetch` does.
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined)
  if (isErrorBody(payload)) {
    return new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details, payload.error.maxBytes, payload.error.current)
  }
  return new ApiError(response.status, response.status >= 500 ? 'internal' : 'validation_failed', response.statusText)
}
