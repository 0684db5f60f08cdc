import { vi } from 'vitest'
import type { Me } from '../../shared/contracts/account.ts'

/** A JSON answer as our API sends it, for tests that stand in for the server with `fetch` spies. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A request as a fake API saw it; `body` is the JSON the app sent, if any. */
export interface RecordedRequest {
  method: string
  path: string
  body: unknown
}

/** An answer a test puts in place of the fake's own: a failure, or a promise held open. */
export type Answer = () => Response | Promise<Response>

/** The path and query the app asked for, as it gave them to `fetch`. */
function requestPath(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url
}

/**
 * Stands in for our API with a spied `fetch`: records every request, answers it with what
 * `answerNext` queued for it, if anything, and otherwise with `route` (`url` is the path read
 * against a dummy origin, for its pathname and query).
 */
export function fakeApi(route: (request: RecordedRequest, url: URL) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = []
  const overrides = new Map<string, Answer[]>()
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET'
    const path = requestPath(input)
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { method, path, body }
    requests.push(request)
    const override = overrides.get(`${method} ${path}`)?.shift() ?? overrides.get(`* ${path}`)?.shift()
    if (override) return override()
    return route(request, new URL(path, 'http://legado.test'))
  })

  return {
    requests,
    /** The `fetch` spy, for tests that look at its calls. */
    fetch,
    /** The requests of one route, e.g. `POST /api/ai-lab/memories`. */
    requestsTo: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
    /** Queues the answer to the next request to `path` with `method`; `*` stands for any method. */
    answerNext: (method: string, path: string, answer: Answer) => {
      const key = `${method} ${path}`
      overrides.set(key, [...(overrides.get(key) ?? []), answer])
    },
  }
}

/** The signed-in user of component tests. */
export function testMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'rosa@example.com',
    displayName: 'Rosa',
    birthDate: null,
    familyRelation: '',
    preferredLanguage: 'es',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** A promise the test settles by hand, to look at a pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}
