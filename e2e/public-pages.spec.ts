import { gzipSync } from 'node:zlib'
import { expect, test, type Browser, type ConsoleMessage, type Page } from '@playwright/test'
import { storyWords } from '../src/shared/story/index.ts'
import { languages, translator, type Language, type Translate } from './catalogues.ts'
import { addSelfMemberThroughApi, signUpThroughApi } from './fixtures.ts'

/**
 * The public pages come as HTML in the visitor's language, readable before any script runs, and
 * React takes them over without a word of complaint: no hydration mismatch, no warning, no
 * 'Loading translations...' and no request for a catalogue before the page is live.
 */

const browserLocales: Record<Language, string> = { es: 'es-ES', en: 'en-US', fr: 'fr-FR' }

const publicPages: { path: string; status: number; heading: (t: Translate) => string }[] = [
  { path: '/', status: 200, heading: (t) => t('landing:hero.welcome') },
  { path: '/login', status: 200, heading: (t) => t('auth:login.title') },
  { path: '/signup', status: 200, heading: (t) => t('auth:signup.title') },
  { path: '/contact', status: 200, heading: (t) => t('contact:title') },
  { path: '/forgot-password', status: 200, heading: (t) => t('auth:forgot.title') },
  { path: '/reset-password', status: 200, heading: (t) => t('auth:reset.title') },
  { path: '/una-pagina-que-no-existe', status: 404, heading: (t) => t('common:notFound.title') },
]

/** The landing page's scripts before it is interactive, gzip: the budget `npm test` holds. */
const landingScriptBudget = 150 * 1024

/**
 * The one error the browser itself logs for an answer the page expects: the 404 page is itself a
 * 404. A visitor's session check answers 200, so anything else fails the test.
 */
function isExpectedNetworkError(message: ConsoleMessage, pageUrl: string): boolean {
  return message.text().startsWith('Failed to load resource') && message.location().url === pageUrl
}

