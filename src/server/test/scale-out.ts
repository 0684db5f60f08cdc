import { randomInt } from 'node:crypto'
import { createS3Client, createS3Storage } from '../integrations/storage/s3-storage.ts'
import type { TestS3 } from './s3-server.ts'

/** The shared services of a scale-out deployment: the tests that need them skip without them. */
export const scaleOutServices = { postgresUrl: process.env.TEST_POSTGRES_URL, redisUrl: process.env.TEST_REDIS_URL }
export const canScaleOut = Boolean(scaleOutServices.postgresUrl && scaleOutServices.redisUrl)

/**
 * What every instance of one deployment is started with: the same Redis, bucket and secret, and
 * one load balancer in front of them all, which names the client's address.
 */
export function scaleOutSettings(s3: TestS3): Record<string, string> {
  return {
    REDIS_URL: scaleOutServices.redisUrl!,
    ...s3.settings,
    AUTH_SECRET: 'a-shared-test-secret-of-at-least-32-characters',
    TRUST_PROXY: '1',
  }
}

/** Where one running instance listens. */
export interface Listening {
  base: string
}

/** A request to `instance` over HTTP, as a browser on the app's own page sends it. */
export function send(
  instance: Listening,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; headers?: Record<string, string>; body?: Uint8Array | FormData } = {},
) {
  const headers: Record<string, string> = { origin: instance.base, ...init.headers }
  if (init.cookie) headers.cookie = init.cookie
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${instance.base}${path}`, {
    method: init.method ?? (init.json === undefined && !init.body ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  })
}

/** The `name=value` pairs an answer sets, ready for a Cookie header. */
export function cookiesOf(answer: Response): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** An address of this run only, as the load balancer in front names the client: counters live on in the shared Redis. */
export function someAddress(): string {
  return `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`
}

/** A GEDCOM file as a browser's form sends it to `POST /api/family-tree/gedcom`. */
export function gedcomForm(text: string, fileName = 'familia.ged'): FormData {
  const form = new FormData()
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), fileName)
  return form
}

/** The keys the deployment's bucket holds under `prefix`. */
export async function objectsIn(s3: TestS3, prefix: string): Promise<string[]> {
  const client = createS3Client({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials })
  try {
    const keys: string[] = []
    for await (const key of createS3Storage(client, s3.bucket).list(prefix)) keys.push(key)
    return keys
  } finally {
    client.destroy()
  }
}
