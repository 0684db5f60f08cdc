import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { addSelf, chat, entriesOf, last, replyOf } from './biography.test-support.ts'

// A conversation with Cronos kept as a story: each answer under the question it answered, the
// answers of one sitting in one conversation, «otra» never a memory, words that can be corrected.

const questionOf = (text: string) => text.slice(text.lastIndexOf('¿'))

describe.each(testDatabases)('the biography kept as a story, on %s', (database) => {
  let t: TestApp
  let stranger: TestUser

  beforeAll(async () => {
    t = await createTestApp(database)
    stranger = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  async function writer() {
    const user = await createTestUser(t.app)
    await addSelf(t, user)
    return user
  }
  const opening = async (user: TestUser) => (await as(t.app, user)({ method: 'GET', url: '/api/biography/chat?language=es' })).json<{ text: string }>().text

  it('keeps each answer under the question it answered, and the answers of one sitting in one conversation', async () => {
    const user = await writer()
    const asked = [questionOf(await opening(user))]
    for (const answer of ['En Cali.', 'Mi abuela Tulia.', 'Un patio con un limonero.']) asked.push(questionOf(replyOf((await chat(t, user, answer)).events)))

    const told = (await entriesOf(t, user)).reverse()
    expect(told.map((entry) => [entry.question, entry.answer])).toEqual([
      [asked[0], 'En Cali.'],
      [asked[1], 'Mi abuela Tulia.'],
      [asked[2], 'Un patio con un limonero.'],
    ])
    // The reply is the answer's acknowledgement (ending with the next question), kept with it.
    expect(told.map((entry) => questionOf(entry.acknowledgement!))).toEqual(asked.slice(1))
    expect(new Set(told.map((entry) => entry.conversation?.id)).size).toBe(1)
    expect(told[0]!.conversation).toMatchObject({ title: '' })
  })

  it('starts a new conversation when the chat’s last answer is older than a sitting, going on from the question still waiting', async () => {
    const user = await writer()
    await chat(t, user, 'En Cali.')
    const waiting = questionOf(replyOf((await chat(t, user, 'Mi abuela Tulia.')).events))
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()
    await t.db.updateTable('biographyEntry').set({ entryDate: yesterday }).where('authorUserId', '=', user.id).execute()

    expect((await opening(user)).endsWith(waiting)).toBe(true)
    const { events } = await chat(t, user, 'Jugaba en la calle.')
    const done = last(events)
    if (done.event !== 'done' || !done.data.entry) throw new Error(JSON.stringify(done))
    expect(done.data.entry.question).toBe(waiting)
    const conversations = new Set((await entriesOf(t, user)).map((entry) => entry.conversation?.id))
    expect(conversations.size).toBe(2)
  })

  it('keeps no memory of «otra», yet does not ask the skipped question again, now or after a reload', async () => {
    const user = await writer()
    const skipped = questionOf(await opening(user))
    const { events } = await chat(t, user, 'Otra')
    const done = last(events)
    expect(done).toMatchObject({ event: 'done', data: { entry: null, notSavedReason: 'chat.skipped', carry: null } })
    const next = questionOf(replyOf(events))
    expect(next).not.toBe(skipped)
    expect(await entriesOf(t, user)).toEqual([])
    expect((await opening(user)).endsWith(next)).toBe(true)

    await chat(t, user, 'Me gustaba leer.')
    const [kept] = await entriesOf(t, user)
    expect(kept).toMatchObject({ question: next, answer: 'Me gustaba leer.' })
    expect(kept!.acknowledgement).not.toContain(skipped)
  })

  it('corrects an answer’s words, keeping the first ones, for its author only', async () => {
    const user = await writer()
    await chat(t, user, 'Naci en Cali en 1950')
    const [entry] = await entriesOf(t, user)
    const patch = (who: TestUser, payload: object) => as(t.app, who)({ method: 'PATCH', url: `/api/biography/entries/${entry!.id}`, payload })

    const corrected = await patch(user, { answer: ' Nací en Cali, en 1950. ' })
    expect(corrected.statusCode, corrected.body).toBe(200)
    expect(corrected.json()).toMatchObject({ answer: 'Nací en Cali, en 1950.', originalAnswer: 'Naci en Cali en 1950', acknowledgement: entry!.acknowledgement })
    const again = (await patch(user, { answer: 'Nací en Santiago de Cali, en 1950.' })).json<BiographyEntry>()
    expect(again.originalAnswer).toBe('Naci en Cali en 1950')

    const empty = await patch(user, { answer: '  ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.details).toEqual([{ path: 'answer', code: 'chat.answer_required' }])
    expect((await patch(stranger, { answer: 'Mío' })).statusCode).toBe(404)
    expect((await entriesOf(t, user))[0]!.answer).toBe('Nací en Santiago de Cali, en 1950.')
  })

  it('names a conversation, and gives it back its date and topic when the title is emptied; another person’s answers 404', async () => {
    const user = await writer()
    await chat(t, user, 'En Cali.')
    const id = (await entriesOf(t, user))[0]!.conversation!.id
    const rename = (who: TestUser, title: string) => as(t.app, who)({ method: 'PATCH', url: `/api/biography/conversations/${id}`, payload: { title } })

    expect((await rename(user, ' La infancia en Cali ')).json()).toMatchObject({ id, title: 'La infancia en Cali' })
    expect((await entriesOf(t, user))[0]!.conversation!.title).toBe('La infancia en Cali')
    expect((await rename(user, 'Dos\nlíneas')).json().error.details).toEqual([{ path: 'title', code: 'validation.single_line' }])
    expect((await rename(stranger, 'Mío')).statusCode).toBe(404)
    expect((await rename(user, '')).json()).toMatchObject({ title: '' })
  })

  it('keeps an event date as the person knows it, read in their language, sorted by its genealogy key', async () => {
    const user = await writer()
    const write = async (eventDate: string, language = 'es') =>
      as(t.app, user)({ method: 'POST', url: '/api/biography/entries', payload: { content: `Algo de ${eventDate}`, eventDate, language } })
    const about = (await write('hacia 1950')).json<BiographyEntry>()
    expect(about).toMatchObject({ eventDate: 'ABT 1950', eventDateSortKey: expect.any(Number) })
    const spring = (await write('printemps 1962', 'fr')).json<BiographyEntry>()
    expect(spring.eventDate).toBe('(printemps 1962)')
    const year = (await write('1950')).json<BiographyEntry>()
    const exact = (await write('17 de mayo de 1948')).json<BiographyEntry>()
    expect(exact.eventDate).toBe('1948-05-17')
    expect(exact.eventDateSortKey!).toBeLessThan(year.eventDateSortKey!)
    // A day kept before dates were written as known still reads as that day.
    await t.db.updateTable('biographyEntry').set({ eventDate: '1961-08-07' }).where('id', '=', year.id).execute()
    expect((await entriesOf(t, user)).find((entry) => entry.id === year.id)).toMatchObject({ eventDate: '1961-08-07', eventDateSortKey: expect.any(Number) })

    const edited = await as(t.app, user)({ method: 'PATCH', url: `/api/biography/entries/${about.id}`, payload: { eventDate: 'entre 1920 y 1925', language: 'es' } })
    expect(edited.json().eventDate).toBe('BET 1920 AND 1925')
    const reversed = await as(t.app, user)({ method: 'PATCH', url: `/api/biography/entries/${about.id}`, payload: { eventDate: 'entre 1925 y 1920' } })
    expect(reversed.json().error.details).toEqual([{ path: 'eventDate', code: 'member.date_range_reversed' }])
  })
})
