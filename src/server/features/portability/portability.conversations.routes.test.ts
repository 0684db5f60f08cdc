import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import { multipartFile } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'

// An archive written before conversations (version 2) still imports: its chat exchanges are grouped
// into sittings by their times, as the server groups new ones, and a memory written by hand joins none.

const said = (user: string, model?: string) => [{ role: 'user', parts: [{ text: user }] }, ...(model ? [{ role: 'model', parts: [{ text: model }] }] : [])]
const entry = (id: string, at: string, pair: object[], eventDate: string | null = null) => ({
  id,
  subjectMemberId: null,
  conversationPair: pair,
  title: '',
  eventDate,
  entryDate: at,
  updatedAt: at,
})

describe.each(testDatabases)('an archive older than conversations, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('groups its chat exchanges into sittings by their times, and keeps a memory written by hand alone', async () => {
    const user = await createTestUser(t.app)
    const archive = zipSync({
      'manifest.json': strToU8(JSON.stringify({ format: 'legado-export', schemaVersion: 2, exportedAt: new Date().toISOString(), application: 'Legado', counts: {} })),
      'biography-entries.json': strToU8(
        JSON.stringify([
          entry('e1', '2025-05-01T10:00:00.000Z', said('En Cali.', '¿Quién te crió?')),
          entry('e2', '2025-05-01T10:30:00.000Z', said('Mi abuela.', 'Qué bonito.')),
          entry('e3', '2025-05-03T09:00:00.000Z', said('Tenía un patio.', '¿Y la escuela?')),
          entry('hand', '2025-05-01T10:10:00.000Z', said('Escrito a mano.'), '1961-08-07'),
        ]),
      ),
    })
    const imported = await as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', archive) })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().kinds.find((kind: { kind: string }) => kind.kind === 'biographyEntries')).toMatchObject({ found: 4, restored: 4, skipped: [] })

    const entries = (await as(t.app, user)({ method: 'GET', url: '/api/biography/entries' })).json().entries as BiographyEntry[]
    const byAnswer = new Map(entries.map((kept) => [kept.answer, kept]))
    expect(byAnswer.get('En Cali.')!.conversation!.id).toBe(byAnswer.get('Mi abuela.')!.conversation!.id)
    expect(byAnswer.get('En Cali.')!.conversation).toMatchObject({ title: '', startedAt: '2025-05-01T10:00:00.000Z' })
    expect(byAnswer.get('Tenía un patio.')!.conversation!.id).not.toBe(byAnswer.get('En Cali.')!.conversation!.id)
    expect(byAnswer.get('Escrito a mano.')).toMatchObject({ conversation: null, question: null, acknowledgement: null, eventDate: '1961-08-07' })
    // Each under the question the reply before it asked, as the rows kept before were given theirs.
    expect(byAnswer.get('En Cali.')!.question).toBeNull()
    expect(byAnswer.get('Mi abuela.')).toMatchObject({ question: '¿Quién te crió?', originalAnswer: null, acknowledgement: 'Qué bonito.' })
    expect(byAnswer.get('Tenía un patio.')!.question).toBeNull()
  })
})
