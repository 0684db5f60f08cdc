import { randomUUID } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
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
 * Creates an account through the API. `page.request` shares the browser context's cookie jar, so
 * the session cookie the server answers with signs the page in too.
 */
export async function signUpThroughApi(page: Page, overrides: Partial<Account> = {}): Promise<Account> {
  const account = newAccount(overrides)
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
  })
  expect(response.status(), `sign-up answered ${response.status()}: ${await response.text()}`).toBe(200)
  return account
}

/** Creates a dream through the API for the signed-in page. */
export async function createDreamThroughApi(page: Page, dream: { title?: string; content: string; dreamDate?: string | null }) {
  const response = await page.request.post('/api/dreams', {
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
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze()
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''))
  const minor = results.violations.filter((violation) => !blockingImpacts.has(violation.impact ?? ''))
  if (minor.length > 0) {
    await test.info().attach(`${pageName}: minor axe findings`, { body: describeViolations(minor), contentType: 'text/plain' })
  }
  expect(blocking.map((violation) => violation.id), `Serious or critical accessibility violations on ${pageName}:\n\n${describeViolations(blocking)}\n`).toEqual([])
}

/** The second server of playwright.config.ts: AI_PROVIDER=gemini, answered by a fake Gemini. */
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

/** Adds the member that represents the signed-in user, so the biography can save memories. */
export async function addSelfMemberThroughApi(page: Page) {
  const response = await page.request.post('/api/family-tree/members', { data: { firstName: 'Rosa', lastName: 'Martínez', isSelf: true } })
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
}

/** Adds a member to the signed-in person's tree (the tree is created with the first) and returns its id. */
export async function addMemberThroughApi(page: Page, member: NewMember): Promise<string> {
  const response = await page.request.post('/api/family-tree/members', { data: member })
  expect(response.status(), `adding ${member.firstName} answered ${response.status()}: ${await response.text()}`).toBe(201)
  const { member: created } = (await response.json()) as { member: { memberId: string } }
  return created.memberId
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a person moving through the page with
 * the keyboard does, then checks the focus ring shows on it.
 */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break
    await page.keyboard.press(key)
  }
  await expectVisibleFocus(target)
}

/** `target` has the focus, is visible, and shows the focus ring (`:focus-visible`, a solid outline). */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  await expect(target).toBeVisible()
  expect(await target.evaluate((element) => element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none')).toBe(true)
}

/** One of the AI lab's tabs, by its name. */
export const aiLabTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Secciones del laboratorio' }).getByRole('tab', { name })

/** A polite status message of the page with this text. */
export const statusMessage = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
