import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
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
  expect(response.status(), `deleting the own card answered ${response.status()}`).toBe(204)
}

/** Creates a dream through the API for the signed-in page. */
export async function createDreamThroughApi(client: ApiClient, dream: { title?: string; content: string; dreamDate?: string | null }) {
  const response = await client.request.post('/api/dreams', {
    data: { title: dream.title ?? '', content: dream.content, dreamDate: dream.dreamDate ?? null },
  })
  expect(response.ok(), `creating a dream answered ${response.status()}: ${await response.text()}`).toBe(true)
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const blockingImpacts = new Set(['serious', 'critical'])

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type AxeViolation = AxeResults['violations'][number]

/** Each violation with what is needed to fix it: rule, impact, advice and the offending nodes. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''
          return `    - ${node.target.join(' ')}\n        ${node.html}${summary}`
        })
        .join('\n')
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`
    })
    .join('\n\n')
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on any serious or critical
 * violation, listing each one. Lesser findings are attached to the report without failing.
 */
export async function expectNoSeriousA11yViolations(page: Page, pageName: string): Promise<void> {
  // Let CSS transitions settle (never-ending animations aside), so colours are checked as the
  // reader finally sees them.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Legacy mode runs axe inside the page alone instead of opening a blank page to merge the
  // results of every frame: the app has no frames, and it halves the time of each check.
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode(true).analyze()
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''))
  const minor = results.violations.filter((violation) => !blockingImpacts.has(violation.impact ?? ''))
  if (minor.length > 0) {
    await test.info().attach(`${pageName}: minor axe findings`, { body: describeViolations(minor), contentType: 'text/plain' })
  }
  expect(
    blocking.map((violation) => violation.id),
    `Serious or critical accessibility violations on ${pageName}:\n\n${describeViolations(blocking)}\n`,
  ).toEqual([])
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

/** An element that reaches past the sides of the screen, described so it can be found in the code. */
interface OverflowingElement {
  element: string
  left: number
  right: number
}

/**
 * Fails when the page scrolls sideways at its current width, or when any element (or the text in
 * it) reaches past either side of the screen, naming those elements. Whatever sits inside a
 * container that scrolls or clips on its own (a chart, a zoomed photo) is that container's business.
 */
export async function expectNoHorizontalOverflow(page: Page, pageName: string): Promise<void> {
  // Widths are only final once the bundled fonts have replaced the fallback ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const { viewportWidth, scrollWidth, offenders } = await page.evaluate(() => {
    const viewportWidth = window.innerWidth
    // Sub-pixel layout rounds; a person does not see half a pixel.
    const tolerance = 1
    const isClipping = (element: Element) => {
      if (element === document.documentElement || element === document.body) return false
      const style = getComputedStyle(element)
      return style.overflowX !== 'visible' || style.clip !== 'auto'
    }
    const isInsideClipping = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) if (isClipping(ancestor)) return true
      return false
    }
    const reachesOut = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && (rect.right > viewportWidth + tolerance || rect.left < -tolerance)
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const classes = [...element.classList].map((name) => `.${name}`).join('')
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)
      return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`
    }

    const overflowing = new Map<Element, DOMRect>()
    for (const element of document.body.querySelectorAll('*')) {
      if (getComputedStyle(element).visibility === 'hidden' || isInsideClipping(element)) continue
      const rect = element.getBoundingClientRect()
      if (reachesOut(rect)) overflowing.set(element, rect)
      // Text that does not wrap pokes out of a box that itself fits, unless the box clips it
      // (as `.visually-hidden` does).
      if (isClipping(element)) continue
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const textRect = range.getBoundingClientRect()
        if (reachesOut(textRect) && !overflowing.has(element)) overflowing.set(element, textRect)
      }
    }
    // Name the outermost element that reaches out: its children only follow it.
    const offenders = [...overflowing]
      .filter(([element]) => !element.parentElement || !overflowing.has(element.parentElement))
      .slice(0, 10)
      .map(([element, rect]) => ({ element: describe(element), left: Math.round(rect.left), right: Math.round(rect.right) }))
    return { viewportWidth, scrollWidth: document.documentElement.scrollWidth, offenders }
  })
  const list = (offenders as OverflowingElement[]).map(({ element, left, right }) => `  - ${element}: from ${left} px to ${right} px`).join('\n')
  expect(offenders, `Elements reaching past the ${viewportWidth} px screen on ${pageName}:\n${list}\n`).toEqual([])
  expect(scrollWidth, `${pageName} scrolls sideways on a ${viewportWidth} px screen`).toBeLessThanOrEqual(viewportWidth)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a person moving through the page with
 * the keyboard does, then checks the focus ring shows on it.
 */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  // A control that is not there fails here, rather than after a minute of pressing keys.
  await expect(target).toBeAttached()
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break
    await page.keyboard.press(key)
  }
  await expectVisibleFocus(target)
}

/**
 * `target` has the focus, is visible, shows the focus ring (`:focus-visible`, a solid outline), and
 * is on screen with nothing (a sticky header, say) covering it.
 */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  await expect(target).toBeVisible()
  expect(await target.evaluate((element) => element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none')).toBe(true)
  const hiddenBy = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    // Its top edge (where a field's text and caret are, and what a sticky header hides first) and
    // a line below it; a tall box may run past the bottom of the screen, as browsers leave it.
    const x = (Math.max(rect.left, 0) + Math.min(rect.right, window.innerWidth)) / 2
    const inset = Math.min(4, rect.height / 2)
    for (const y of [rect.top + inset, rect.top + Math.min(rect.height / 2, 24)]) {
      if (y < 0 || y > window.innerHeight) return `off screen (${Math.round(y)} px from the top of a ${window.innerHeight} px screen)`
      const found = document.elementFromPoint(x, y)
      if (found && found !== element && !element.contains(found)) {
        const classes = [...found.classList].map((name) => `.${name}`).join('')
        return `covered by <${found.tagName.toLowerCase()}${classes}>`
      }
    }
    return null
  })
  expect(hiddenBy, `the focused ${await target.evaluate((element) => element.outerHTML.slice(0, 120))} is hidden from view`).toBeNull()
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
