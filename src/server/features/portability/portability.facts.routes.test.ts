import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FactProposal } from '../../../shared/contracts/facts.ts'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import type { ImportReport } from '../../../shared/contracts/portability.ts'
import { multipartFile } from '../../test/multipart.ts'
import { heardAbout, tellAna } from '../../test/heard-facts.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// Rosa told Ana about her grandmother Aurora and decided on what was heard: the birthplace
// accepted as she corrected it, the birth date dismissed, Aurora's daughter added to the tree,
// her trade still waiting. Her export carries those decisions, so the account it is imported
// into has the same citations and proposals, and what was dismissed stays dismissed.

type Json = Record<string, unknown> & { id: string }

describe.each(testDatabases)('facts heard, exported and imported into another account, on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let archive: Uint8Array

  const call = (user: TestUser) => as(t.app, user)
  const tell = (memberId: string, message: string) => tellAna(t.app, rosa, memberId, message)
  const heard = (user: TestUser, memberId: string) => heardAbout(t.app, user, memberId)
  const byKind = (list: FactProposal[], kind: string) => list.find((p) => p.kind === kind)
  const importInto = async (user: TestUser, bytes: Uint8Array): Promise<ImportReport> => {
    const response = await call(user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', bytes) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const factsReport = (report: ImportReport) => report.kinds.find((kind) => kind.kind === 'heardFacts')
  async function memberNamed(user: TestUser, firstName: string): Promise<Member> {
    const members = (await call(user)({ method: 'GET', url: '/api/family-tree' })).json().members as Member[]
    return members.find((member) => member.firstName === firstName)!
  }
  /** The member's interview whose answer starts so, in that account. */
  async function sessionTold(user: TestUser, memberId: string, start: string): Promise<string> {
    const { sessions } = (await call(user)({ method: 'GET', url: `/api/interviews?memberId=${memberId}` })).json() as { sessions: Json[] }
    return sessions.find((session) => (session.answer as string).startsWith(start))!.id
  }
  const edit = (zip: Uint8Array, name: string, change: (rows: Json[]) => Json[]) => {
    const files = unzipSync(zip)
    files[name] = strToU8(JSON.stringify(change(JSON.parse(strFromU8(files[name]!)))))
    return files
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa' })
    const add = async (payload: object) => (await call(rosa)({ method: 'POST', url: '/api/family-tree/members', payload })).json().member as Member
    const aurora = await add({ firstName: 'Aurora', lastName: 'Gómez', relationshipToOwner: 'Abuela', isDeceased: true, gender: 'Femenino' })
    await tell(aurora.memberId, 'Nació en Pasto, Nariño, hacia 1931.')
    await tell(aurora.memberId, 'Su hija se llamaba Marta.')
    await tell(aurora.memberId, 'Trabajaba de costurera.')
    const { open } = await heard(rosa, aurora.memberId)
    const decide = async (kind: string, action: 'accept' | 'dismiss', payload?: object) => {
      const response = await call(rosa)({ method: 'POST', url: `/api/facts/${byKind(open, kind)!.id}/${action}`, ...(payload ? { payload } : {}) })
      expect(response.statusCode, response.body).toBeLessThan(300)
    }
    await decide('birthPlace', 'accept', { value: 'San Juan de Pasto' })
    await decide('birthDate', 'dismiss')
    await decide('child', 'accept', { value: { first: 'Marta', last: 'Gómez' } })
    const response = await call(rosa)({ method: 'GET', url: '/api/me/export' })
    expect(response.statusCode, response.body).toBe(200)
    archive = new Uint8Array(response.rawPayload)
  })
  afterAll(() => t.close())

  it('writes each fact with its decision, its person and its answer, and counts them in the manifest', () => {
    const files = unzipSync(archive)
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    expect(manifest.schemaVersion).toBe(4)
    expect(manifest.counts.heardFacts).toBe(4)
    const facts = JSON.parse(strFromU8(files['heard-facts.json']!)) as Json[]
    const sessions = JSON.parse(strFromU8(files['interview-sessions.json']!)) as Json[]
    const told = sessions.find((session) => JSON.stringify(session.conversationPair).includes('Nació en Pasto'))!
    expect(facts.find((fact) => fact.kind === 'birthPlace')).toMatchObject({
      interviewSessionId: told.id,
      biographyEntryId: null,
      value: 'San Juan de Pasto',
      valueKey: 'pasto, narino',
      quote: expect.stringContaining('Pasto'),
      status: 'accepted',
      decidedAt: expect.any(String),
      appliedMemberId: null,
    })
    expect(facts.find((fact) => fact.kind === 'child')).toMatchObject({ value: { first: 'Marta', last: 'Gómez' }, status: 'accepted', appliedMemberId: expect.any(String) })
    expect(facts.map((fact) => [fact.kind, fact.status]).sort()).toEqual([
      ['birthDate', 'dismissed'],
      ['birthPlace', 'accepted'],
      ['child', 'accepted'],
      ['occupation', 'open'],
    ])
    // An account means nothing in another Legado.
    expect(facts.every((fact) => !('decidedByUserId' in fact))).toBe(true)
  })

  it('restores the open proposals and the citations, pointing at the restored answers, and never proposes a dismissed fact again', async () => {
    const heir = await createTestUser(t.app, { name: 'Lucía' })
    expect(factsReport(await importInto(heir, archive))).toEqual({ kind: 'heardFacts', found: 4, restored: 4, skipped: [] })
    const aurora = await memberNamed(heir, 'Aurora')
    const marta = await memberNamed(heir, 'Marta')
    const told = await sessionTold(heir, aurora.memberId, 'Nació en Pasto')

    const { open, cited } = await heard(heir, aurora.memberId)
    expect(open.map((p) => [p.kind, p.value, p.quote])).toEqual([['occupation', 'costurera', expect.stringContaining('costurera')]])
    expect(open[0]!.source).toMatchObject({ kind: 'interview', id: await sessionTold(heir, aurora.memberId, 'Trabajaba') })
    expect(cited.map((p) => [p.kind, p.value]).sort()).toEqual([
      ['birthPlace', 'San Juan de Pasto'],
      ['child', { first: 'Marta', last: 'Gómez' }],
    ])
    expect(byKind(cited, 'birthPlace')).toMatchObject({ status: 'accepted', decidedAt: expect.any(String), source: { kind: 'interview', id: told } })
    expect(byKind(cited, 'child')!.appliedMemberId).toBe(marta.memberId)
    expect(aurora.birthPlace).toBe('San Juan de Pasto')

    // The corrected answer is heard again: neither the dismissed date nor the birthplace accepted
    // as corrected comes back as a proposal.
    const corrected = await call(heir)({ method: 'PATCH', url: `/api/interviews/${told}`, payload: { answer: 'Nació en Pasto, Nariño, hacia 1931, en invierno.' } })
    expect(corrected.statusCode, corrected.body).toBe(200)
    const after = await heard(heir, aurora.memberId)
    expect(after.open.map((p) => p.kind)).toEqual(['occupation'])
    expect(after.cited.map((p) => p.kind).sort()).toEqual(['birthPlace', 'child'])
  })

  it('skips a fact whose answer did not come back, and one of a kind or status it does not know, each reported', async () => {
    const files = edit(archive, 'interview-sessions.json', (sessions) => sessions.filter((session) => !JSON.stringify(session.conversationPair).includes('costurera')))
    const facts = JSON.parse(strFromU8(files['heard-facts.json']!)) as Json[]
    const trade = facts.find((fact) => fact.kind === 'occupation')!
    const place = facts.find((fact) => fact.kind === 'birthPlace')!
    files['heard-facts.json'] = strToU8(
      JSON.stringify([...facts, { ...place, id: 'color', kind: 'favouriteColour', value: 'azul', valueKey: 'azul' }, { ...place, id: 'quizá', status: 'maybe' }]),
    )
    const heir = await createTestUser(t.app)
    const report = factsReport(await importInto(heir, zipSync(files)))!
    expect(report).toMatchObject({ found: 6, restored: 3 })
    expect(report.skipped).toEqual([
      { id: 'color', reason: 'invalid', detail: 'kind' },
      { id: 'quizá', reason: 'invalid', detail: 'status' },
      { id: trade.id, reason: 'missing_reference', detail: `interview ${trade.interviewSessionId as string}` },
    ])
    const aurora = await memberNamed(heir, 'Aurora')
    expect((await heard(heir, aurora.memberId)).open).toEqual([])
  })

  it('still imports an archive of version 3, which has no facts heard', async () => {
    const files = unzipSync(archive)
    delete files['heard-facts.json']
    files['manifest.json'] = strToU8(JSON.stringify({ ...JSON.parse(strFromU8(files['manifest.json']!)), schemaVersion: 3 }))
    const heir = await createTestUser(t.app)
    const report = await importInto(heir, zipSync(files))
    expect(factsReport(report)).toEqual({ kind: 'heardFacts', found: 0, restored: 0, skipped: [] })
    expect(report.kinds.find((kind) => kind.kind === 'interviewSessions')).toMatchObject({ found: 3, restored: 3 })
    const aurora = await memberNamed(heir, 'Aurora')
    expect(await heard(heir, aurora.memberId)).toMatchObject({ open: [], cited: [] })
  })
})
