import { writeFile } from 'node:fs/promises'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Book } from '../../../shared/contracts/book.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { tellAna } from '../../test/heard-facts.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { linksOf, pathOf, publicUrl, voice } from '../listening/test/listening-fixtures.ts'
import { hasPoppler, noticeMissingPoppler, pdfText, qrCodesByPage } from './test/pdf-reader.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// Carmen makes the book of her mother Aurora: what she told Ana, with her recording, and what her
// niece Lucía (a contributor to the tree) told with hers. The book is made by the job runner and
// downloaded; read back, it holds the chapters with their accents and the index, and its one QR
// code plays Carmen's voice from this server (Range requests too) until she revokes it. Lucía's
// recording is hers to share: Carmen's book prints no code for it. Nobody else sees the book.

noticeMissingPoppler()

describe.each(testDatabases)('a life book made and downloaded, on %s', (database) => {
  let t: TestApp
  let carmen: TestUser
  let lucia: TestUser
  let stranger: TestUser
  let aurora: Member
  let book: Book
  let pdf: Buffer
  const folder = mkdtempSync(path.join(tmpdir(), 'legado-book-test-'))
  const carmensVoice = voice()

  const call = (user: TestUser) => as(t.app, user)
  async function record(user: TestUser, sessionId: string, bytes: Buffer, caption: string) {
    const tus = tusClient(t.app, user)
    const created = await tus.create(bytes.length, { filename: 'voz.webm', filetype: 'audio/webm', caption, linkedToType: 'interviewSession', linkedToId: sessionId })
    expect(created.statusCode, created.body).toBe(201)
    expect((await tus.patch(String(created.headers.location), 0, bytes)).statusCode).toBe(204)
  }
  async function madeBook(user: TestUser, id: string): Promise<Book> {
    for (let attempt = 0; attempt < 240; attempt += 1) {
      const found: Book = (await call(user)({ method: 'GET', url: `/api/books/${id}` })).json()
      if (found.status !== 'queued' && found.status !== 'running') return found
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('the book was not made in time')
  }

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: publicUrl })
    carmen = await createTestUser(t.app, { name: 'Carmen' })
    lucia = await createTestUser(t.app, { name: 'Lucía' })
    stranger = await createTestUser(t.app, { name: 'Extraña' })
    const added = await call(carmen)({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Aurora', lastName: 'Ordóñez', relationshipToOwner: 'Madre', birthDate: 'hacia 1915', isDeceased: true, deathDate: '1990' },
    })
    aurora = added.json().member
    const treeId = (await call(carmen)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    await joinByInvitation(t.app, { inviter: carmen, invitee: lucia, treeId, role: 'contributor' })

    await record(
      carmen,
      await tellAna(t.app, carmen, aurora.memberId, 'Mi madre nació en Pasto y cosía para todo el barrio; ¿quién no llevó un vestido suyo?'),
      carmensVoice,
      'La costura',
    )
    await record(lucia, await tellAna(t.app, lucia, aurora.memberId, 'La abuela Aurora cantaba boleros mientras cosía.'), voice(), 'Los boleros')

    const made = await call(carmen)({
      method: 'POST',
      url: '/api/books',
      payload: { kind: 'person', memberId: aurora.memberId, language: 'es', dedication: 'Para mis nietos, con cariño.' },
    })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ title: 'Aurora Ordóñez', kind: 'person', memberId: aurora.memberId })
    // Taken up at once where the queue is quick (PostgreSQL's pg-boss): waiting or already under way.
    expect(['queued', 'running']).toContain(made.json().status)
    book = await madeBook(carmen, made.json().id)
    const download = await call(carmen)({ method: 'GET', url: `/api/books/${book.id}/pdf` })
    expect(download.statusCode, download.body.slice(0, 200)).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toBe('attachment; filename="legado-aurora-ordonez.pdf"')
    pdf = download.rawPayload
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('is made by a job and kept for download, with its pages counted', async () => {
    expect(book).toMatchObject({ status: 'done', progress: 100, errorCode: null })
    expect(book.pageCount).toBeGreaterThan(3)
    expect(book.bytes).toBe(pdf.length)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await call(carmen)({ method: 'GET', url: '/api/books' })).json().books.map((item: Book) => item.id)).toEqual([book.id])
  })

  it.skipIf(!hasPoppler)('reads back with its chapters, accents, dedication, index and colophon', async () => {
    const file = path.join(folder, `${database}.pdf`)
    await writeFile(file, pdf)
    // Lines wrap where the page ends them: the words are compared with their spaces folded.
    const text = (await pdfText(file)).replace(/\s+/g, ' ')
    for (const words of [
      'Aurora Ordóñez',
      'Para mis nietos, con cariño.',
      'cosía para todo el barrio; ¿quién no llevó un vestido suyo?',
      'Índice de personas',
      'Este libro se hizo el',
      'Escuche la voz',
    ])
      expect(text).toContain(words)
    // Lucía told hers: the book names her as its teller.
    expect(text).toContain('Lo contó Lucía')
  })

  it.skipIf(!hasPoppler)("prints one code, for Carmen's own recording, whose page plays it from this server until she revokes it", async () => {
    const file = path.join(folder, `${database}-codes.pdf`)
    await writeFile(file, pdf)
    const codes = [...(await qrCodesByPage(file)).values()].flat()
    expect(codes).toHaveLength(1)
    const [url] = codes as [string]
    expect(url.startsWith(`${publicUrl}/l/`)).toBe(true)
    const [link] = await linksOf(t, carmen)
    expect(link).toMatchObject({ url, title: 'La costura', expiresAt: null })
    expect(await linksOf(t, lucia)).toEqual([])

    const page = await t.app.inject({ method: 'GET', url: pathOf(url) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('La costura')
    expect(page.body).not.toContain('Aurora')
    const part = await t.app.inject({ method: 'GET', url: `${pathOf(url)}/audio`, headers: { range: 'bytes=10-29' } })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload).toEqual(carmensVoice.subarray(10, 30))

    expect((await call(carmen)({ method: 'DELETE', url: `/api/listening-links/${link!.id}` })).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(url)}/audio` })).statusCode).toBe(404)
  })

  it("is nobody else's: another person's requests answer 404", async () => {
    for (const [method, url] of [
      ['GET', `/api/books/${book.id}`],
      ['GET', `/api/books/${book.id}/pdf`],
      ['POST', `/api/books/${book.id}/cancel`],
      ['DELETE', `/api/books/${book.id}`],
    ] as const) {
      expect((await call(stranger)({ method, url })).statusCode, `${method} ${url}`).toBe(404)
      expect((await call(lucia)({ method, url })).statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await call(stranger)({ method: 'GET', url: '/api/books' })).json().books).toEqual([])
  })

  it('retells nothing without a model, and says why', async () => {
    const options = { kind: 'person', memberId: aurora.memberId, language: 'es' }
    const [chapter] = (await call(carmen)({ method: 'POST', url: '/api/books/draft', payload: options })).json().plan.chapters
    const retell = (chapterKey: string) => call(carmen)({ method: 'POST', url: '/api/books/retell', payload: { options, chapterKey } })
    const response = await retell(chapter.key)
    expect(response.statusCode).toBe(503)
    expect(response.json().error.code).toBe('ai_unavailable')
    expect((await retell('conversation:no-such-sitting')).statusCode).toBe(404)
  })

  it('refuses a book with nothing in it, and deletes one with its file', async () => {
    const empty = await call(carmen)({
      method: 'POST',
      url: '/api/books',
      payload: { kind: 'person', memberId: aurora.memberId, language: 'es', include: { memories: false, interviews: false, photos: false } },
    })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().error.code).toBe('book.empty')

    expect((await call(carmen)({ method: 'DELETE', url: `/api/books/${book.id}` })).statusCode).toBe(204)
    expect((await call(carmen)({ method: 'GET', url: `/api/books/${book.id}/pdf` })).statusCode).toBe(404)
    expect((await call(carmen)({ method: 'GET', url: '/api/books' })).json().books).toEqual([])
  })
})
