import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { createS3Client, createS3Storage } from '../../integrations/storage/s3-storage.ts'
import { startTestS3, type TestS3 } from '../../test/s3-server.ts'
import { as, createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

describe('media in S3 mode (s3rver)', () => {
  let s3: TestS3
  let t: TestApp
  let owner: TestUser
  let memberId: string

  beforeAll(async () => {
    s3 = await startTestS3()
    t = await createTestApp('sqlite', s3.settings)
    owner = await createTestUser(t.app)
    memberId = (await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member.memberId
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('keeps resumable upload state in the bucket and stores the finished photo there', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer()
    const tus = tusClient(t.app, owner)
    const created = await tus.create(photo.length, { filename: 'ruido.png', linkedToType: 'member', linkedToId: memberId })
    expect(created.statusCode, created.body).toBe(201)
    const location = String(created.headers.location)
    const half = Math.floor(photo.length / 2)
    expect((await tus.patch(location, 0, photo.subarray(0, half))).statusCode).toBe(204)
    expect((await tus.head(location)).headers['upload-offset']).toBe(String(half))
    const finished = await tus.patch(location, half, photo.subarray(half))
    expect(finished.statusCode, finished.body).toBe(204)

    const asset = (await as(t.app, owner)({ method: 'GET', url: `/api/media/${String(finished.headers['legado-media-id'])}` })).json<MediaAsset>()
    const content = await as(t.app, owner)({ method: 'GET', url: asset.downloadURL })
    expect(content.rawPayload.equals(photo)).toBe(true)

    // The object really is in the bucket, under its storage path, with its thumbnail beside it.
    const client = createS3Client({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials })
    const bucket = createS3Storage(client, s3.bucket)
    expect(await bucket.size(asset.storagePath)).toBe(photo.length)
    expect(await bucket.size(`${asset.storagePath}.thumb.webp`)).toBeGreaterThan(0)

    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/media/${asset.id}` })).statusCode).toBe(204)
    expect(await bucket.size(asset.storagePath)).toBeUndefined()
    expect(await bucket.size(`${asset.storagePath}.thumb.webp`)).toBeUndefined()
    client.destroy()
  })

  it('erases every object of a deleted account from the bucket', async () => {
    const leaving = await createTestUser(t.app, { password: 'me-voy-de-legado' })
    const self = (await as(t.app, leaving)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Luis', lastName: 'Gómez', isSelf: true } })).json().member
      .memberId
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e8b57' } })
      .png()
      .toBuffer()
    const uploaded = await tusClient(t.app, leaving).createWithData(photo, { filename: 'luis.png', linkedToType: 'member', linkedToId: self })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const client = createS3Client({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials })
    const bucket = createS3Storage(client, s3.bucket)
    const keysOf = async (userId: string) => {
      const keys: string[] = []
      for await (const key of bucket.list(`userMedia/${userId}/`)) keys.push(key)
      return keys
    }
    expect(await keysOf(leaving.id)).toHaveLength(2)
    const ownerKeys = await keysOf(owner.id)

    const erased = await as(t.app, leaving)({ method: 'DELETE', url: '/api/me', payload: { password: 'me-voy-de-legado' } })
    expect(erased.statusCode, erased.body).toBe(204)
    expect(await keysOf(leaving.id)).toEqual([])
    expect(await keysOf(owner.id)).toEqual(ownerKeys)
    client.destroy()
  })
})
