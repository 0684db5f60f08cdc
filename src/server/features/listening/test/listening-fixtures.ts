import { expect } from 'vitest'
import type { ListeningLink } from '../../../../shared/contracts/book.ts'
import { webmHeader } from '../../../test/media-fixtures.ts'
import { as, type TestApp, type TestUser } from '../../../test/test-app.ts'
import { tusClient } from '../../../test/tus-client.ts'

/** The address the test apps are reached at: the links they hand out name it. */
export const publicUrl = 'https://legado.example'

/** A voice recording's bytes: a WebM header, as MediaRecorder starts one, and a body of counted bytes. */
export const voice = () => Buffer.concat([webmHeader(), Buffer.from(Array.from({ length: 300 }, (_, index) => index % 256))])

/** Uploads `bytes` as `user` to a member of the tree they act on; answers the new file's id. */
export async function uploadTo(t: TestApp, user: TestUser, memberId: string, bytes: Buffer, metadata: { filename: string; filetype: string; caption?: string }): Promise<string> {
  const tus = tusClient(t.app, user)
  const created = await tus.create(bytes.length, { ...metadata, linkedToType: 'member', linkedToId: memberId })
  expect(created.statusCode, created.body).toBe(201)
  const finished = await tus.patch(String(created.headers.location), 0, bytes)
  expect(finished.statusCode, finished.body).toBe(204)
  return String(finished.headers['legado-media-id'])
}

/** Makes a listening link from the app, as its page would; the whole answer, to check refusals too. */
export const share = (t: TestApp, user: TestUser, mediaId: string, expiry = 'never') =>
  as(t.app, user)({ method: 'POST', url: '/api/listening-links', payload: { mediaId, expiry } })

export async function linksOf(t: TestApp, user: TestUser): Promise<ListeningLink[]> {
  const response = await as(t.app, user)({ method: 'GET', url: '/api/listening-links' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** The path of a link's address on this server (`/l/<token>`). */
export const pathOf = (url: string) => new URL(url).pathname
