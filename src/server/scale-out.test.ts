import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaIdHeader } from '../shared/contracts/media.ts'
import type { GedcomImportJob } from '../shared/contracts/gedcom.ts'
import type { ErrorBody } from '../shared/errors.ts'
import { generatedGedcomText, generateTree } from './lib/gedcom/test/generate-tree.ts'
import { startTestS3, type TestS3 } from './test/s3-server.ts'
import { canScaleOut, cookiesOf, gedcomForm, objectsIn, scaleOutSettings, send, someAddress, type Listening } from './test/scale-out.ts'
import { createTestApp, createTestInstance, createTestUser, type TestApp, type TestUser } from './test/test-app.ts'
import { encodeMetadata, tusHeaders } from './test/tus-client.ts'

if (!canScaleOut) console.warn('TEST_POSTGRES_URL and TEST_REDIS_URL are not both set: the scale-out test (two instances on one PostgreSQL, Redis and bucket) is skipped.')

/** One running instance: its app, and the address it listens on. */
interface Instance extends Listening {
  t: TestApp
}

describe.skipIf(!canScaleOut)('two instances on one PostgreSQL, Redis and bucket', () => {
  let s3: TestS3
  let one: Instance
  let other: Instance

  beforeAll(async () => {
    s3 = await startTestS3()
    const first = await createTestApp('postgres', {
      ...scaleOutSettings(s3),
      LOGIN_RATE_LIMIT_MAX: '2',
      // The guided interviewer (no model) allows four times this many replies per person and hour.
      AI_RATE_LIMIT_PER_HOUR: '1',
    })
    const second = await createTestInstance(first)
    one = { t: first, base: await first.app.listen({ port: 0, host: '127.0.0.1' }) }
    other = { t: second, base: await second.app.listen({ port: 0, host: '127.0.0.1' }) }
  })
  afterAll(async () => {
    await other?.t.close()
    await one?.t.close()
    await s3?.close()
  })

  it('run on the same database and storage', async () => {
    for (const instance of [one, other]) expect(await (await send(instance, '/api/health')).json()).toMatchObject({ status: 'ok', db: 'postgres', storage: 's3' })
  })

  describe('sessions', () => {
    const me = (instance: Instance, cookie: string) => send(instance, '/api/me', { cookie }).then((answer) => answer.status)
    const signIn = async (instance: Instance, user: TestUser, password: string) => {
      const answer = await send(instance, '/api/auth/sign-in/email', { json: { email: user.email, password }, headers: { 'x-forwarded-for': someAddress() } })
      expect(answer.status).toBe(200)
      return cookiesOf(answer)
    }

    it('signed out on one instance are refused on the other at their next request', async () => {
      const user = await createTestUser(one.t.app)
      expect(await me(other, user.cookie)).toBe(200)
      expect((await send(one, '/api/auth/sign-out', { cookie: user.cookie, json: {} })).status).toBe(200)
      expect(await me(other, user.cookie)).toBe(401)
      expect(await (await send(other, '/api/session', { cookie: user.cookie })).json()).toEqual({ user: null })
    })

    it('ended everywhere on one instance are refused on the other, each device’s', async () => {
      const user = await createTestUser(one.t.app, { password: 'en-todos-lados' })
      const [phone, laptop] = [await signIn(one, user, 'en-todos-lados'), await signIn(other, user, 'en-todos-lados')]
      for (const cookie of [user.cookie, phone, laptop]) for (const instance of [one, other]) expect(await me(instance, cookie)).toBe(200)
      expect((await send(other, '/api/auth/revoke-sessions', { cookie: laptop, json: {} })).status).toBe(200)
      for (const cookie of [user.cookie, phone, laptop]) for (const instance of [one, other]) expect(await me(instance, cookie)).toBe(401)
    })

    it('ended by a new password on one instance are refused on the other, and the fresh one works on both', async () => {
      const user = await createTestUser(one.t.app, { password: 'la-clave-de-antes' })
      const laptop = await signIn(other, user, 'la-clave-de-antes')
      const changed = await send(one, '/api/auth/change-password', { cookie: user.cookie, json: { currentPassword: 'la-clave-de-antes', newPassword: 'la-clave-de-ahora' } })
      expect(changed.status).toBe(200)
      const fresh = cookiesOf(changed)
      for (const cookie of [user.cookie, laptop]) expect(await me(other, cookie)).toBe(401)
      for (const instance of [one, other]) expect(await me(instance, fresh)).toBe(200)
    })
  })

  it('count failed sign-ins together: mistakes on one instance hold back the other', async () => {
    const user = await createTestUser(one.t.app, { password: 'la-clave-buena' })
    const address = someAddress()
    const attempt = (instance: Instance, password: string) =>
      send(instance, '/api/auth/sign-in/email', { json: { email: user.email, password }, headers: { 'x-forwarded-for': address } })
    expect((await attempt(one, 'mala-1')).status).toBe(401)
    expect((await attempt(one, 'mala-2')).status).toBe(401)
    const held = await attempt(other, 'la-clave-buena')
    expect(held.status).toBe(429)
    expect(((await held.json()) as ErrorBody).error.code).toBe('rate_limited')
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('count AI replies together: a person’s replies on one instance use up their allowance on the other', async () => {
    const user = await createTestUser(one.t.app)
    const reply = async (instance: Instance, message: string) => {
      const answer = await send(instance, '/api/biography/chat', { cookie: user.cookie, json: { message } })
      await answer.arrayBuffer()
      return answer.status
    }
    expect([
      await reply(one, 'Nací en Cádiz.'),
      await reply(other, 'Mi padre era pescador.'),
      await reply(one, 'Íbamos a la playa.'),
      await reply(other, 'Luego nos mudamos.'),
    ]).toEqual([200, 200, 200, 200])
    expect(await reply(one, 'Y después…')).toBe(429)
    expect(await reply(other, 'Y después…')).toBe(429)
  })

  it('hold a person to their cap of jobs exactly: of imports asked for together on both, one is queued and the others are refused', async () => {
    const user = await createTestUser(one.t.app)
    // Large enough that the accepted import is still under way while the others are answered.
    const file = generatedGedcomText(generateTree(1_500))
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => send(n % 2 === 0 ? one : other, '/api/family-tree/gedcom', { cookie: user.cookie, body: gedcomForm(file) })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 429, 429, 429, 429, 429, 429, 429])
    const [accepted] = answers.filter((answer) => answer.status === 202)
    const jobId = ((await accepted!.json()) as { job: GedcomImportJob }).job.id
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(((await refused.json()) as ErrorBody).error.code).toBe('job.too_many')
      expect(refused.headers.get('retry-after')).toBeTruthy()
    }
    // The refused leave nothing behind: no import of theirs, no file in the bucket.
    expect(await one.t.db.selectFrom('gedcomImport').select('id').where('ownerUserId', '=', user.id).execute()).toEqual([{ id: jobId }])
    expect((await objectsIn(s3, 'jobInputs/')).filter((key) => key !== `jobInputs/${jobId}`)).toEqual([])
    // Stopped, so the tests after this one do not share the machine with it.
    expect((await send(other, `/api/family-tree/gedcom/imports/${jobId}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(200)
  })

  describe('uploads', () => {
    const bytes = Buffer.from('Una carta larga de la abuela, escrita en dos tardes. '.repeat(2000))
    const half = Math.floor(bytes.length / 2)

    /** An upload begun on `instance`: created, and its first half sent. */
    async function beginUpload(instance: Instance) {
      const user = await createTestUser(instance.t.app)
      const created = await send(instance, '/api/family-tree/members', { cookie: user.cookie, json: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
      const memberId = ((await created.json()) as { member: { memberId: string } }).member.memberId
      const begun = await send(instance, '/api/uploads/', {
        method: 'POST',
        cookie: user.cookie,
        headers: {
          ...tusHeaders,
          'upload-length': String(bytes.length),
          'upload-metadata': encodeMetadata({ filename: 'carta.txt', linkedToType: 'member', linkedToId: memberId }),
        },
      })
      expect(begun.status).toBe(201)
      const location = begun.headers.get('location')!
      const patch = (on: Instance, offset: number, end: number) =>
        send(on, location, {
          method: 'PATCH',
          cookie: user.cookie,
          headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: bytes.subarray(offset, end),
        })
      const first = await patch(instance, 0, half)
      expect(first.status).toBe(204)
      expect(first.headers.get('upload-offset')).toBe(String(half))
      const head = (on: Instance) => send(on, location, { method: 'HEAD', cookie: user.cookie, headers: tusHeaders })
      return { user, memberId, location, id: location.split('/').pop()!, patch, head }
    }

    /** The objects the bucket holds for upload `id` while it is under way. */
    const objectsOfUpload = (id: string) => objectsIn(s3, id)

    it('begun on one instance are resumed on the other, and the finished file is served by both', async () => {
      const { user, memberId, id, patch, head } = await beginUpload(one)
      const offset = await head(other)
      expect(offset.status).toBe(200)
      expect(offset.headers.get('upload-offset')).toBe(String(half))
      const finished = await patch(other, half, bytes.length)
      expect(finished.status).toBe(204)
      expect(finished.headers.get('upload-offset')).toBe(String(bytes.length))
      const mediaId = finished.headers.get(mediaIdHeader)
      expect(mediaId).toBeTruthy()

      for (const instance of [one, other]) {
        const content = await send(instance, `/api/media/${mediaId}/content`, { cookie: user.cookie })
        expect(content.status).toBe(200)
        expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true)
        const listed = await send(instance, `/api/media?memberId=${memberId}`, { cookie: user.cookie })
        expect(((await listed.json()) as { media: { id: string }[] }).media.map((asset) => asset.id)).toEqual([mediaId])
      }
      // The file now lives under its media key alone: nothing of the upload is left to pay for.
      await expect.poll(() => objectsOfUpload(id)).toEqual([])
      // Nor does either instance offer it any more (it is removed just after the answer: hence the polling).
      for (const instance of [other, one]) await expect.poll(async () => (await head(instance)).status).toBe(404)
    })

    it('cancelled on one instance are gone on both, leaving nothing in the bucket', async () => {
      const { user, location, id, head, patch } = await beginUpload(one)
      expect((await send(other, location, { method: 'DELETE', cookie: user.cookie, headers: tusHeaders })).status).toBe(204)
      expect(await objectsOfUpload(id)).toEqual([])
      // The instance it began on knows it is gone: nothing offers to resume it, nothing takes more bytes.
      for (const instance of [other, one]) expect((await head(instance)).status).toBe(404)
      expect((await patch(one, half, bytes.length)).status).toBe(404)
    })
  })

  it('never answer a list from a copy older than a write on the other instance', async () => {
    const user = await createTestUser(one.t.app)
    const titles = async (instance: Instance) => {
      const answer = await send(instance, '/api/dreams', { cookie: user.cookie })
      expect(answer.status).toBe(200)
      return { titles: ((await answer.json()) as { dreams: { title: string }[] }).dreams.map((dream) => dream.title), etag: answer.headers.get('etag')! }
    }
    const write = async (instance: Instance, title: string) => {
      const answer = await send(instance, '/api/dreams', { cookie: user.cookie, json: { title, content: `Soñé con ${title}.` } })
      expect(answer.status).toBe(201)
      return ((await answer.json()) as { id: string }).id
    }
    const firstId = await write(one, 'el mar')
    // Both instances keep their copy of the list as it stands.
    for (const instance of [one, other]) expect((await titles(instance)).titles).toEqual(['el mar'])
    const kept = await titles(other)

    await write(one, 'la casa')
    const afterWrite = await titles(other)
    expect(afterWrite.titles).toEqual(['la casa', 'el mar'])
    expect(afterWrite.etag).not.toBe(kept.etag)
    // A browser holding the older copy gets the new list, not 304.
    expect((await send(other, '/api/dreams', { cookie: user.cookie, headers: { 'if-none-match': kept.etag } })).status).toBe(200)

    expect((await send(other, `/api/dreams/${firstId}`, { method: 'PATCH', cookie: user.cookie, json: { title: 'el río' } })).status).toBe(200)
    expect((await titles(one)).titles).toEqual(['la casa', 'el río'])
    expect((await send(other, `/api/dreams/${firstId}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(204)
    expect((await titles(one)).titles).toEqual(['la casa'])
  })
})
