import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interviewChatEvents } from '../../../shared/contracts/interviews.ts'
import type { FactList } from '../../../shared/contracts/facts.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { gedcom7Errors } from '../../lib/gedcom/test/validate-gedcom7.ts'
import { webmHeader } from '../../test/media-fixtures.ts'
import { readServerSentEvents } from '../../test/server-sent-events.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { citationsOf } from './test/citations.ts'
import { exportThroughApi } from './test/gedcom-api.ts'

// The whole way through the app: Rosa tells Ana where and when her grandmother Aurora was born,
// with her voice; once she accepts the facts, the tree's GEDCOM cites them (the interview as the
// source, her words, the recording, carried in a GEDZIP), in the exporter's language; a place
// changed by hand since is no longer cited.

describe.each(testDatabases)('accepted facts in the GEDCOM export, through the app, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let aurora: Member
  /** The words the accepted facts came from: one sentence may have said both. */
  let quotes: string[]
  const call = (user: TestUser) => as(t.app, user)

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa', preferredLanguage: 'es' })
    await call(rosa)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Rosa Pérez', birthDate: '1970' } })
    const added = await call(rosa)({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Aurora', lastName: 'Gómez', relationshipToOwner: 'Abuela', isDeceased: true, gender: 'Femenino' },
    })
    aurora = added.json().member
    const told = await call(rosa)({
      method: 'POST',
      url: '/api/interviews/chat',
      payload: { memberId: aurora.memberId, message: 'Nació en Pasto, Nariño, hacia 1931.', language: 'es' },
    })
    const done = readServerSentEvents(told.body, interviewChatEvents).find((event) => event.event === 'done')
    if (done?.event !== 'done' || !done.data.session) throw new Error(`no session kept: ${told.body}`)
    const tus = tusClient(t.app, rosa)
    const bytes = webmHeader()
    const created = await tus.create(bytes.length, {
      filename: 'respuesta.webm',
      filetype: 'audio/webm',
      caption: '',
      linkedToType: 'interviewSession',
      linkedToId: done.data.session.id,
    })
    expect((await tus.patch(String(created.headers.location), 0, bytes)).statusCode).toBe(204)
    const heard = (await call(rosa)({ method: 'GET', url: `/api/facts?memberId=${aurora.memberId}` })).json<FactList>()
    expect(heard.open.map((fact) => fact.kind).sort()).toEqual(['birthDate', 'birthPlace'])
    quotes = [...new Set(heard.open.map((fact) => fact.quote))].sort()
    for (const fact of heard.open) expect((await call(rosa)({ method: 'POST', url: `/api/facts/${fact.id}/accept`, payload: {} })).statusCode).toBe(200)
  })
  afterAll(() => t.close())

  it('cites the accepted birth under Aurora’s BIRT, with the interview, the words and the recording, in 7.0, 5.5.1 and GEDZIP', async () => {
    for (const version of ['7.0', '5.5.1'] as const) {
      const text = await exportThroughApi(t.app, rosa, version)
      const cited = citationsOf(text)
      expect(
        cited.map((citation) => citation.under),
        version,
      ).toEqual(quotes.map(() => 'BIRT'))
      expect(cited.map((citation) => citation.text).sort(), version).toEqual(quotes)
      for (const citation of cited) {
        expect(citation, version).toMatchObject({ owner: 'Aurora /Gómez/', author: 'Rosa', date: expect.stringMatching(/^\d{1,2} [A-Z]{3} \d{4}$/) })
        expect(citation.title, version).toMatch(/^Entrevista con Ana sobre Aurora Gómez, \d{1,2} de \p{L}+ de \d{4}$/u)
        expect(citation.file, version).toEqual(expect.any(String))
      }
      if (version === '7.0') expect(gedcom7Errors(text)).toEqual([])
    }
    const zip = await call(rosa)({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0&format=gdz' })
    const entries = unzipSync(new Uint8Array(zip.rawPayload))
    const [file] = new Set(citationsOf(strFromU8(entries['gedcom.ged']!)).map((citation) => decodeURI(citation.file!)))
    expect(Buffer.from(entries[file!]!)).toEqual(webmHeader())
  })

  it('titles the source in the language of whoever exports, and stops citing a place changed by hand', async () => {
    expect((await call(rosa)({ method: 'PATCH', url: '/api/me', payload: { preferredLanguage: 'en' } })).statusCode).toBeLessThan(300)
    expect(citationsOf(await exportThroughApi(t.app, rosa, '7.0'))[0]!.title).toMatch(/^Interview with Ana about Aurora Gómez, \p{L}+ \d{1,2}, \d{4}$/u)
    expect((await call(rosa)({ method: 'PATCH', url: `/api/family-tree/members/${aurora.memberId}`, payload: { birthPlace: 'Ipiales' } })).statusCode).toBe(200)
    // The date is still the one told, and cited with the words that said it.
    const cited = citationsOf(await exportThroughApi(t.app, rosa, '7.0'))
    expect(cited).toHaveLength(1)
    expect(cited[0]!.text).toMatch(/1931/)
    expect(await exportThroughApi(t.app, rosa, '7.0')).toContain('2 PLAC Ipiales')
  })
})
