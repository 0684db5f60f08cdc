import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonCompressionPlugin } from '../plugins/json-compression.ts'
import { createListCache } from './list-cache.ts'

// A small server with one list route, the way features use the cache: the owner and the version
// come with the request (from the session's query in the app), the list from `load`.
const maxBytes = 40_000
const cache = createListCache({ maxBytes })
const loads: string[] = []
const app = Fastify()

function listFor(owner: string, version: string) {
  return { items: Array.from({ length: 60 }, (_, index) => ({ owner, version, text: `${owner} ${version} ${index} `.repeat(6) })) }
}

beforeAll(async () => {
  await app.register(jsonCompressionPlugin)
  app.get<{ Querystring: { owner: string; version: string } }>('/api/list', async (request, reply) => {
    const { owner, version } = request.query
    return cache.send(request, reply, {
      ownerId: owner,
      collection: 'items',
      version: version === 'none' ? null : version,
      load: async () => {
        loads.push(`${owner}:${version}`)
        return listFor(owner, version)
      },
    })
  })
  await app.ready()
})
afterAll(() => app.close())

async function read(owner: string, version: string, acceptEncoding?: string) {
  const response = await app.inject({ method: 'GET', url: `/api/list?owner=${owner}&version=${version}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
  expect(response.statusCode).toBe(200)
  const encoding = response.headers['content-encoding']
  const raw = response.rawPayload
  return JSON.parse((encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'))
}

describe('the list cache', () => {
  it('builds a version once, whatever the encodings asked for', async () => {
    loads.length = 0
    for (const encoding of ['br', 'gzip', undefined, 'br', 'gzip, br']) expect(await read('ana', 'v1', encoding)).toEqual(listFor('ana', 'v1'))
    expect(loads).toEqual(['ana:v1'])
    expect(await read('ana', 'v2', 'br')).toEqual(listFor('ana', 'v2'))
    expect(loads).toEqual(['ana:v1', 'ana:v2'])
  })

  it('builds a list without a version every time', async () => {
    loads.length = 0
    await read('nadie', 'none', 'br')
    await read('nadie', 'none', 'br')
    expect(loads).toEqual(['nadie:none', 'nadie:none'])
  })

  it('builds once for readers arriving together', async () => {
    loads.length = 0
    const lists = await Promise.all(Array.from({ length: 8 }, () => read('juntos', 'v1', 'br')))
    for (const list of lists) expect(list).toEqual(listFor('juntos', 'v1'))
    expect(loads).toEqual(['juntos:v1'])
  })

  it('stays within its bytes, the least recently read going first, and answers right after eviction', async () => {
    const owners = Array.from({ length: 40 }, (_, index) => `persona-${index}`)
    for (const owner of owners) {
      for (const encoding of ['br', 'gzip', undefined]) {
        expect(await read(owner, 'v1', encoding)).toEqual(listFor(owner, 'v1'))
        expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes)
      }
    }
    expect(cache.stats().entries).toBeGreaterThan(0)
    expect(cache.stats().entries).toBeLessThan(owners.length)
    loads.length = 0
    await read(owners.at(-1)!, 'v1', 'br')
    expect(loads).toEqual([])
    await read(owners[0]!, 'v1', 'br')
    expect(loads).toEqual([`${owners[0]}:v1`])
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes)
  })
})
