import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookDraft, BookOptionsInput } from '../../../shared/contracts/book.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// With a model, Carmen asks for her childhood to be retold as prose. The model is given the
// chapter's words as told and the book editor's instruction; the retelling is kept for her and
// printed only while the chapter says what was retold, and her memories stay as she told them.

describe.each(testDatabases)('a chapter retold by the model, on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let carmen: TestUser
  const options: BookOptionsInput = { kind: 'person', language: 'es' }
  const retelling = 'Crecí en la finca de Pasto, donde mi madre Aurora cosía al caer la tarde.'

  const call = (user: TestUser) => as(t.app, user)
  const draft = async (extra: Partial<BookOptionsInput> = {}): Promise<BookDraft> =>
    (await call(carmen)({ method: 'POST', url: '/api/books/draft', payload: { ...options, ...extra } })).json()
  const retell = (chapterKey: string) => call(carmen)({ method: 'POST', url: '/api/books/retell', payload: { options, chapterKey } })

  beforeAll(async () => {
    gemini = await startFakeGemini({ behaviour: { kind: 'stream', pieces: [retelling] } })
    t = await createTestApp(database, geminiSettings(gemini))
    carmen = await createTestUser(t.app, { name: 'Carmen' })
    await call(carmen)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Carmen', lastName: 'Peña', relationshipToOwner: 'Yo', birthDate: '1941' } })
    const told = await call(carmen)({
      method: 'POST',
      url: '/api/biography/entries',
      payload: { content: 'Jugábamos en la finca de Pasto. Mi madre Aurora cosía por las tardes.', title: 'La finca', eventDate: '1948', language: 'es' },
    })
    expect(told.statusCode, told.body).toBe(201)
  })
  afterAll(async () => {
    await t?.close()
    await gemini?.close()
  })

  it('retells a chapter from its words as told, keeps it, and prints it only when chosen', async () => {
    const first = await draft()
    expect(first.canRetell).toBe(true)
    const [childhood] = first.plan.chapters
    const response = await retell(childhood!.key)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ chapterKey: childhood!.key, retelling })

    const asked = gemini.chatRequests().at(-1)?.body as { systemInstruction?: { parts: { text: string }[] }; contents: { parts: { text: string }[] }[] }
    expect(JSON.stringify(asked.contents)).toContain('Jugábamos en la finca de Pasto. Mi madre Aurora cosía por las tardes.')
    expect(asked.systemInstruction?.parts[0]?.text).toContain('No inventes nada')

    expect((await draft()).plan.chapters[0]!.retelling).toBeNull()
    const chosen = await draft({ retold: [childhood!.key] })
    expect(chosen.plan.chapters[0]).toMatchObject({ retelling, blocks: childhood!.blocks })
    expect(chosen.plan.words.retoldNote).toContain('inteligencia artificial')

    // Asked again with nothing changed, the kept retelling answers without the model.
    const before = gemini.chatRequests().length
    expect((await retell(childhood!.key)).json().retelling).toBe(retelling)
    expect(gemini.chatRequests()).toHaveLength(before)
  })

  it('does not print a retelling of words the chapter no longer says', async () => {
    const [childhood] = (await draft()).plan.chapters
    await retell(childhood!.key)
    const [memory] = childhood!.blocks
    const changed = await call(carmen)({ method: 'PATCH', url: `/api/biography/entries/${memory!.id}`, payload: { answer: 'Jugábamos en el río.', language: 'es' } })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await draft({ retold: [childhood!.key] })).plan.chapters[0]!.retelling).toBeNull()
  })
})
