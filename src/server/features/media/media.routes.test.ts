import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { filmedIn, phoneVideo } from '../../test/media-fixtures.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { encodeMetadata, tusClient, tusHeaders } from '../../test/tus-client.ts'

/** The names of every file stored under the app's media folder. */
function storedFiles(t: TestApp): string[] {
  return readdirSync(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
}

/** A tiny PNG whose header claims `width` × `height` pixels (its one row of data is all it has). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe.each(testDatabases)('media routes on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  let memberId: string

  beforeAll(async () => {
    t = await createTestApp(database, { MAX_UPLOAD_BYTES: String(5 * 1024 * 1024), UPLOAD_SESSION_RECHECK_SECONDS: '1' })
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    const response = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
    memberId = response.json().member.memberId
  })
  afterAll(() => t.close())

  const create = (user: TestUser, length: number, metadata: Record<string, string>) => tusClient(t.app, user).create(length, metadata)
  const patch = (user: TestUser, location: string, offset: number, bytes: Buffer) => tusClient(t.app, user).patch(location, offset, bytes)

  async function upload(user: TestUser, bytes: Buffer, fileName: string, extra: Record<string, string> = {}) {
    const created = await create(user, bytes.length, {
      filename: fileName,
      filetype: 'image/jpeg',
      caption: ' En la finca ',
      linkedToType: 'member',
      linkedToId: memberId,
      ...extra,
    })
    expect(created.statusCode, created.body).toBe(201)
    return patch(user, String(created.headers.location), 0, bytes)
  }

  it('accepts a file sent without a caption, as the browser sends it (an empty tus metadata value)', async () => {
    const bytes = Buffer.from('Una nota sin descripción.')
    const created = await create(owner, bytes.length, { filename: 'nota.txt', filetype: '', caption: '', linkedToType: 'member', linkedToId: memberId })
    expect(encodeMetadata({ caption: '' })).toBe('caption ')
    expect(created.statusCode, created.body).toBe(201)
    const finished = await patch(owner, String(created.headers.location), 0, bytes)
    expect(finished.statusCode, finished.body).toBe(204)
    const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${String(finished.headers['legado-media-id'])}` })).json<MediaAsset>()
    expect(asset).toMatchObject({ fileName: 'nota.txt', caption: '', contentType: 'text/plain; charset=utf-8' })
  })

  it('finishes a small file sent whole in its creating request: 201 with its Location and the new asset, and nothing left to resume', async () => {
    const bytes = Buffer.from('Una carta corta, enviada de una vez.')
    const created = await tusClient(t.app, owner).createWithData(bytes, {
      filename: 'carta.txt',
      filetype: 'text/plain',
      caption: '',
      linkedToType: 'member',
      linkedToId: memberId,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.headers.location).toMatch(/\/api\/uploads\/.+/)
    expect(created.headers['upload-offset']).toBe(String(bytes.length))
    const id = String(created.headers['legado-media-id'])
    const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}` })).json<MediaAsset>()
    expect(asset).toMatchObject({ fileName: 'carta.txt', linkedToMemberIds: [memberId] })
    await expect.poll(async () => (await tusClient(t.app, owner).head(String(created.headers.location))).statusCode).toBeOneOf([404, 410])
  })

  it('stores a photo, links it to the member and serves it with a thumbnail', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#9a4a2c' } })
      .jpeg()
      .toBuffer()
    const finished = await upload(owner, photo, 'Abuela Rosa.jpeg')
    expect(finished.statusCode, finished.body).toBe(204)
    const id = String(finished.headers['legado-media-id'])

    const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}` })).json<MediaAsset>()
    expect(asset).toMatchObject({
      fileName: 'Abuela Rosa.jpeg',
      contentType: 'image/jpeg',
      size: photo.length,
      caption: 'En la finca',
      width: 900,
      height: 600,
      linkedToType: 'member',
      linkedToId: memberId,
      linkedToMemberIds: [memberId],
    })
    expect(asset.storagePath).toMatch(new RegExp(`^userMedia/${owner.id}/member/\\d{4}-\\d{2}/Abuela_Rosa_\\d+_${asset.id}\\.jpg$`))

    const content = await as(t.app, owner)({ method: 'GET', url: asset.downloadURL })
    expect(content.statusCode).toBe(200)
    expect(content.rawPayload.equals(photo)).toBe(true)
    expect(content.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' })
    expect(String(content.headers['content-disposition'])).toMatch(/^inline/)

    const thumbnail = await as(t.app, owner)({ method: 'GET', url: asset.thumbnailURL! })
    expect(thumbnail.headers['content-type']).toBe('image/webp')
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480)

    const list = await as(t.app, owner)({ method: 'GET', url: `/api/media?memberId=${memberId}` })
    expect(list.json().media.map((m: MediaAsset) => m.id)).toContain(id)
  })

  it('sweeps away an unfinished upload nobody resumed in time', async () => {
    // The sweeper's timer and the uploads' ages run on a fake clock, so a day passes at once. Only
    // these two are faked: the database, the files and the requests keep their real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const hour = 60 * 60 * 1000
    const shortLived = await createTestApp(database, { UPLOAD_EXPIRY_HOURS: '24' })
    try {
      const user = await createTestUser(shortLived.app)
      const self = (await as(shortLived.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Ruiz', isSelf: true } })).json()
        .member.memberId
      const tus = tusClient(shortLived.app, user)
      const bytes = Buffer.alloc(400_000, 'x')
      const created = await tus.create(bytes.length, { filename: 'abandonada.txt', linkedToType: 'member', linkedToId: self })
      const location = String(created.headers.location)
      expect((await tus.patch(location, 0, bytes.subarray(0, 200_000))).statusCode).toBe(204)
      const uploads = path.join(shortLived.dataDir, 'uploads')
      expect(readdirSync(uploads).length).toBeGreaterThan(0)

      // Still in time: it can be resumed where it stopped.
      await vi.advanceTimersByTimeAsync(23 * hour)
      const head = await tus.head(location)
      expect(head.statusCode).toBe(200)
      expect(head.headers['upload-offset']).toBe('200000')

      // Past its day, the hourly sweep removes it; the sweep's file deletions are real I/O, so
      // wait for the folder to empty rather than for a time.
      await vi.advanceTimersByTimeAsync(2 * hour)
      await expect.poll(() => readdirSync(uploads), { timeout: 5_000 }).toEqual([])
      expect([404, 410]).toContain((await tus.head(location)).statusCode)
    } finally {
      await shortLived.close()
      vi.useRealTimers()
    }
  })

  it('resumes an upload cut at 50% into a byte-identical file, for its owner only', async () => {
    const bytes = Buffer.from(Array.from({ length: 600_000 }, (_, i) => 'Memoria familiar. '.charCodeAt(i % 18)))
    const created = await create(owner, bytes.length, { filename: 'memorias.txt', linkedToType: 'member', linkedToId: memberId })
    const location = String(created.headers.location)
    const half = bytes.length / 2
    expect((await patch(owner, location, 0, bytes.subarray(0, half))).statusCode).toBe(204)

    // Another user can neither see nor continue it.
    const path = new URL(location, 'http://localhost').pathname
    expect((await as(t.app, stranger)({ method: 'HEAD', url: path, headers: tusHeaders })).statusCode).toBe(404)
    expect((await patch(stranger, location, half, bytes.subarray(half))).statusCode).toBe(404)

    const head = await as(t.app, owner)({ method: 'HEAD', url: path, headers: tusHeaders })
    expect(head.headers['upload-offset']).toBe(String(half))
    const finished = await patch(owner, location, half, bytes.subarray(half))
    expect(finished.statusCode).toBe(204)
    const id = String(finished.headers['legado-media-id'])
    const content = await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}/content` })
    expect(content.rawPayload.equals(bytes)).toBe(true)
    // Nothing of it stays in the cache of a shared computer, nor does the API's JSON.
    expect(content.headers['cache-control']).toBe('private, no-store')
    expect((await as(t.app, owner)({ method: 'GET', url: '/api/media?memberId=' + encodeURIComponent('x') })).headers['cache-control']).toBe('no-store')
    // Hashed as the chunks arrived, and exactly the bytes stored.
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}` })).json().sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('finishes an upload another instance began by reading its file: the same checks and the same sha256', async () => {
    // A second server over the same data folder and database, as after a restart or behind a load
    // balancer: it saw none of the first bytes, so it reads the whole file when the upload ends.
    const other = await buildApp(loadConfig(t.env))
    try {
      const finishElsewhere = async (bytes: Buffer, fileName: string) => {
        const created = await create(owner, bytes.length, { filename: fileName, linkedToType: 'member', linkedToId: memberId })
        const location = String(created.headers.location)
        expect((await patch(owner, location, 0, bytes.subarray(0, 70_000))).statusCode).toBe(204)
        return tusClient(other, owner).patch(location, 70_000, bytes.subarray(70_000))
      }
      const letter = Buffer.from('Querida nieta: '.repeat(10_000))
      const finished = await finishElsewhere(letter, 'carta.txt')
      expect(finished.statusCode, finished.body).toBe(204)
      const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${String(finished.headers['legado-media-id'])}` })).json<MediaAsset>()
      expect(asset).toMatchObject({ contentType: 'text/plain; charset=utf-8', size: letter.length, sha256: createHash('sha256').update(letter).digest('hex') })

      const turned = Buffer.concat([letter, Buffer.from([0, 1, 2])])
      const refused = await finishElsewhere(turned, 'carta.txt')
      expect(refused.statusCode).toBe(415)
      expect(refused.json().error.code).toBe('unsupported_media_type')
    } finally {
      await other.close()
    }
  })

  it('deletes with a member the files that were theirs alone, objects too, and keeps a file also in a memory', async () => {
    const cousin = (
      await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Primo', lastName: 'D', relationshipToOwner: 'Primo' } })
    ).json().member.memberId
    const onlyHis = String((await upload(owner, Buffer.from('una nota del primo\n'), 'primo.txt', { linkedToId: cousin })).headers['legado-media-id'])
    const shared = String((await upload(owner, Buffer.from('una foto de todos\n'), 'todos.txt', { linkedToId: cousin })).headers['legado-media-id'])
    await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Yo', lastName: 'D', isSelf: true } })
    const memory = await as(t.app, owner)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'La fiesta', mediaAssetIds: [shared] } })
    expect(memory.statusCode, memory.body).toBe(201)
    const filesBefore = await t.db.selectFrom('mediaAsset').select(['id', 'storagePath']).where('id', 'in', [onlyHis, shared]).execute()

    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/family-tree/members/${cousin}` })).statusCode).toBe(200)
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${onlyHis}` })).statusCode).toBe(404)
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${shared}` })).json().linkedToMemberIds).toEqual([])
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${shared}/content` })).body).toBe('una foto de todos\n')
    const onDisk = storedFiles(t)
    expect(onDisk).not.toContain(path.basename(filesBefore.find((file) => file.id === onlyHis)!.storagePath))
    expect(onDisk).toContain(path.basename(filesBefore.find((file) => file.id === shared)!.storagePath))
  })

  it('answers Range requests so audio and video can seek', async () => {
    const text = Buffer.from('Querida nieta: te escribo desde Cartagena, donde el mar huele a sal y a recuerdos.\n')
    const id = String((await upload(owner, text, 'carta.txt')).headers['legado-media-id'])
    const partial = await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}/content`, headers: { range: 'bytes=0-6' } })
    expect(partial.statusCode).toBe(206)
    expect(partial.body).toBe('Querida')
    expect(partial.headers['content-range']).toBe(`bytes 0-6/${text.length}`)
    const outside = await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}/content`, headers: { range: `bytes=${text.length + 5}-` } })
    expect(outside.statusCode).toBe(416)
    expect(String((await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}/content` })).headers['content-disposition'])).toMatch(/^attachment/)
  })

  it('refuses an HTML file named .jpg and keeps nothing', async () => {
    const before = await t.db.selectFrom('mediaAsset').select('id').execute()
    const refused = await upload(owner, Buffer.from('<!doctype html><script>alert(1)</script>'), 'gatito.jpg')
    expect(refused.statusCode).toBe(415)
    expect(JSON.parse(refused.body).error.code).toBe('unsupported_media_type')
    expect(await t.db.selectFrom('mediaAsset').select('id').execute()).toEqual(before)
  })

  it('refuses text that turns binary past the bytes its type is read from, and keeps nothing', async () => {
    const before = await t.db.selectFrom('mediaAsset').select('id').execute()
    const filesBefore = storedFiles(t)
    const bytes = Buffer.concat([Buffer.from('Querida nieta: '.repeat(8000)), Buffer.from([0, 1, 2, 0xff, 0xfe]), Buffer.from('fin')])
    expect(bytes.length).toBeGreaterThan(64 * 1024)
    const refused = await upload(owner, bytes, 'carta.txt', { filetype: 'text/plain' })
    expect(refused.statusCode).toBe(415)
    expect(JSON.parse(refused.body).error.code).toBe('unsupported_media_type')
    expect(await t.db.selectFrom('mediaAsset').select('id').execute()).toEqual(before)
    expect(storedFiles(t)).toEqual(filesBefore)
  })

  it('stops an upload within the recheck time once its owner signs out (any other request at once), and names the upload by its owner alone', async () => {
    const writer = await createTestUser(t.app)
    const own = await as(t.app, writer)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Ruiz', isSelf: true } })
    const bytes = Buffer.from('Una carta larga de la abuela. '.repeat(1000))
    const created = await tusClient(t.app, writer).create(bytes.length, { filename: 'carta.txt', linkedToType: 'member', linkedToId: own.json().member.memberId })
    const location = String(created.headers.location)
    // A path, so it stays right behind any proxy.
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}-[0-9a-f]{32}$/)
    expect((await tusClient(t.app, writer).patch(location, 0, bytes.subarray(0, 10_000))).statusCode).toBe(204)
    // Another person cannot touch it, and neither can a forged id that claims to be theirs.
    const [nonce] = location.split('/').at(-1)!.split('-')
    for (const path of [location, `/api/uploads/${nonce}-${'0'.repeat(32)}`]) {
      expect((await as(t.app, stranger)({ method: 'HEAD', url: path, headers: tusHeaders })).statusCode, path).toBe(404)
    }
    expect((await as(t.app, writer)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode).toBe(200)
    const signedOut = Date.now()
    // The revoked cookie is refused by the very next ordinary request…
    expect((await as(t.app, writer)({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    // …and by the upload once the session's last check is older than the recheck time (1 s here;
    // a browser no longer sends the cookie at all, which is refused at once).
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders })).statusCode).toBe(401)
    let answer = await tusClient(t.app, writer).head(location)
    while (answer.statusCode === 200 && Date.now() - signedOut < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await tusClient(t.app, writer).head(location)
    }
    expect(answer.statusCode).toBe(401)
    expect(Date.now() - signedOut).toBeLessThan(2_500)
    const after = await tusClient(t.app, writer).patch(location, 10_000, bytes.subarray(10_000))
    expect(after.statusCode).toBe(401)
    expect(after.json().error.code).toBe('unauthenticated')
  })

  it('answers an upload’s chunks over HTTP as through the router: the same headers, refusals and revocation', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const writer = await createTestUser(t.app)
    const own = (await as(t.app, writer)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Ana', lastName: 'Ruiz', isSelf: true } })).json().member.memberId
    const bytes = Buffer.from('Una carta larga de la abuela. '.repeat(2000))
    const headers = { cookie: writer.cookie, origin: base, ...tusHeaders }
    const created = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata({ filename: 'carta.txt', linkedToType: 'member', linkedToId: own }) },
    })
    expect(created.status).toBe(201)
    const location = `${base}${created.headers.get('location')}`
    const chunk = (offset: number, end: number, extra: Record<string, string> = {}) =>
      fetch(location, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra },
        body: bytes.subarray(offset, end),
      })

    const first = await chunk(0, 20_000)
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe('20000')
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    // Another origin, a cross-site request without one, another body type or another person: refused as ever.
    for (const [extra, status] of [
      [{ origin: 'https://elsewhere.example' }, 403],
      [{ origin: '', 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'content-type': 'text/plain' }, 415],
      [{ cookie: stranger.cookie }, 404],
    ] as const) {
      const sent = { ...extra } as Record<string, string>
      const refused = await fetch(location, {
        method: 'PATCH',
        headers: Object.fromEntries(
          Object.entries({ ...headers, 'upload-offset': '20000', 'content-type': 'application/offset+octet-stream', ...sent }).filter(([, value]) => value !== ''),
        ),
        body: bytes.subarray(20_000, 30_000),
      })
      expect(refused.status, JSON.stringify(extra)).toBe(status)
    }
    expect((await chunk(20_000, 40_000)).status).toBe(204)
    // Signed out: refused within the recheck time (1 s here), as through the router.
    expect((await as(t.app, writer)({ method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode).toBe(200)
    const signedOut = Date.now()
    let offset = 40_000
    let answer = await chunk(offset, offset + 1000)
    while (answer.status === 204 && Date.now() - signedOut < 5_000) {
      offset += 1000
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await chunk(offset, offset + 1000)
    }
    expect(answer.status).toBe(401)
    expect(Date.now() - signedOut).toBeLessThan(2_500)
  })

  it('refuses an image that claims more pixels than any camera makes (a decompression bomb), and keeps nothing', async () => {
    const before = await t.db.selectFrom('mediaAsset').select('id').execute()
    const refused = await upload(owner, pngClaiming(30_000, 30_000), 'bomba.png', { filetype: 'image/png' })
    expect(refused.statusCode).toBe(413)
    expect(JSON.parse(refused.body).error.code).toBe('payload_too_large')
    expect(await t.db.selectFrom('mediaAsset').select('id').execute()).toEqual(before)
  })

  it('keeps no trace of where a video was filmed, and the video otherwise as it came', async () => {
    const video = phoneVideo()
    const finished = await upload(owner, video, 'cumple.mov', { filetype: 'video/quicktime' })
    expect(finished.statusCode, finished.body).toBe(204)
    const id = String(finished.headers['legado-media-id'])
    const stored = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}/content` })).rawPayload
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/media/${id}` })).json().contentType).toBe('video/quicktime')
    expect(stored.length).toBe(video.length)
    expect(stored.toString('latin1')).not.toContain(filmedIn)
  })

  it('refuses a 6 MB photo before any byte is stored, naming the 5 MB limit', async () => {
    const created = await create(owner, 6 * 1024 * 1024, { filename: 'grande.jpg', filetype: 'image/jpeg', linkedToType: 'member', linkedToId: memberId })
    expect(created.statusCode).toBe(413)
    expect(JSON.parse(created.body).error).toMatchObject({ code: 'payload_too_large', maxBytes: 5 * 1024 * 1024 })
  })

  it('refuses uploads to someone else’s member, and without a session', async () => {
    const foreign = await create(stranger, 10, { filename: 'x.txt', linkedToType: 'member', linkedToId: memberId })
    expect(foreign.statusCode).toBe(404)
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...tusHeaders, 'upload-length': '10' } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('never lets another person reach an unfinished upload through a longer path or a query string', async () => {
    const bytes = Buffer.from('la carta de la abuela, a medio subir\n')
    const hers = await create(owner, bytes.length, { filename: 'carta.txt', linkedToType: 'member', linkedToId: memberId })
    const herPath = new URL(String(hers.headers.location), 'http://localhost').pathname
    const herId = herPath.split('/').at(-1)!
    await tusClient(t.app, owner).patch(herPath, 0, bytes.subarray(0, 10))
    const self = (await as(t.app, stranger)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Bob', lastName: 'Gil', isSelf: true } })).json().member
      .memberId
    const his = await create(stranger, 10, { filename: 'mia.txt', linkedToType: 'member', linkedToId: self })
    const hisPath = new URL(String(his.headers.location), 'http://localhost').pathname
    const intruder = as(t.app, stranger)
    const chunk = { 'upload-offset': '10', 'content-type': 'application/offset+octet-stream' }
    for (const url of [`${hisPath}/${herId}`, `${hisPath}?x=/${herId}`, `${hisPath}/../${herId}`, `${hisPath}%2F${herId}`]) {
      const head = await intruder({ method: 'HEAD', url, headers: tusHeaders })
      expect(head.statusCode, `HEAD ${url}`).toBe(404)
      expect(head.headers['upload-metadata'], `HEAD ${url}`).toBeUndefined()
      expect((await intruder({ method: 'PATCH', url, headers: { ...tusHeaders, ...chunk }, payload: Buffer.from('de Bob....') })).statusCode, `PATCH ${url}`).toBe(404)
      expect((await intruder({ method: 'DELETE', url, headers: tusHeaders })).statusCode, `DELETE ${url}`).toBe(404)
    }
    // Her upload is untouched: same offset, and it finishes with her bytes alone.
    expect((await tusClient(t.app, owner).head(herPath)).headers['upload-offset']).toBe('10')
    const finished = await tusClient(t.app, owner).patch(herPath, 10, bytes.subarray(10))
    expect(finished.statusCode).toBe(204)
    const content = await as(t.app, owner)({ method: 'GET', url: `/api/media/${String(finished.headers['legado-media-id'])}/content` })
    expect(content.body).toBe(bytes.toString())
  })

  it('keeps every media answer from another user: read, list, change, delete', async () => {
    const id = String((await upload(owner, Buffer.from('solo para la familia\n'), 'privado.txt')).headers['legado-media-id'])
    const intruder = as(t.app, stranger)
    for (const request of [
      { method: 'GET' as const, url: `/api/media/${id}` },
      { method: 'GET' as const, url: `/api/media/${id}/content` },
      { method: 'PATCH' as const, url: `/api/media/${id}`, payload: { caption: 'mío' } },
      { method: 'DELETE' as const, url: `/api/media/${id}` },
    ]) {
      expect((await intruder(request)).statusCode, `${request.method} ${request.url}`).toBe(404)
    }
    expect((await intruder({ method: 'GET', url: `/api/media?memberId=${memberId}` })).statusCode).toBe(404)
  })

  it('edits the caption and deletes the file, its thumbnail, the asset and its links', async () => {
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const id = String((await upload(owner, photo, 'foto.png')).headers['legado-media-id'])
    const asset = (await as(t.app, owner)({ method: 'PATCH', url: `/api/media/${id}`, payload: { caption: '  Navidad 1987 ' } })).json<MediaAsset>()
    expect(asset.caption).toBe('Navidad 1987')
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/media/${id}` })).statusCode).toBe(204)
    expect((await as(t.app, owner)({ method: 'GET', url: asset.downloadURL })).statusCode).toBe(404)
    expect(await t.db.selectFrom('mediaMemberLink').selectAll().where('mediaId', '=', id).execute()).toEqual([])
  })
})