/** Watches, from before the page's first byte, for the untranslated loading text ever showing. */
async function watchForLoadingTranslations(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { loadingTextSeen: boolean }
    seen.loadingTextSeen = false
    new MutationObserver(() => {
      // innerText: what shows, not the catalogue's JSON (whose English text says the same words).
      if (document.body?.innerText.includes('Loading translations...')) seen.loadingTextSeen = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

/**
 * What a test watches on a page from before its first byte: console errors and warnings (but those
 * `isExpected`), uncaught errors, requests for catalogues and for the API, and the loading text.
 */
async function watchPage(page: Page, isExpected: (message: ConsoleMessage) => boolean = () => false) {
  const seen = { problems: [] as string[], catalogueRequests: [] as string[], apiReads: [] as string[] }
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !isExpected(message)) seen.problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => seen.problems.push(`uncaught: ${error.message}`))
  page.on('request', (request) => {
    const url = request.url()
    if (url.includes('/locales/')) seen.catalogueRequests.push(url)
    if (url.includes('/api/')) seen.apiReads.push(new URL(url).pathname)
  })
  await watchForLoadingTranslations(page)
  return seen
}

async function openAsVisitor(browser: Browser, language: Language, javaScriptEnabled = true) {
  const context = await browser.newContext({ locale: browserLocales[language], javaScriptEnabled })
  return { context, page: await context.newPage() }
}

for (const language of languages) {
  const t = translator(language)
  for (const { path, status, heading } of publicPages) {
    test(`${path} in ${language} is sent in that language and hydrates without a warning`, async ({ browser, baseURL }) => {
      const { context, page } = await openAsVisitor(browser, language)
      const pageUrl = `${baseURL}${path}`
      const { problems, catalogueRequests } = await watchPage(page, (message) => isExpectedNetworkError(message, pageUrl))

      const response = await page.goto(path)
      expect(response?.status()).toBe(status)
      expect(response?.headers()['content-language']).toBe(language)
      // The layout's effects have run: React owns the page.
      await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--site-header-height'))).not.toBe('')
      await page.waitForLoadState('networkidle')

      await expect(page.getByRole('heading', { level: 1, name: heading(t) })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
      expect(await page.evaluate(() => (window as unknown as { loadingTextSeen: boolean }).loadingTextSeen)).toBe(false)
      expect(catalogueRequests, 'the page’s catalogue came with its HTML').toEqual([])
      expect(problems).toEqual([])
      await context.close()
    })
  }
}

/**
 * The signed-in pages the goals name: each paints from the HTML while the session loads, the
 * dashboard and the tree page as themselves, loading (`drawn`: their heading as the HTML has it),
 * other pages as the layout and the session's loading line.
 */
const appPages: { path: string; heading: (t: Translate, language: Language) => string; reads: string[]; drawn?: (t: Translate) => string[] }[] = [
  { path: '/dashboard', heading: (t) => t('dashboard:greeting', { name: 'Rosa Martínez' }), reads: ['/api/session'], drawn: (t) => [t('dashboard:greetingWaiting')] },
  // The tree page reads the part of the tree its chart draws and everyone's names, never the whole tree.
  {
    path: '/family-tree',
    heading: (t) => t('family-tree:page.title'),
    reads: ['/api/session', '/api/family-tree/view', '/api/family-tree/index'],
    drawn: (t) => [t('family-tree:page.title'), t('family-chart:heading')],
  },
  { path: '/my-story', heading: (_t, language) => storyWords[language].myStory, reads: ['/api/session', '/api/biography/entries'] },
]

for (const language of languages) {
  const t = translator(language)
  for (const { path, heading, reads, drawn } of appPages) {
    test(`${path} in ${language} paints its layout from the HTML, asks for its data once, and hydrates without a warning`, async ({ browser }) => {
      const { context, page } = await openAsVisitor(browser, language)
      await signUpThroughApi(page)
      await addSelfMemberThroughApi(page)
      // The page's reads start with its HTML (preloaded) and its script takes those answers.
      const { problems, catalogueRequests, apiReads } = await watchPage(page)

      const response = await page.goto(path)
      const html = (await response?.text()) ?? ''
      if (drawn) {
        expect(html, 'the page itself, loading, is in the HTML').toContain('data-drawn="signed-in"')
        expect(html).not.toContain(`role="status">${t('common:auth.loading')}</p>`)
      } else {
        expect(html, 'the layout and the session’s loading state are in the HTML').toContain(`role="status">${t('common:auth.loading')}</p>`)
      }
      await expect(page.getByRole('heading', { level: 1, name: heading(t, language) })).toBeVisible()
      // A heading drawn in the HTML is there before the app: wait for every read, then for the quiet after them.
      await expect.poll(() => reads.filter((read) => apiReads.includes(read))).toEqual(reads)
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => (window as unknown as { loadingTextSeen: boolean }).loadingTextSeen)).toBe(false)
      expect(catalogueRequests, 'the page’s catalogues came with its HTML').toEqual([])
      expect(apiReads.filter((read) => reads.includes(read)).sort()).toEqual([...reads].sort())
      expect(apiReads).not.toContain('/api/family-tree')
      expect(problems).toEqual([])
      await context.close()
    })
  }
}

for (const language of languages) {
  const t = translator(language)
  for (const { path, drawn } of appPages.filter((page) => page.drawn)) {
    test(`${path} in ${language} shows someone signed in its headings before any script runs, and no one else`, async ({ browser }) => {
      const signedIn = await openAsVisitor(browser, language)
      await signUpThroughApi(signedIn.page)
      const cookies = await signedIn.context.cookies()
      await signedIn.context.close()

      const withoutScripts = await browser.newContext({ locale: browserLocales[language], javaScriptEnabled: false })
      await withoutScripts.addCookies(cookies)
      const page = await withoutScripts.newPage()
      const response = await page.goto(path)
      expect(response?.headers()['cache-control']).toBe('private, no-cache')
      expect(response?.headers()['vary']).toContain('Cookie')
      for (const [index, name] of (drawn?.(t) ?? []).entries()) await expect(page.getByRole('heading', { level: index === 0 ? 1 : 2, name })).toBeVisible()
      await withoutScripts.close()

      // A visitor, or someone whose session has ended, gets the page that waits for the session.
      const visitor = await browser.newContext({ locale: browserLocales[language], javaScriptEnabled: false })
      await visitor.addCookies(cookies.map((cookie) => (cookie.name.includes('session_token') ? { ...cookie, value: `x${cookie.value}` } : cookie)))
      const visitorPage = await visitor.newPage()
      await visitorPage.goto(path)
      await expect(visitorPage.getByRole('status').filter({ hasText: t('common:auth.loading') })).toBeVisible()
      await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveCount(0)
      await visitor.close()
    })
  }
}

