import type { Me } from '../../shared/contracts/account.ts'

/** A JSON answer as our API sends it, for tests that stand in for the server with `fetch` spies. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The signed-in user of component tests. */
export function testMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'rosa@example.com',
    displayName: 'Rosa',
    birthDate: null,
    familyRelation: '',
    preferredLanguage: 'es',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  }
}
