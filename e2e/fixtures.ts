import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { recordedRequestsPath } from '../src/server/test/fake-gemini.ts'

/** Shared helpers for the browser journeys: fresh accounts and the accessibility check. */

export interface Account {
  name: string
  email: string
  password: string
}

/** A password long enough and absent from the common-passwords list the server refuses. */
export const defaultPassword = 'mi-legado-2026'

/** An e-mail address no earlier test (or run against the same database) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@example.org`
}

export function newAccount(overrides: Partial<Account> = {}): Account {
  return { name: 'Rosa Martínez', email: uniqueEmail(), password: defaultPassword, ...overrides }
}

/**
 * Whatever talks to the API for a journey: a page (its `request` shares the page's cookies) or a
 * request context of its own, for an account several tests share.
 */
export interface ApiClient {
  request: APIRequestContext
}

/**
 * Creates an account through the API. A page's `request` shares the browser context's cookie jar,
 * so the session cookie the server answers with signs the page in too.
 */
export async function signUpThroughApi(client: ApiClient, overrides: Partial<Account> = {}, { ownCard = true }: { ownCard?: boolean } = {}): Promise<Account> {
  const account = newAccount(overrides)
  const response = await client.request.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
  })
  expect(response.status(), `sign-up answered ${response.status()}: ${await response.text()}`).toBe(200)
  // Signing up makes the person's own card; a journey that builds a tree from nothing deletes it, as a person may.
  if (!ownCard) await deleteOwnCardThroughApi(client)
  return account
}

/** The signed-in person's own card in their tree (sign-up makes it), or undefined when they have none. */
export async function ownCardThroughApi(client: ApiClient): Promise<{ memberId: string; firstName: string; lastName: string } | undefined> {
  const tree = (await (await client.request.get('/api/family-tree')).json()) as { members: { memberId: string; firstName: string; lastName: string; isSelf: boolean }[] }
  return tree.members.find((member) => member.isSelf)
}

async function deleteOwnCardThroughApi(client: ApiClient) {
  const card = await ownCardThroughApi(client)
  if (!card) return
  const response = await client.request.delete(`/api/family-tree/members/${card.memberId}`)
  expect(response.status(), `deleting the own card answered ${response.status()}`).toBe(200)
}

/** Creates a dream through the API for the signed-in page. */
export async function createDreamThroughApi(client: ApiClient, dream: { title?: string; content: string; dreamDate?: string | null }) {
  const response = await client.request.post('/api/dreams', {
    data: { title: dream.title ?? '', content: dream.content, dreamDate: dream.dreamDate ?? null },
  })
  expect(response.ok(), `creating a dream answered ${response.status()}: ${await response.text()}`).toBe(true)
}

/** The second server of playwright.config.ts: AI_PROVIDER=gemini, answered by a fake Gemini, and mail through a test SMTP server. */
export const geminiServerUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3107) + 1}`

/** The fake Gemini behind that server (e2e/fake-gemini-server.ts). */
const fakeGeminiUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3107) + 2}`

/** A request the fake Gemini received: `body` is what the server sent the model. */
export interface FakeGeminiRequest {
  method: string
  url: string
  body: unknown
}

/** Everything the fake Gemini has received so far, from every journey, oldest first. */
export async function fakeGeminiRequests(page: Page): Promise<FakeGeminiRequest[]> {
  const response = await page.request.get(`${fakeGeminiUrl}${recordedRequestsPath}`)
  expect(response.ok(), `the fake Gemini's request log answered ${response.status()}`).toBe(true)
  return ((await response.json()) as { requests: FakeGeminiRequest[] }).requests
}

/** Adds the member that represents the signed-in user, so the biography can save memories (sign-up has usually made it). */
export async function addSelfMemberThroughApi(client: ApiClient) {
  if (await ownCardThroughApi(client)) return
  const response = await client.request.post('/api/family-tree/members', { data: { firstName: 'Rosa', lastName: 'Martínez', isSelf: true } })
  expect(response.status(), `adding the self member answered ${response.status()}: ${await response.text()}`).toBe(201)
}

