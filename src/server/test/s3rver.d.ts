// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    configureBuckets?: { name: string }[]
  }

  /** The Koa context s3rver's middleware sees (the part the ListParts shim needs). */
  export interface S3rverContext {
    method: string
    path: string
    query: Record<string, string | undefined>
    status: number
    body: unknown
    type: string
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    /** Koa's middleware stack. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[]
    /** Resolves with the address it listens on. */
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
