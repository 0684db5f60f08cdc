import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Up to this size a body is compressed at once on the event loop (a list of 200 dreams takes
 * about 0.2 ms): Node's asynchronous zlib hands the work to its thread pool in 16 KiB chunks and
 * cost half as much again in all. Larger bodies go to the pool, so no request waits long behind one.
 */
const inlineLimit = 256 * 1024

const brotliOptions = (size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
})
const gzipOptions: ZlibOptions = { level: 6 }

/** `body` compressed the way every JSON answer of the API is (`size` is its length in bytes). */
export function compress(encoding: Encoding, body: string | Buffer, size: number): Buffer | Promise<Buffer> {
  if (encoding === 'br') return size <= inlineLimit ? brotliCompressSync(body, brotliOptions(size)) : brotli(body, brotliOptions(size))
  return size <= inlineLimit ? gzipSync(body, gzipOptions) : gzipAsync(body, gzipOptions)
}

/** Past this size a JSON answer made in chunks is sent as them, not joined first. */
const joinedLimit = 4 * 1024 * 1024

/**
 * A JSON answer made in chunks (`pacedJsonChunks`): a small one joined and compressed like any
 * other; a large one (a tree of 100,000 people is about a hundred megabytes) streamed, through a
 * compressing stream when the client accepts one, since joining it, or compressing it in one
 * call, would each be a long task of their own.
 */
export function sendJsonChunks(request: FastifyRequest, reply: FastifyReply, chunks: Buffer[]): FastifyReply {
  reply.type('application/json; charset=utf-8')
  const size = chunks.reduce((total, chunk) => total + chunk.length, 0)
  // A Buffer is sent as it is: the type provider only knows the object the route's schema describes.
  if (size <= joinedLimit) return reply.send(Buffer.concat(chunks) as never)
  reply.header('vary', 'Accept-Encoding')
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  const body = Readable.from(chunks)
  if (!encoding) return reply.header('content-length', size).send(body as never)
  reply.header('content-encoding', encoding)
  return reply.send(body.pipe(encoding === 'br' ? createBrotliCompress(brotliOptions(size)) : createGzip(gzipOptions)) as never)
}

/**
 * `sendJsonChunks` for chunks made as they are asked for (`pacedJsonStream`): the first 4 MiB are
 * gathered, and an answer that ends within them is sent as `sendJsonChunks` sends it; a larger one
 * goes out as it is made, through the compressor the client accepts, never held whole (a tree of
 * 100,000 people would be 90 MiB of buffers kept at once, and the collector's pauses with them).
 */
export async function sendJsonStream(request: FastifyRequest, reply: FastifyReply, stream: AsyncIterator<Buffer> & AsyncIterable<Buffer>): Promise<FastifyReply> {
  const first: Buffer[] = []
  let size = 0
  while (size <= joinedLimit) {
    const next = await stream.next()
    if (next.done) return sendJsonChunks(request, reply, first)
    first.push(next.value)
    size += next.value.length
  }
  async function* rest(): AsyncGenerator<Buffer, void, undefined> {
    yield* first.splice(0)
    yield* stream
  }
  reply.type('application/json; charset=utf-8')
  reply.header('vary', 'Accept-Encoding')
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  const body = Readable.from(rest())
  if (!encoding) return reply.send(body as never)
  reply.header('content-encoding', encoding)
  return reply.send(body.pipe(encoding === 'br' ? createBrotliCompress(brotliOptions(joinedLimit)) : createGzip(gzipOptions)) as never)
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
