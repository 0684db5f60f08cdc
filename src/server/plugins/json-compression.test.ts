import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerSentEvents } from '../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, type TestApp, type TestUser } from '../test/test-app.ts'
import Fastify, { type FastifyInstance } from 'fastify'
import { createPacer, pacedJsonChunks, pacedJsonStream } from '../lib/cooperative.ts'
import { chooseEncoding, jsonCompressionPlugin, sendJsonChunks, sendJsonStream } from './json-compression.ts'

describe('choosing an encoding from Accept-Encoding', () => {
  it('takes brotli, then gzip, follows weights and refusals, and answers plain without either', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip')
    expect(chooseEncoding('br;q=0, *')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('*;q=0')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
  })
})

describe('compressed JSON answers, over a real socket', () => {
  let t: TestApp
  let user: TestUser
  let address: string
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    user = await createTestUser(t.app)
    for (let i = 0; i < 60; i += 1) {
      const created = await as(
        t.app,
        user,
      )({ method: 'POST', url: '/api/dreams', payload: { title: `Sueño ${i}`, content: `Volaba sobre el río ${i} con mi abuela, y el agua cantaba.` } })
      expect(created.statusCode).toBe(201)
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    address = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(() => t.close())

  /** A request with node:http, which (unlike fetch) hands back the bytes as they came, still encoded. */
  function get(path: string, headers: Record<string, string>, body?: object) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; chunks: Buffer[] }>((resolve, reject) => {
      const json = body ? JSON.stringify(body) : undefined
      const request = httpRequest(`${address}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: user.cookie, ...headers, ...(json ? { 'content-type': 'application/json', origin: address } : {}) },
      })
      request.on('response', (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, chunks }))
      })
      request.on('error', reject)
      request.end(json)
    })
  }

  it('sends a large list brotli- or gzip-compressed as asked, and it decodes to the same body', async () => {
    const plain = await get('/api/dreams', {})
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const body = Buffer.concat(plain.chunks)
    expect(body.length).toBeGreaterThan(4096)
    expect(JSON.parse(body.toString()).dreams).toHaveLength(60)

    const brotli = await get('/api/dreams', { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    const brotliBytes = Buffer.concat(brotli.chunks)
    expect(brotliBytes.length).toBeLessThan(body.length / 3)
    expect(Number(brotli.headers['content-length'])).toBe(brotliBytes.length)
    expect(brotliDecompressSync(brotliBytes).equals(body)).toBe(true)

    const gzip = await get('/api/dreams', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(Buffer.concat(gzip.chunks)).equals(body)).toBe(true)
  })

  it('leaves small answers plain: compressing them would cost more than it saves', async () => {
    const me = await get('/api/me', { 'accept-encoding': 'br, gzip' })
    expect(me.status).toBe(200)
    expect(me.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(Buffer.concat(me.chunks).toString()).email).toBe(user.email)
  })

  it('never compresses a chat’s server-sent events: they leave one by one, as plain text', async () => {
    const answer = await get('/api/biography/chat', { 'accept-encoding': 'br, gzip' }, { message: 'Nací en Manizales, en una casa de bahareque.', language: 'es' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(answer.headers['content-encoding']).toBeUndefined()
    // More than one write reached the socket: the events were not gathered into one body.
    expect(answer.chunks.length).toBeGreaterThan(1)
    const events = readServerSentEvents(Buffer.concat(answer.chunks).toString())
    expect(events.some((event) => event.event === 'delta')).toBe(true)
    expect(events.at(-1)?.event).toBe('done')
  })
})

describe('a JSON answer made in chunks', () => {
  // A hundred thousand small objects: past the size at which chunks are sent as they are.
  const value = { items: Array.from({ length: 100_000 }, (_, i) => ({ id: `persona-${i}`, name: `Núñez ${i} 🌳` })) }
  let app: FastifyInstance
  let base: string
  beforeAll(async () => {
    app = Fastify()
    await app.register(jsonCompressionPlugin)
    app.get('/api/large', async (request, reply) => sendJsonChunks(request, reply, await pacedJsonChunks(value, createPacer())))
    app.get('/api/small', async (request, reply) => sendJsonChunks(request, reply, await pacedJsonChunks({ a: 1, text: 'x'.repeat(5_000) }, createPacer())))
    app.get('/api/large-stream', async (request, reply) => sendJsonStream(request, reply, pacedJsonStream(value, createPacer())))
    app.get('/api/small-stream', async (request, reply) => sendJsonStream(request, reply, pacedJsonStream({ a: 1, text: 'x'.repeat(5_000) }, createPacer())))
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(() => app.close())

  /** The raw answer, not decoded by the client. */
  function get(path: string, acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      httpRequest(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const parts: Buffer[] = []
        response.on('data', (part: Buffer) => parts.push(part))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }))
        response.on('error', reject)
      })
        .on('error', reject)
        .end()
    })
  }

  it('streams a large one through brotli or gzip as the client accepts, and plain with its length otherwise', async () => {
    const text = JSON.stringify(value)
    const br = await get('/api/large', 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/^application\/json/)
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text)
    const gz = await get('/api/large', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text)
    const plain = await get('/api/large')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(text))
    expect(plain.body.toString('utf8')).toBe(text)
  })

  it('joins a small one, which the plugin compresses like any other answer', async () => {
    const small = await get('/api/small', 'br')
    expect(small.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(small.body).toString('utf8'))).toEqual({ a: 1, text: 'x'.repeat(5_000) })
  })

  it('sends a large one made as it is sent, through the encoding the client accepts, and a small one joined', async () => {
    const text = JSON.stringify(value)
    const br = await get('/api/large-stream', 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text)
    const gz = await get('/api/large-stream', 'gzip')
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text)
    // Its length is not known before the end: it goes in chunks.
    const plain = await get('/api/large-stream')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['transfer-encoding']).toBe('chunked')
    expect(plain.body.toString('utf8')).toBe(text)
    const small = await get('/api/small-stream', 'br')
    expect(small.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(small.body).toString('utf8'))).toEqual({ a: 1, text: 'x'.repeat(5_000) })
  })
})
