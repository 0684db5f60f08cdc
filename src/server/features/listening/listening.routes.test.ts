import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListeningLink } from '../../../shared/contracts/book.ts'
import { phoneVideo } from '../../test/media-fixtures.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { listeningServiceOf as serviceOf } from '../../test/listening-service.ts'
import { linksOf, pathOf, publicUrl, share, uploadTo, voice } from './test/listening-fixtures.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// A recording played without signing in by whoever holds its link: made by the recording's author
// alone, telling nothing but its title, revoked one by one or all at once.

describe.each(testDatabases)('listening links, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let grandmother: string

  const call = (user: TestUser) => as(t.app, user)
  const listeningServiceOf = (app: TestApp, now?: () => Date) => serviceOf(app, publicUrl, now)
  const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: pathOf(url), headers })
  const listen = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${pathOf(url)}/audio`, headers })
  const addMember = async (user: TestUser, payload: object): Promise<string> => {
    const response = await call(user)({ method: 'POST', url: '/api/family-tree/members', payload: { lastName: 'Ruiz', relationshipToOwner: 'Abuela', ...payload } })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().member.memberId
  }
  const record = (user: TestUser, memberId: string, caption = 'Los boleros de la abuela') =>
    uploadTo(t, user, memberId, voice(), { filename: 'entrevista-2026-11-29.webm', filetype: 'audio/webm', caption })
  async function sharedOk(user: TestUser, mediaId: string, expiry?: string): Promise<ListeningLink> {
    const response = await share(t, user, mediaId, expiry)
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: publicUrl })
    rosa = await createTestUser(t.app, { name: 'Rosa Díaz' })
    grandmother = await addMember(rosa, { firstName: 'Carmen', isDeceased: true })
  })
  afterAll(() => t.close())

  it('gives one’s own recording an unguessable, typeable address whose page tells its title and nothing else', async () => {
    const mediaId = await record(rosa, grandmother)
    const link = await sharedOk(rosa, mediaId)
    expect(link).toMatchObject({ mediaId, title: 'Los boleros de la abuela', expiresAt: null })
    expect(link.url).toMatch(/^https:\/\/legado\.example\/l\/[0-9a-hjkmnp-tv-z]{20}$/)

    const page = await visit(link.url)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<html lang="es">')
    expect(page.body).toContain('<h1>Los boleros de la abuela</h1>')
    expect(page.body).toContain(`<audio controls preload="metadata" src="${pathOf(link.url)}/audio">`)
    expect(page.body).toContain('Una grabación guardada por la familia en Legado.')
    for (const secret of ['Carmen', 'Ruiz', 'Rosa', 'Díaz', rosa.email, rosa.id, grandmother, mediaId, link.id, 'entrevista-2026', '<script'])
      expect(page.body).not.toContain(secret)
    expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' })
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; media-src 'self'/)

    // Typed from the paper: capitals and look-alike letters are forgiven.
    const token = pathOf(link.url).slice(3)
    expect((await visit(`${publicUrl}/l/${token.toUpperCase().replaceAll('1', 'l').replaceAll('0', 'O')}`)).statusCode).toBe(200)
    // Asked again, the same address: a recording has one link that lasts as long.
    expect((await sharedOk(rosa, mediaId)).url).toBe(link.url)
  })

  it('plays the recording from its first byte or from where the player asks (Range)', async () => {
    const link = await sharedOk(rosa, await record(rosa, grandmother, 'La casa de Pasto'))
    const whole = await listen(link.url)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/webm')
    expect(whole.rawPayload).toEqual(voice())
    const part = await listen(link.url, { range: 'bytes=220-259' })
    expect(part.statusCode).toBe(206)
    expect(part.headers).toMatchObject({ 'content-range': `bytes 220-259/${voice().length}`, 'accept-ranges': 'bytes', 'cache-control': 'no-store' })
    expect(part.rawPayload).toEqual(voice().subarray(220, 260))
    expect(String(part.headers['content-disposition'])).not.toContain('entrevista')
    expect((await listen(link.url, { range: `bytes=${voice().length + 10}-` })).statusCode).toBe(416)
  })

  it('shows a video in a video player', async () => {
    const videoId = await uploadTo(t, rosa, grandmother, phoneVideo(), { filename: 'cumpleaños.mov', filetype: 'video/quicktime' })
    const link = await sharedOk(rosa, videoId)
    expect(link.title).toBe('cumpleaños')
    const page = await visit(link.url)
    expect(page.body).toContain('<video controls preload="metadata" playsinline')
    expect((await listen(link.url)).headers['content-type']).toBe('video/quicktime')
  })

  it('answers one same 404 for a revoked, an unknown and an expired address', async () => {
    const mediaId = await record(rosa, grandmother, 'La finca')
    const link = await sharedOk(rosa, mediaId)
    const kept = await sharedOk(rosa, await record(rosa, grandmother, 'El río'))
    expect((await call(rosa)({ method: 'DELETE', url: `/api/listening-links/${link.id}` })).statusCode).toBe(204)
    const revoked = await visit(link.url)
    expect(revoked.statusCode).toBe(404)
    expect((await listen(link.url)).statusCode).toBe(404)
    expect((await visit(kept.url)).statusCode).toBe(200)
    expect((await linksOf(t, rosa)).map((item) => item.id)).not.toContain(link.id)

    const unknown = await visit(`${publicUrl}/l/${'7'.repeat(20)}`)
    const malformed = await visit(`${publicUrl}/l/no-es-un-enlace`)
    // Made a year ago to last half a year, as a book's job would with an expiry.
    const past = await listeningServiceOf(t, () => new Date(Date.now() - 365 * 24 * 60 * 60 * 1000)).linksFor(rosa.id, [mediaId], {
      expiresAt: new Date(Date.now() - 180 * 24 * 60 * 60 * 1000),
      language: 'en',
    })
    const expired = await visit(past.get(mediaId)!)
    expect((await listen(past.get(mediaId)!)).statusCode).toBe(404)
    for (const answer of [unknown, malformed, expired]) {
      expect(answer.statusCode).toBe(404)
      expect(answer.body).toBe(revoked.body)
    }
    expect(revoked.body).toContain('Esta grabación no está disponible')
    expect((await visit(link.url, { 'accept-language': 'fr-FR,fr;q=0.9' })).body).toContain('<html lang="fr">')
  })

  it('revokes every link at once', async () => {
    const lucia = await createTestUser(t.app)
    const aunt = await addMember(lucia, { firstName: 'Inés', isDeceased: true })
    const links = [await sharedOk(lucia, await record(lucia, aunt)), await sharedOk(lucia, await record(lucia, aunt, 'Otra'), '5y')]
    const mine = await sharedOk(rosa, await record(rosa, grandmother, 'La de Rosa'))
    expect((await linksOf(t, lucia)).map((link) => link.id)).toEqual([links[1]!.id, links[0]!.id])
    const revoked = await call(lucia)({ method: 'DELETE', url: '/api/listening-links' })
    expect(revoked.json()).toEqual({ revoked: 2 })
    for (const link of links) expect((await visit(link.url)).statusCode).toBe(404)
    expect(await linksOf(t, lucia)).toEqual([])
    expect((await visit(mine.url)).statusCode).toBe(200)
  })

  it('gives no link to another person’s recording, nor to a photo, and revokes only one’s own', async () => {
    const mediaId = await record(rosa, grandmother, 'Solo de Rosa')
    const link = await sharedOk(rosa, mediaId)
    const stranger = await createTestUser(t.app)
    expect((await share(t, stranger, mediaId)).statusCode).toBe(404)
    expect((await listeningServiceOf(t).linksFor(stranger.id, [mediaId], { expiresAt: null, language: 'es' })).size).toBe(0)
    expect((await call(stranger)({ method: 'DELETE', url: `/api/listening-links/${link.id}` })).statusCode).toBe(404)
    expect((await visit(link.url)).statusCode).toBe(200)
    const letter = await uploadTo(t, rosa, grandmother, Buffer.from('Una carta.'), { filename: 'carta.txt', filetype: 'text/plain' })
    expect((await share(t, rosa, letter)).statusCode).toBe(404)
    expect((await share(t, rosa, 'no-existe')).statusCode).toBe(404)
  })

  it('lets the book’s job reuse a link that lasts as long in the same language, and make one otherwise', async () => {
    const service = listeningServiceOf(t)
    const mediaId = await record(rosa, grandmother, 'Para el libro')
    const inTenYears = new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000)
    const first = (await service.linksFor(rosa.id, [mediaId], { expiresAt: inTenYears, language: 'es' })).get(mediaId)
    expect(first).toMatch(/^https:\/\/legado\.example\/l\//)
    expect((await service.linksFor(rosa.id, [mediaId, mediaId], { expiresAt: new Date(Date.now() + 86_400_000), language: 'es' })).get(mediaId)).toBe(first)
    const forever = (await service.linksFor(rosa.id, [mediaId], { expiresAt: null, language: 'es' })).get(mediaId)
    expect(forever).not.toBe(first)
    const english = (await service.linksFor(rosa.id, [mediaId], { expiresAt: null, language: 'en' })).get(mediaId)
    expect(english).not.toBe(forever)
    expect((await visit(english!)).body).toContain('A recording kept by the family in Legado.')
  })

  it('in a shared tree, links a contributor’s recording for its author and not for the tree’s owner', async () => {
    const treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    const tomas = await createTestUser(t.app, { name: 'Tomás Pérez' })
    await joinByInvitation(t.app, { inviter: rosa, invitee: tomas, treeId, role: 'contributor' })
    const his = await record(tomas, grandmother, 'El tiple del bisabuelo')
    expect((await share(t, rosa, his)).statusCode).toBe(404)
    expect((await listeningServiceOf(t).linksFor(rosa.id, [his], { expiresAt: null, language: 'es' })).size).toBe(0)
    const link = await sharedOk(tomas, his)
    expect((await visit(link.url)).body).toContain('<h1>El tiple del bisabuelo</h1>')
    expect((await listeningServiceOf(t).linksFor(tomas.id, [his], { expiresAt: null, language: 'es' })).get(his)).toBe(link.url)
  })

  it('goes with the recording when it is deleted', async () => {
    const mediaId = await record(rosa, grandmother, 'Se irá')
    const link = await sharedOk(rosa, mediaId)
    expect((await call(rosa)({ method: 'DELETE', url: `/api/media/${mediaId}` })).statusCode).toBe(204)
    expect((await visit(link.url)).statusCode).toBe(404)
    expect((await linksOf(t, rosa)).map((item) => item.id)).not.toContain(link.id)
    expect(await t.db.selectFrom('listeningLink').select('id').where('mediaId', '=', mediaId).execute()).toEqual([])
  })

  it('is left out of the account’s export, and goes with the account', async () => {
    const marta = await createTestUser(t.app, { password: 'la-clave-de-marta' })
    const aunt = await addMember(marta, { firstName: 'Elena', isDeceased: true })
    const link = await sharedOk(marta, await record(marta, aunt))
    const archive = await call(marta)({ method: 'GET', url: '/api/me/export' })
    expect(archive.statusCode).toBe(200)
    const token = pathOf(link.url).slice(3)
    for (const bytes of Object.values(unzipSync(new Uint8Array(archive.rawPayload)))) expect(Buffer.from(bytes).includes(token)).toBe(false)

    expect((await call(marta)({ method: 'DELETE', url: '/api/me', payload: { password: 'la-clave-de-marta' } })).statusCode).toBe(204)
    expect((await visit(link.url)).statusCode).toBe(404)
    expect(await t.db.selectFrom('listeningLink').select('id').where('ownerUserId', '=', marta.id).execute()).toEqual([])
  })

  it('refuses an address that keeps missing, for every token, and no other', async () => {
    const link = await sharedOk(rosa, await record(rosa, grandmother, 'Limitada'))
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url: pathOf(url), remoteAddress })
    const guess = (index: number) => from('203.0.113.9', `${publicUrl}/l/${String(index).padStart(20, '2')}`)
    for (let index = 0; index < 29; index += 1) expect((await guess(index)).statusCode).toBe(404)
    // Hits are not misses: the address that plays a book keeps playing it.
    expect((await from('203.0.113.9', link.url)).statusCode).toBe(200)
    expect((await guess(29)).statusCode).toBe(404)
    expect((await guess(30)).statusCode).toBe(429)
    expect((await from('203.0.113.9', link.url)).statusCode).toBe(429)
    expect((await from('198.51.100.4', link.url)).statusCode).toBe(200)
  })
})
