import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FactList, FactProposal } from '../../../shared/contracts/facts.ts'
import type { Member, MemberFacts } from '../../../shared/contracts/family-tree.ts'
import { ana } from '../../integrations/ai/personas/ana.ts'
import { geminiSettings, startFakeGemini } from '../../test/fake-gemini.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

// With a model, each answer to Ana is also read by a second request that asks for its facts as
// JSON. Rosa tells freely of her grandmother's marriage and children: the model's reading joins
// what the words say plainly, every fact still waits for Rosa, and a birthplace told otherwise
// than the card holds is shown beside it and left alone.

const answer = 'Aurora nació en Pasto. Se casó con Luis Pérez en 1950 y tuvieron tres hijos: Ana, Jorge y Marta.'
const modelHeard = {
  facts: [
    { kind: 'birthPlace', value: 'Pasto', quote: 'Aurora nació en Pasto' },
    { kind: 'spouse', value: 'Luis Pérez', quote: 'Se casó con Luis Pérez' },
    { kind: 'marriageDate', value: '1950', quote: 'Se casó con Luis Pérez en 1950' },
    { kind: 'child', value: 'Ana', quote: 'tuvieron tres hijos: Ana, Jorge y Marta' },
    { kind: 'child', value: 'Jorge', quote: 'tuvieron tres hijos: Ana, Jorge y Marta' },
    { kind: 'child', value: 'Marta', quote: 'tuvieron tres hijos: Ana, Jorge y Marta' },
    // Words the answer does not hold: never proposed.
    { kind: 'occupation', value: 'maestra', quote: 'era maestra en Pasto' },
  ],
}

describe.each(testDatabases)('facts a model hears in a free answer, on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  let rosa: TestUser
  let aurora: Member

  const call = (user: TestUser) => as(t.app, user)
  const card = async (memberId: string): Promise<MemberFacts> => (await call(rosa)({ method: 'GET', url: `/api/family-tree/members/${memberId}` })).json().member
  const heard = async (): Promise<FactList> => (await call(rosa)({ method: 'GET', url: `/api/facts?memberId=${aurora.memberId}` })).json()
  const accept = (proposal: FactProposal, payload: object = {}) => call(rosa)({ method: 'POST', url: `/api/facts/${proposal.id}/accept`, payload })
  const named = (list: FactProposal[]) => list.map((p) => `${p.kind}: ${typeof p.value === 'string' ? p.value : `${p.value.first} ${p.value.last}`.trim()}`).sort()

  beforeAll(async () => {
    gemini = await startFakeGemini()
    t = await createTestApp(database, geminiSettings(gemini))
    rosa = await createTestUser(t.app, { name: 'Rosa' })
    const response = await call(rosa)({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Aurora', lastName: 'Gómez', relationshipToOwner: 'Abuela', isDeceased: true, birthPlace: 'Quito' },
    })
    aurora = response.json().member
  })
  afterAll(async () => {
    await t.close()
    await gemini.close()
  })

  it('proposes a spouse, the wedding and three children from a free answer, and adds them only when accepted', async () => {
    gemini.answerWith({ kind: 'stream', pieces: ['¡Qué bonito! ', '¿Cómo se conocieron?'] })
    // Slower than the reply: the list waits for it.
    gemini.answerJsonWith({ kind: 'json', value: modelHeard, delayMs: 300 })
    const told = await call(rosa)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: aurora.memberId, message: answer, language: 'es' } })
    expect(told.statusCode, told.body).toBe(200)

    const { open } = await heard()
    expect(named(open)).toEqual(['birthPlace: Pasto', 'child: Ana', 'child: Jorge', 'child: Marta', 'marriageDate: 1950', 'spouse: Luis Pérez'])
    for (const proposal of open) expect(answer).toContain(proposal.quote)
    expect(gemini.jsonRequests()).toHaveLength(1)
    const listening = gemini.jsonRequests()[0]!.body as { generationConfig: { temperature: number }; safetySettings: { threshold: string }[] }
    expect(listening.generationConfig.temperature).toBe(0)
    // Read with Ana's own settings: an answer about a death or a war is read, never blocked.
    expect(listening.safetySettings.map((setting) => setting.threshold)).toEqual(ana.safety.map((setting) => setting.threshold))
    expect(new Set(listening.safetySettings.map((setting) => setting.threshold))).toEqual(new Set(['BLOCK_NONE']))
    expect((await card(aurora.memberId)).relatives).toEqual([])

    for (const child of open.filter((p) => p.kind === 'child')) expect((await accept(child)).statusCode).toBe(200)
    const spouse = open.find((p) => p.kind === 'spouse')!
    expect((await accept(spouse)).statusCode).toBe(200)
    const wedding = open.find((p) => p.kind === 'marriageDate')!
    const married = await accept(wedding)
    expect(married.statusCode, married.body).toBe(200)

    const relatives = (await card(aurora.memberId)).relatives.map((r) => `${r.relation}: ${r.firstName} ${r.lastName}`.trim())
    expect(relatives.sort()).toEqual(['child: Ana', 'child: Jorge', 'child: Marta', 'partner: Luis Pérez'])
    const tree = (await call(rosa)({ method: 'GET', url: '/api/family-tree' })).json() as {
      unions: { firstPartnerId: string; secondPartnerId: string; marriageDate: string | null }[]
    }
    expect(tree.unions.find((u) => [u.firstPartnerId, u.secondPartnerId].includes(aurora.memberId))?.marriageDate).toBe('1950')
  })

  it('shows a birthplace told otherwise than the card beside it, and applies nothing without a choice', async () => {
    const place = (await heard()).open.find((p) => p.kind === 'birthPlace')!
    expect([place.value, place.current]).toEqual(['Pasto', 'Quito'])
    const refused = await accept(place)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('facts.contradicts')
    expect((await card(aurora.memberId)).birthPlace).toBe('Quito')
    expect((await heard()).open.map((p) => p.id)).toEqual([place.id])
  })
})
