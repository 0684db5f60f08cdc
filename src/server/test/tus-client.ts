import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { as, type TestUser } from './test-app.ts'

export const tusHeaders = { 'tus-resumable': '1.0.0' }

/** The tus `Upload-Metadata` header: keys with base64 values. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}

/** A minimal tus 1.0 client over `app.inject`, as the browser's tus-js-client speaks it. */
export function tusClient(app: FastifyInstance, user: TestUser) {
  const request = as(app, user)
  return {
    create: (length: number, metadata: Record<string, string>) =>
      request({ method: 'POST', url: '/api/uploads/', headers: { ...tusHeaders, 'upload-length': String(length), 'upload-metadata': encodeMetadata(metadata) } }),
    /** A small file sent whole in its creating request (tus creation-with-upload), as tus-js-client does for files up to one chunk. */
    createWithData: (bytes: Buffer, metadata: Record<string, string>) =>
      request({
        method: 'POST',
        url: '/api/uploads/',
        headers: { ...tusHeaders, 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata(metadata), 'content-type': 'application/offset+octet-stream' },
        payload: bytes,
      }),
    patch: (location: string, offset: number, bytes: Buffer): Promise<LightMyRequestResponse> =>
      request({
        method: 'PATCH',
        url: new URL(location, 'http://localhost').pathname,
        headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: bytes,
      }),
    head: (location: string) => request({ method: 'HEAD', url: new URL(location, 'http://localhost').pathname, headers: tusHeaders }),
  }
}