test('a signed-out visitor asking for the tree page ends at sign-in, and signing in goes back to it', async ({ browser }) => {
  const signedIn = await openAsVisitor(browser, 'es')
  const account = await signUpThroughApi(signedIn.page)
  await signedIn.context.close()

  const { context, page } = await openAsVisitor(browser, 'es')
  const t = translator('es')
  await page.goto('/family-tree')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel(t('auth:login.email')).fill(account.email)
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(account.password)
  await page.getByRole('button', { name: t('auth:login.submit') }).click()
  await expect(page).toHaveURL(/\/family-tree$/)
  await expect(page.getByRole('heading', { level: 1, name: t('family-tree:page.title') })).toBeVisible()
  await context.close()
})

test('the landing page reads in Spanish before any script runs, and in the language asked for', async ({ browser }) => {
  const spanish = await openAsVisitor(browser, 'es', false)
  await spanish.page.goto('/')
  await expect(spanish.page.getByRole('heading', { level: 1, name: translator('es')('landing:hero.welcome') })).toBeVisible()
  await expect(spanish.page.getByRole('button', { name: translator('es')('auth:signUpForm.submit') })).toBeVisible()
  await spanish.page.goto('/?lng=en')
  await expect(spanish.page.getByRole('heading', { level: 1, name: 'Welcome to Legado' })).toBeVisible()
  await spanish.context.close()

  const english = await openAsVisitor(browser, 'en', false)
  await english.page.goto('/')
  await expect(english.page.getByRole('heading', { level: 1, name: 'Welcome to Legado' })).toBeVisible()
  await english.context.close()
})

test('a language chosen once is the language of the next visit, before any script runs', async ({ browser }) => {
  const { context, page } = await openAsVisitor(browser, 'es')
  await page.goto('/')
  await page.getByLabel('Idioma').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: translator('fr')('landing:hero.welcome') })).toBeVisible()
  const cookies = await context.cookies()
  await context.close()

  const later = await browser.newContext({ locale: 'es-ES', javaScriptEnabled: false })
  await later.addCookies(cookies)
  const next = await later.newPage()
  await next.goto('/login')
  await expect(next.getByRole('heading', { level: 1, name: translator('fr')('auth:login.title') })).toBeVisible()
  await later.close()
})

test('the landing’s sign-up form comes alive when reached, in the language chosen meanwhile, and signs up', async ({ browser }) => {
  const { context, page } = await openAsVisitor(browser, 'es')
  const problems: string[] = []
  page.on('console', (message) => message.type() === 'error' && !isExpectedNetworkError(message, '') && problems.push(message.text()))
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto('/')
  await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--site-header-height'))).not.toBe('')
  await page.getByLabel('Idioma').selectOption('fr')
  const fr = translator('fr')
  await page.getByRole('button', { name: fr('landing:hero.cta') }).click()
  await page.getByLabel(fr('auth:signUpForm.name')).fill('Rosa Martínez')
  await page.getByLabel(fr('auth:signUpForm.email')).fill(`formulario-${Date.now()}@example.com`)
  await page.getByLabel(fr('auth:signUpForm.password'), { exact: true }).fill('una-clave-segura')
  await page.getByRole('button', { name: fr('auth:signUpForm.submit') }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(problems).toEqual([])
  await context.close()
})

test(`the landing page loads at most ${landingScriptBudget / 1024} KiB of JavaScript (gzip) before it is interactive`, async ({ browser }) => {
  const { context, page } = await openAsVisitor(browser, 'es')
  const scripts: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const sizes = await Promise.all(scripts)
  const total = sizes.reduce((sum, size) => sum + size, 0)
  expect(sizes.length).toBeGreaterThan(0)
  expect(total, `${(total / 1024).toFixed(1)} KiB in ${sizes.length} scripts`).toBeLessThanOrEqual(landingScriptBudget)
  await context.close()
})
