import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { addSelf, chat, entriesOf, last, replyOf } from './biography.test-support.ts'

describe.each(testDatabases)('biography routes in the guided mode on %s', (database) => {
  let t: TestApp
  let writer: TestUser
  let stranger: TestUser
  let selfId: string

  beforeAll(async () => {
    t = await createTestApp(database)
    writer = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    selfId = await addSelf(t, writer)
  })
  afterAll(() => t.close())

  it('opens with Cronos’ greeting and a first question, saving nothing', async () => {
    const response = await as(t.app, writer)({ method: 'GET', url: '/api/biography/chat?language=es' })
    expect(response.statusCode).toBe(200)
    const opening = response.json<{ mode: string; text: string }>()
    expect(opening.mode).toBe('guided')
    expect(opening.text).toMatch(/Cronos/)
    expect(opening.text).toMatch(/¿[^?]+\?$/)
    expect(await entriesOf(t, writer)).toEqual([])
  })

  it('streams the reply and saves the exchange itself, about the self member, under the opening’s question', async () => {
    const opening = (await as(t.app, writer)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text
    const { response, events } = await chat(t, writer, '  Nací en Manizales, en una casa de bahareque.  ')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0)
    const done = last(events)
    expect(done.event).toBe('done')
    if (done.event !== 'done') return
    expect(done.data.notSavedReason).toBeNull()
    const reply = replyOf(events)
    expect(reply).toMatch(/\?$/)
    expect(done.data.entry).toMatchObject({
      authorUserId: writer.id,
      subjectMemberId: selfId,
      title: '',
      eventDate: null,
      mediaAssetIds: [],
      question: opening.slice(opening.lastIndexOf('¿')),
      answer: 'Nací en Manizales, en una casa de bahareque.',
      originalAnswer: null,
      acknowledgement: reply,
      conversation: { id: expect.any(String), title: '' },
    })
    expect(await entriesOf(t, writer)).toEqual([done.data.entry])
  })

  it('asks a new question each time and, after a reload, opens on the question still waiting', async () => {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    const first = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text
    const replies: string[] = []
    for (const answer of ['En Cali.', 'Mi abuela Tulia.', 'Había un patio con un limonero.']) replies.push(replyOf((await chat(t, user, answer)).events))
    const questions = [first, ...replies].map((text) => text.slice(text.lastIndexOf('¿')))
    expect(new Set(questions).size).toBe(4)
    const reopened = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text
    expect(reopened.endsWith(questions.at(-1)!)).toBe(true)
  })

  it('answers in the language asked for', async () => {
    const user = await createTestUser(t.app)
    const opening = (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=fr' })).json<{ text: string }>().text
    expect(opening).toMatch(/\?$/)
    expect(opening).not.toMatch(/¿/)
    expect(replyOf((await chat(t, user, 'À Lyon.', 'en')).events)).not.toMatch(/¿/)
  })

  it('chats without a self member but saves nothing, saying why, and hands the exchange back to carry', async () => {
    const user = await createTestUser(t.app)
    const { events } = await chat(t, user, 'Me llamo Ana.')
    const done = last(events)
    expect(done).toEqual({
      event: 'done',
      data: {
        reply: replyOf(events),
        carry: { user: 'Me llamo Ana.', model: replyOf(events), receipt: expect.any(String) },
        entry: null,
        notSavedReason: 'biography.no_self_member',
      },
    })
    expect(await entriesOf(t, user)).toEqual([])
  })

  it('goes on with the conversation it carries when nothing is saved: no question asked twice, no acknowledgement twice in a row', async () => {
    const user = await createTestUser(t.app)
    const carried = []
    const replies: string[] = []
    for (const message of ['En Cali, en 1950.', 'Mi abuela me lo contó muchas veces.', 'Por mi abuelo Ramón.']) {
      const { events } = await chat(t, user, message, 'es', carried)
      const done = last(events)
      if (done.event !== 'done' || !done.data.carry) throw new Error(`no carry: ${JSON.stringify(done)}`)
      carried.push(done.data.carry)
      replies.push(done.data.reply)
    }
    const questions = replies.map((reply) => reply.slice(reply.lastIndexOf('¿')))
    expect(new Set(questions).size).toBe(3)
    const acknowledgements = replies.map((reply) => reply.split(/[.!]/)[0])
    for (let index = 1; index < acknowledgements.length; index += 1) expect(acknowledgements[index]).not.toBe(acknowledgements[index - 1])
  })

  it('refuses a carried exchange the server did not write, or one from another person', async () => {
    const user = await createTestUser(t.app)
    const { events } = await chat(t, user, 'Hola.')
    const done = last(events)
    if (done.event !== 'done' || !done.data.carry) throw new Error('no carry')
    const forged = { ...done.data.carry, model: 'Cronos dijo otra cosa.' }
    const refused = await chat(t, user, 'Sigo.', 'es', [forged])
    expect(refused.response.statusCode).toBe(400)
    expect(refused.response.json().error.details).toEqual([{ path: 'carried.0', code: 'validation.invalid' }])
    const other = await createTestUser(t.app)
    expect((await chat(t, other, 'Sigo.', 'es', [done.data.carry])).response.statusCode).toBe(400)
  })

  it('refuses an empty message, a bad language and a visitor', async () => {
    for (const payload of [{ message: '   ' }, {}]) {
      const response = await as(t.app, writer)({ method: 'POST', url: '/api/biography/chat', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.details).toEqual([{ path: 'message', code: 'biography.message_required' }])
    }
    const badLanguage = await as(t.app, writer)({ method: 'POST', url: '/api/biography/chat', payload: { message: 'hola', language: 'de' } })
    expect(badLanguage.json().error.details).toEqual([{ path: 'language', code: 'validation.invalid' }])
    for (const request of [
      { method: 'POST' as const, url: '/api/biography/chat', payload: { message: 'hola' } },
      { method: 'GET' as const, url: '/api/biography/entries' },
      { method: 'GET' as const, url: '/api/biography/chat' },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401)
    }
  })

  it('keeps a memory written by hand, and refuses one without content or without a self member', async () => {
    const created = await as(
      t.app,
      writer,
    )({ method: 'POST', url: '/api/biography/entries', payload: { content: ' El día que llegó la luz al pueblo. ', title: ' La luz ', eventDate: '1961-08-07' } })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      title: 'La luz',
      eventDate: '1961-08-07',
      subjectMemberId: selfId,
      question: null,
      answer: 'El día que llegó la luz al pueblo.',
      acknowledgement: null,
      conversation: null,
    })
    expect((await entriesOf(t, writer))[0]!.id).toBe(created.json().id)

    const empty = await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: ' ' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.details).toEqual([{ path: 'content', code: 'biography.content_required' }])
    const future = await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'x', eventDate: '2999-01-01' } })
    expect(future.json().error.details).toEqual([{ path: 'eventDate', code: 'validation.date_in_future' }])

    const noSelf = await as(t.app, stranger)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo' } })
    expect(noSelf.statusCode).toBe(409)
    expect(noSelf.json().error.code).toBe('biography.no_self_member')
  })

  it('changes title and event date, attaches, lists and detaches media, for the author only', async () => {
    const entry = (await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'La finca de Chinchiná' } })).json<BiographyEntry>()
    const tus = tusClient(t.app, writer)
    const bytes = Buffer.from('Carta de la abuela, 1950.')
    const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    expect(created.statusCode, created.body).toBe(201)
    const finished = await tus.patch(String(created.headers.location), 0, bytes)
    expect(finished.statusCode, finished.body).toBe(204)
    const mediaId = String(finished.headers['legado-media-id'])

    const withMedia = (await entriesOf(t, writer)).find((e) => e.id === entry.id)!
    expect(withMedia.mediaAssetIds).toEqual([mediaId])
    const listed = await as(t.app, writer)({ method: 'GET', url: `/api/media?entryId=${entry.id}` })
    expect(listed.json().media.map((m: { id: string; linkedToType: string }) => [m.id, m.linkedToType])).toEqual([[mediaId, 'biographyEntry']])

    const patched = await as(
      t.app,
      writer,
    )({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { title: 'La finca', eventDate: '1955-03-01', mediaAssetIds: [] } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json()).toMatchObject({ title: 'La finca', eventDate: '1955-03-01', mediaAssetIds: [] })
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(200)
    const relinked = await as(t.app, writer)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { mediaAssetIds: [mediaId] } })
    expect(relinked.json().mediaAssetIds).toEqual([mediaId])
    const cleared = await as(t.app, writer)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { eventDate: '' } })
    expect(cleared.json()).toMatchObject({ eventDate: null, title: 'La finca' })

    // Another user's memory does not exist for a stranger, and another user's file cannot be attached.
    expect((await as(t.app, stranger)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { title: 'mío' } })).statusCode).toBe(404)
    expect((await as(t.app, stranger)({ method: 'GET', url: `/api/media?entryId=${entry.id}` })).statusCode).toBe(404)
    const foreignUpload = await tusClient(t.app, stranger).create(4, { filename: 'x.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    expect(foreignUpload.statusCode).toBe(404)
    await addSelf(t, stranger)
    const strangers = (await as(t.app, stranger)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Otro' } })).json<BiographyEntry>()
    const stealing = await as(t.app, stranger)({ method: 'PATCH', url: `/api/biography/entries/${strangers.id}`, payload: { mediaAssetIds: [mediaId] } })
    expect(stealing.statusCode).toBe(404)
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/biography/entries` })).json().entries.find((e: BiographyEntry) => e.id === entry.id).mediaAssetIds).toEqual([
      mediaId,
    ])
  })

  it('deletes a memory with its files, for its author only', async () => {
    const entry = (await as(t.app, writer)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo que ya no quiero' } })).json<BiographyEntry>()
    const tus = tusClient(t.app, writer)
    const bytes = Buffer.from('Una nota.')
    const created = await tus.create(bytes.length, { filename: 'nota.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    const mediaId = String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])

    expect((await as(t.app, stranger)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(404)
    expect((await entriesOf(t, writer)).some((e) => e.id === entry.id)).toBe(true)

    expect((await as(t.app, writer)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(204)
    expect((await entriesOf(t, writer)).some((e) => e.id === entry.id)).toBe(false)
    expect((await as(t.app, writer)({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404)
    expect((await as(t.app, writer)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(404)
  })

  it('deletes with a memory only the files nothing else uses: a photo also in a member’s gallery or another memory stays', async () => {
    const user = await createTestUser(t.app)
    const selfId = await addSelf(t, user)
    const memory = async (content: string) => (await as(t.app, user)({ method: 'POST', url: '/api/biography/entries', payload: { content } })).json<BiographyEntry>()
    const [going, staying] = [await memory('La boda'), await memory('El bautizo')]
    const upload = async (name: string, linkedToType: string, linkedToId: string) => {
      const bytes = Buffer.from(`Contenido de ${name}`)
      const tus = tusClient(t.app, user)
      const created = await tus.create(bytes.length, { filename: name, linkedToType, linkedToId })
      return String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
    }
    const onlyHere = await upload('solo-aqui.txt', 'biographyEntry', going.id)
    const alsoInGallery = await upload('galeria.txt', 'member', selfId)
    const alsoInOtherMemory = await upload('otra.txt', 'biographyEntry', staying.id)
    const attach = await as(t.app, user)({ method: 'PATCH', url: `/api/biography/entries/${going.id}`, payload: { mediaAssetIds: [onlyHere, alsoInGallery, alsoInOtherMemory] } })
    expect(attach.json().mediaAssetIds).toEqual([onlyHere, alsoInGallery, alsoInOtherMemory])
    const stored = async (mediaId: string) => {
      const response = await as(t.app, user)({ method: 'GET', url: `/api/media/${mediaId}/content` })
      return response.statusCode === 200 ? response.body : response.statusCode
    }

    expect((await as(t.app, user)({ method: 'DELETE', url: `/api/biography/entries/${going.id}` })).statusCode).toBe(204)
    expect(await stored(onlyHere)).toBe(404)
    expect(await stored(alsoInGallery)).toBe('Contenido de galeria.txt')
    expect(await stored(alsoInOtherMemory)).toBe('Contenido de otra.txt')
    const gallery = (await as(t.app, user)({ method: 'GET', url: `/api/media?memberId=${selfId}` })).json().media.map((m: { id: string }) => m.id)
    expect(gallery).toContain(alsoInGallery)
    expect((await entriesOf(t, user)).find((e) => e.id === staying.id)!.mediaAssetIds).toEqual([alsoInOtherMemory])
  })

  it('keeps the memories when the self member is deleted', async () => {
    const user = await createTestUser(t.app)
    const self = await addSelf(t, user)
    await chat(t, user, 'Mi primer trabajo fue en una panadería.')
    expect((await as(t.app, user)({ method: 'DELETE', url: `/api/family-tree/members/${self}` })).statusCode).toBe(200)
    const entries = await entriesOf(t, user)
    expect(entries).toHaveLength(1)
    expect(entries[0]!.subjectMemberId).toBeNull()
  })
})