/** What `addMemberThroughApi` sends: the fields of `POST /api/family-tree/members` the journeys use. */
export interface NewMember {
  firstName: string
  lastName: string
  relationshipToOwner?: string
  isDeceased?: boolean
  birthDate?: string
  isSelf?: boolean
  gender?: 'Masculino' | 'Femenino' | 'Otro' | ''
  parentMemberIds?: string[]
  birthPlace?: string
}

/** Adds a member to the signed-in person's tree (the tree is created with the first) and returns its id. */
export async function addMemberThroughApi(client: ApiClient, member: NewMember): Promise<string> {
  const response = await client.request.post('/api/family-tree/members', { data: member })
  expect(response.status(), `adding ${member.firstName} answered ${response.status()}: ${await response.text()}`).toBe(201)
  const { member: created } = (await response.json()) as { member: { memberId: string } }
  return created.memberId
}

/** Keeps a memory written by hand in the signed-in person's biography (needs their own profile in the tree). */
export async function createBiographyEntryThroughApi(client: ApiClient, entry: { content: string; title?: string; eventDate?: string }) {
  const response = await client.request.post('/api/biography/entries', { data: entry })
  expect(response.ok(), `keeping a memory answered ${response.status()}: ${await response.text()}`).toBe(true)
}

/** Keeps a memory in the AI lab as it was told. */
export async function createLabMemoryThroughApi(client: ApiClient, originalText: string) {
  const response = await client.request.post('/api/ai-lab/memories', { data: { originalText, saveMethod: 'original' } })
  expect(response.ok(), `keeping a lab memory answered ${response.status()}: ${await response.text()}`).toBe(true)
}

/** The ids of the people `addFamilyThroughApi` adds. */
export interface SeededFamily {
  selfId: string
  motherId: string
  fatherId: string
  grandmotherId: string
}

/** A small tree as a person builds it: a grandmother, both parents, and the person themself as their child. */
export async function addFamilyThroughApi(client: ApiClient): Promise<SeededFamily> {
  const grandmotherId = await addMemberThroughApi(client, {
    firstName: 'Carmen',
    lastName: 'Ruiz',
    relationshipToOwner: 'Abuela',
    isDeceased: true,
    birthDate: '1931-05-04',
    gender: 'Femenino',
  })
  const motherId = await addMemberThroughApi(client, {
    firstName: 'Elena',
    lastName: 'López Ruiz',
    relationshipToOwner: 'Madre',
    birthDate: '1956-09-21',
    gender: 'Femenino',
    parentMemberIds: [grandmotherId],
  })
  const fatherId = await addMemberThroughApi(client, { firstName: 'Pedro', lastName: 'Martínez', relationshipToOwner: 'Padre', gender: 'Masculino' })
  const self = { firstName: 'Rosa', lastName: 'Martínez López', birthDate: '1980-04-12', gender: 'Femenino', parentMemberIds: [motherId, fatherId] } as const
  // Sign-up has usually made the own card: it gets her facts and parents.
  const ownCard = await ownCardThroughApi(client)
  if (ownCard) {
    const response = await client.request.patch(`/api/family-tree/members/${ownCard.memberId}`, { data: self })
    expect(response.status(), `completing the own card answered ${response.status()}: ${await response.text()}`).toBe(200)
  }
  const selfId = ownCard?.memberId ?? (await addMemberThroughApi(client, { ...self, parentMemberIds: [...self.parentMemberIds], isSelf: true }))
  return { selfId, motherId, fatherId, grandmotherId }
}

/** One of the AI lab's tabs, by its name. */
export const aiLabTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Secciones del laboratorio' }).getByRole('tab', { name })

/** A polite status message of the page with this text. */
export const statusMessage = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/** A mail the test SMTP server received (e2e/test-mail-server.ts). */
export interface TestMail {
  to: string[]
  subject: string
  text: string
}

/** The mails sent to `email` so far through the second server, oldest first; waits for at least one. */
export async function mailsTo(email: string): Promise<TestMail[]> {
  const file = path.join(process.env.LEGADO_E2E_DATA_DIR ?? '', 'mail.jsonl')
  const read = () =>
    (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []).map((line) => JSON.parse(line) as TestMail).filter((mail) => mail.to.includes(email))
  await expect.poll(() => read().length, { message: `a mail to ${email}` }).toBeGreaterThan(0)
  return read()
}
