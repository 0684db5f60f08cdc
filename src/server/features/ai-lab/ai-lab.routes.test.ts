import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AiLabMemory } from '../../../shared/contracts/ai-lab.ts'
import { limits } from '../../../shared/limits.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'

describe.each(testDatabases)('AI-lab routes in the guided mode on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let stranger: TestUser
  let dreamId: string

  async function memoriesOf(user: TestUser): Promise<AiLabMemory[]> {
    const response = await as(t.app, user)({ method: 'GET', url: '/api/ai-lab/memories' })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().memories
  }

  const save = (user: TestUser, payload: Record<string, unknown>) => as(t.app, user)({ method: 'POST', url: '/api/ai-lab/memories', payload })

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app)
    stranger = await createTestUser(t.app)
    const dream = await as(t.app, owner)({ method: 'POST', url: '/api/dreams', payload: { title: 'El río', content: 'Volaba sobre el río Cauca.' } })
    dreamId = dream.json().id
  })
  afterAll(() => t.close())

  it('says no model answers here, so variations and readings cannot be made', async () => {
    const response = await as(t.app, owner)({ method: 'GET', url: '/api/ai-lab/status' })
    expect(response.json()).toEqual({ mode: 'guided', canGenerate: false })
  })

  it('answers a variation with 503 ai_unavailable, after checking the memory', async () => {
    const refused = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: 'La casa de mi abuela en Pasto.', language: 'es' } })
    expect(refused.statusCode).toBe(503)
    expect(refused.json().error.code).toBe('ai_unavailable')

    const empty = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: '   ' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.details).toEqual([{ path: 'text', code: 'aiLab.memory_required' }])
    const tooLong = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: 'a'.repeat(limits.aiLabMemoryMaxLength + 1) } })
    expect(tooLong.json().error.details).toEqual([{ path: 'text', code: 'validation.too_long' }])
  })

  it('keeps a memory as told, dropping any variation, and lists the newest first', async () => {
    const user = await createTestUser(t.app)
    const first = await save(user, { originalText: '  El día que llegó la luz al pueblo.  ', aiVariationText: 'Una luz que hablaba.', saveMethod: 'original' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ userId: user.id, originalText: 'El día que llegó la luz al pueblo.', aiVariationText: null, saveMethod: 'original' })
    const second = await save(user, { originalText: 'Mi primer baile.', aiVariationText: 'Bailamos sobre las nubes.', saveMethod: 'withVariation' })
    expect(second.json()).toMatchObject({ originalText: 'Mi primer baile.', aiVariationText: 'Bailamos sobre las nubes.', saveMethod: 'withVariation' })

    expect((await memoriesOf(user)).map((memory) => memory.originalText)).toEqual(['Mi primer baile.', 'El día que llegó la luz al pueblo.'])
    expect(await memoriesOf(stranger)).toEqual([])
  })

  it.each([
    ['no original', { originalText: '', saveMethod: 'original' }, [{ path: 'originalText', code: 'aiLab.original_required' }]],
    ['an original too long', { originalText: 'a'.repeat(limits.aiLabMemoryMaxLength + 1), saveMethod: 'original' }, [{ path: 'originalText', code: 'validation.too_long' }]],
    [
      'with the variation but none',
      { originalText: 'Mi primer baile.', aiVariationText: '  ', saveMethod: 'withVariation' },
      [{ path: 'aiVariationText', code: 'aiLab.variation_required' }],
    ],
    ['with the variation but it is missing', { originalText: 'Mi primer baile.', saveMethod: 'withVariation' }, [{ path: 'aiVariationText', code: 'aiLab.variation_required' }]],
    [
      'a variation too long',
      { originalText: 'Mi primer baile.', aiVariationText: 'a'.repeat(limits.chatReplyMaxLength + 1), saveMethod: 'withVariation' },
      [{ path: 'aiVariationText', code: 'validation.too_long' }],
    ],
    ['a way of keeping it that is neither', { originalText: 'Mi primer baile.', saveMethod: 'both' }, [{ path: 'saveMethod', code: 'validation.invalid' }]],
    ['no way of keeping it', { originalText: 'Mi primer baile.' }, [{ path: 'saveMethod', code: 'validation.invalid' }]],
  ])('refuses a memory with %s, and keeps nothing', async (_case, payload, details) => {
    const user = await createTestUser(t.app)
    const response = await save(user, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 'validation_failed', details })
    expect(await memoriesOf(user)).toEqual([])
  })

  it('deletes only the owner’s memory: another user’s answers 404 and stays', async () => {
    const kept = (await save(owner, { originalText: 'La finca de los abuelos.', saveMethod: 'original' })).json<AiLabMemory>()
    const foreign = await as(t.app, stranger)({ method: 'DELETE', url: `/api/ai-lab/memories/${kept.id}` })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe('not_found')
    expect((await memoriesOf(owner)).map((memory) => memory.id)).toContain(kept.id)

    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/ai-lab/memories/${kept.id}` })).statusCode).toBe(204)
    expect((await memoriesOf(owner)).map((memory) => memory.id)).not.toContain(kept.id)
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/api/ai-lab/memories/${kept.id}` })).statusCode).toBe(404)
  })

  it('reads only the owner’s dreams: another user’s dream answers 404 before anything else, the owner’s 503 without a model', async () => {
    for (const request of [
      { method: 'GET' as const, url: `/api/ai-lab/dream-readings?dreamId=${dreamId}` },
      { method: 'POST' as const, url: '/api/ai-lab/dream-readings', payload: { dreamId } },
      { method: 'POST' as const, url: '/api/ai-lab/dream-readings', payload: { dreamId: 'no-such-dream' } },
    ]) {
      const response = await as(t.app, stranger)(request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.json().error.code).toBe('not_found')
    }
    const unavailable = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId, language: 'fr' } })
    expect(unavailable.statusCode).toBe(503)
    expect(unavailable.json().error.code).toBe('ai_unavailable')
    expect((await as(t.app, owner)({ method: 'GET', url: `/api/ai-lab/dream-readings?dreamId=${dreamId}` })).json()).toEqual({ readings: [] })

    const missing = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: {} })
    expect(missing.json().error.details).toEqual([{ path: 'dreamId', code: 'aiLab.dream_required' }])
    const badLanguage = await as(t.app, owner)({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId, language: 'de' } })
    expect(badLanguage.json().error.details).toEqual([{ path: 'language', code: 'validation.invalid' }])
  })

  it('asks for a session on every route', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/ai-lab/status' },
      { method: 'GET' as const, url: '/api/ai-lab/memories' },
      { method: 'POST' as const, url: '/api/ai-lab/memories', payload: { originalText: 'x', saveMethod: 'original' } },
      { method: 'DELETE' as const, url: '/api/ai-lab/memories/x' },
      { method: 'POST' as const, url: '/api/ai-lab/variations', payload: { text: 'x' } },
      { method: 'GET' as const, url: `/api/ai-lab/dream-readings?dreamId=${dreamId}` },
      { method: 'POST' as const, url: '/api/ai-lab/dream-readings', payload: { dreamId } },
    ]) {
      expect((await t.app.inject(request)).statusCode, `${request.method} ${request.url}`).toBe(401)
    }
  })
})
