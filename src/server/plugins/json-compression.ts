import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Up to this size a body is compressed at once on the event loop (a list of 200 dreams takes
 * about 0.2 ms): Node's asynchronous zlib hands the work to its thread pool in 16 KiB chunks and
 * cost half as much again in all. Larger bodies go to the pool, so no request waits long behind one.
 */
const inlineLimit = 256 * 1024

/** `body` compressed the way every JSON answer of the API is (`size` is its length in bytes). */
export function compress(encoding: Encoding, body: string | Buffer, size: number): Buffer | Promise<Buffer> {
  if (encoding === 'br') {
    const options: BrotliOptions = {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }
    return size <= inlineLimit ? brotliCompressSync(body, options) : brotli(body, options)
  }
  const options: ZlibOptions = { level: 6 }
  return size <= inlineLimit ? gzipSync(body, options) : gzipAsync(body, options)
}

/** Below this, the headers and the compressor's own cost outweigh what compression saves. */
export const minCompressedBytes = 1024

export type Encoding = 'br' | 'gzip'

/**
 * The encoding to answer with for an Accept-Encoding header: the one with the highest weight,
 * brotli on a tie; none when neither is accepted (`q=0` refuses one, `*` stands for both).
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const weights = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0
  const [br, gz] = [weightOf('br'), weightOf('gzip')]
  if (br <= 0 && gz <= 0) return undefined
  return br >= gz ? 'br' : 'gzip'
}

/**
 * JSON answers of the API, compressed by Accept-Encoding (a list of 200 dreams shrinks about ten
 * times). Only whole JSON bodies: a stream (SSE events that must leave one by one, media bytes
 * served by Range, an export) passes untouched, and the tus routes write their own answers.
 * Brotli at quality 4 and gzip at level 6 cost about as much as serialising the JSON did; the
 * higher brotli levels are for files compressed once at build time, not for each request.
 */
export const jsonCompressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload
    const size = Buffer.byteLength(payload)
    if (size < minCompressedBytes) return payload
    const vary = reply.getHeader('vary')
    if (!vary) reply.header('vary', 'Accept-Encoding')
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`)
    const encoding = chooseEncoding(request.headers['accept-encoding'])
    if (!encoding) return payload
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    return compress(encoding, payload, size)
  })
})
