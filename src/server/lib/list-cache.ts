import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { chooseEncoding, compress, minCompressedBytes, type Encoding } from '../plugins/json-compression.ts'

type BodyEncoding = Encoding | 'identity'

interface Entry {
  version: string
  /** The answer's bytes in each encoding asked for so far (identity only when someone asked for it). */
  bodies: Map<BodyEncoding, Buffer>
  bytes: number
  /** The length of the JSON text, once built. */
  jsonBytes?: number
}

export interface ListAnswer<T> {
  ownerId: string
  /** The list's name, as the version table knows it (`dreams`). */
  collection: string
  /**
   * The owner's version of the list, read from the database before the list itself (a write
   * between the two then leaves a newer list under an older version, never the reverse); null
   * when the list has none yet, and is then built each time.
   */
  version: string | null
  /** The answer's body, built from the database: called only when no copy of `version` is kept. */
  load(): Promise<T>
  /**
   * The body's JSON text, for a body too large for the route's serializer (which checks it
   * against the schema in one go: the tests check such answers instead). The route's serializer
   * when absent.
   */
  toJson?(body: T): Promise<Buffer>
}

/** What a cached body costs beyond its bytes (the entry, its maps, its key). */
const entryOverhead = 256

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const wanted = etag.slice(2)
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === wanted
  })
}

/**
 * The answers of owner-scoped lists, kept serialised and compressed (brotli, gzip, or as they
 * are, by what each client accepts) for as long as the owner's list version in the database stays
 * the same, within `maxBytes` (the least recently read go first). The version is the `ETag`, so
 * a client that kept its copy gets 304. Nothing here can go stale on its own: every answer is
 * keyed by the version read for this request, and the database replaces the version with every
 * write to the list.
 */
export function createListCache({ maxBytes }: { maxBytes: number }) {
  /** One entry per owner and list: a new version replaces the old one, which nobody asks for again. */
  const entries = new Map<string, Entry>()
  /** Bodies being built: readers of the same version at the same time wait for one build. */
  const building = new Map<string, Promise<Buffer>>()
  let totalBytes = 0

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    totalBytes -= entry.bytes
  }

  function keep(key: string, entry: Entry, jsonBytes: number, encoding: BodyEncoding, body: Buffer) {
    entry.jsonBytes = jsonBytes
    if (entries.get(key) !== entry || entry.bodies.has(encoding)) return
    entry.bodies.set(encoding, body)
    entry.bytes += body.length
    totalBytes += body.length
    if (entry.bytes > maxBytes) remove(key)
    evict()
  }

  /** Least recently read first: a Map keeps insertion order, and a read moves its entry to the end. */
  function evict() {
    for (const [oldest] of entries) {
      if (totalBytes <= maxBytes) break
      remove(oldest)
    }
  }

  function entryFor(key: string, version: string): Entry {
    const found = entries.get(key)
    if (found?.version === version) {
      entries.delete(key)
      entries.set(key, found)
      return found
    }
    remove(key)
    const entry: Entry = { version, bodies: new Map(), bytes: entryOverhead }
    entries.set(key, entry)
    totalBytes += entryOverhead
    evict()
    return entry
  }

  /** The JSON text of an entry that holds only compressed copies. */
  function identityOf(entry: Entry): Buffer | undefined {
    const br = entry.bodies.get('br')
    if (br) return brotliDecompressSync(br)
    const gzip = entry.bodies.get('gzip')
    return gzip ? gunzipSync(gzip) : undefined
  }

  async function build<T>(reply: FastifyReply, answer: ListAnswer<T>, buildKey: string): Promise<Buffer> {
    const pending = building.get(buildKey)
    if (pending) return pending
    // The route's own serializer: the bytes are exactly those of an uncached answer.
    const promise = answer.load().then((body) => (answer.toJson ? answer.toJson(body) : Buffer.from(reply.serialize(body) as string, 'utf8')))
    building.set(buildKey, promise)
    try {
      return await promise
    } finally {
      building.delete(buildKey)
    }
  }

  return {
    /** Answers `request` with the list (a reply is a thenable: the route returns what this returns). */
    async send<T>(request: FastifyRequest, reply: FastifyReply, answer: ListAnswer<T>): Promise<T | void> {
      const { ownerId, collection, version } = answer
      if (version === null) return answer.load()
      const etag = `W/"${version}"`
      reply.header('etag', etag)
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).header('vary', 'Accept-Encoding').send()

      const key = `${collection}\u0000${ownerId}`
      const accepted = chooseEncoding(request.headers['accept-encoding']) ?? 'identity'
      const entry = entryFor(key, version)
      if (entry.jsonBytes !== undefined) {
        const encoding = entry.jsonBytes < minCompressedBytes ? 'identity' : accepted
        const kept = entry.bodies.get(encoding)
        if (kept) return answerWith(reply, entry.jsonBytes, kept, encoding)
      }

      const identity = entry.bodies.get('identity') ?? identityOf(entry) ?? (await build(reply, answer, `${key}\u0000${version}`))
      // A small list travels as it is, as the compression hook would send it.
      const encoding = identity.length < minCompressedBytes ? 'identity' : accepted
      const body = encoding === 'identity' ? identity : await compress(encoding, identity, identity.length)
      // Looked up again: another request may have replaced or dropped the entry meanwhile.
      keep(key, entryFor(key, version), identity.length, encoding, body)
      return answerWith(reply, identity.length, body, encoding)
    },

    /** Bytes held (bodies and a fixed cost per entry) and entries, for tests and logs. */
    stats(): { bytes: number; entries: number } {
      return { bytes: totalBytes, entries: entries.size }
    },
  }
}
export type ListCache = ReturnType<typeof createListCache>

function answerWith(reply: FastifyReply, jsonBytes: number, body: Buffer, encoding: BodyEncoding = 'identity'): FastifyReply {
  // As the compression hook answers: Vary only where the encoding could have been another one.
  if (jsonBytes >= minCompressedBytes) reply.header('vary', 'Accept-Encoding')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.type('application/json; charset=utf-8').send(body)
}
