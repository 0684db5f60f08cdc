import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { phoneVideo } from '../../test/media-fixtures.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

// Photos and documents may weigh 300 bytes here, audio and video 5,000: the phone video of the
// fixtures is between the two.
const fileBytes = 300
const audioVideoBytes = 5_000

describe.each(testDatabases)('audio and video have a limit of their own, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let memberId: string

  beforeAll(async () => {
    t = await createTestApp(database, { MAX_UPLOAD_BYTES: String(fileBytes), MAX_AV_UPLOAD_BYTES: String(audioVideoBytes) })
    rosa = await createTestUser(t.app)
    const added = await as(t.app, rosa)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
    memberId = added.json().member.memberId
  })
  afterAll(() => t.close())

  const send = async (bytes: Buffer, filename: string, filetype: string) => {
    const tus = tusClient(t.app, rosa)
    const created = await tus.create(bytes.length, { filename, filetype, caption: '', linkedToType: 'member', linkedToId: memberId })
    if (created.statusCode !== 201) return created
    return tus.patch(String(created.headers.location), 0, bytes)
  }

  it('tells the uploader both limits, as the operator set them', async () => {
    const limits = await as(t.app, rosa)({ method: 'GET', url: '/api/media/limits' })
    expect(limits.statusCode).toBe(200)
    expect(limits.json()).toEqual({ fileBytes, audioVideoBytes })
  })

  it('stores a video over the photos’ limit and under its own', async () => {
    const video = phoneVideo()
    expect(video.length).toBeGreaterThan(fileBytes)
    const stored = await send(video, 'cumpleaños.mov', 'video/quicktime')
    expect(stored.statusCode, stored.body).toBe(204)
    const asset = (await as(t.app, rosa)({ method: 'GET', url: `/api/media/${String(stored.headers['legado-media-id'])}` })).json<MediaAsset>()
    expect(asset).toMatchObject({ fileName: 'cumpleaños.mov', contentType: 'video/quicktime', linkedToMemberIds: [memberId] })
  })

  it('refuses a photo or document over its limit before its first byte, naming that limit', async () => {
    const refused = await send(Buffer.alloc(fileBytes + 1, 0x61), 'carta.txt', 'text/plain')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error).toMatchObject({ code: 'payload_too_large', maxBytes: fileBytes })
  })

  it('refuses, once its bytes arrive, a document that said it was a video to pass the larger limit, and keeps nothing', async () => {
    const before = (await as(t.app, rosa)({ method: 'GET', url: `/api/media?memberId=${memberId}` })).json<{ media: MediaAsset[] }>().media
    const refused = await send(Buffer.alloc(fileBytes + 1, 0x61), 'carta.mp4', 'video/mp4')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error).toMatchObject({ code: 'payload_too_large', maxBytes: fileBytes })
    expect((await as(t.app, rosa)({ method: 'GET', url: `/api/media?memberId=${memberId}` })).json<{ media: MediaAsset[] }>().media).toEqual(before)
  })

  it('refuses a video over its own limit before its first byte', async () => {
    const created = await tusClient(t.app, rosa).create(audioVideoBytes + 1, {
      filename: 'boda.mp4',
      filetype: 'video/mp4',
      caption: '',
      linkedToType: 'member',
      linkedToId: memberId,
    })
    expect(created.statusCode).toBe(413)
    expect(created.json().error).toMatchObject({ code: 'payload_too_large', maxBytes: audioVideoBytes })
  })
})
