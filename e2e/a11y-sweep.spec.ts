import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { addFamilyThroughApi, createBiographyEntryThroughApi, createDreamThroughApi, createLabMemoryThroughApi, signUpThroughApi, type SeededFamily } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './page-checks.ts'
import { storyWords } from '../src/shared/story/index.ts'
import { languages, translator, type Language, type Translate } from './catalogues.ts'

/**
 * Every page of the app, in each of its languages, on a desktop screen and on a 375 px phone, in
 * the state a reader meets it (signed in, with a family, a dream and memories where the page
 * shows them): the page speaks the chosen language, axe finds no serious or critical violation,
 * and nothing reaches past the sides of the screen (which is where a phone shows it).
 *
 * A new page is one entry of `pages`.
 */

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 667 },
} as const

/** What a signed-in page is opened with. */
interface Seeded {
  family: SeededFamily
  displayName: string
}

interface PageCase {
  /** Names the test. */
  name: string
  path: string | ((seeded: Seeded) => string)
  /** Opened by someone signed in, with some of everything in their account. */
  signedIn: boolean
  /** The page's level-1 heading in the language shown. */
  heading: (t: Translate, seeded: Seeded, language: Language) => string
  /** What the page shows once the data it loads after its heading has come, so axe sees it filled in. */
  shows?: (page: Page, t: Translate) => Locator[]
}

const aiLabTabPanel = (page: Page, t: Translate, tab: 'memory' | 'dreams' | 'constellations' | 'game') => page.getByRole('tabpanel', { name: t(`ai-lab:tabs.${tab}`) })

const pages: PageCase[] = [
  { name: 'landing', path: '/', signedIn: false, heading: (t) => t('landing:hero.welcome') },
  { name: 'login', path: '/login', signedIn: false, heading: (t) => t('auth:login.title') },
  { name: 'signup', path: '/signup', signedIn: false, heading: (t) => t('auth:signup.title') },
  { name: 'contact', path: '/contact', signedIn: false, heading: (t) => t('contact:title') },
  // The first server mails nothing: the page says whom to ask for a link.
  { name: 'forgot-password', path: '/forgot-password', signedIn: false, heading: (t) => t('auth:forgot.title'), shows: (page, t) => [page.getByText(t('auth:forgot.byOperator'))] },
  { name: 'reset-password', path: '/reset-password', signedIn: false, heading: (t) => t('auth:reset.title'), shows: (page) => [page.getByRole('alert')] },
  { name: '404', path: '/una-pagina-que-no-existe', signedIn: false, heading: (t) => t('common:notFound.title') },
  { name: 'dashboard', path: '/dashboard', signedIn: true, heading: (t, { displayName }) => t('dashboard:greeting', { name: displayName }) },
  {
    name: 'account',
    path: '/account',
    signedIn: true,
    heading: (t) => t('auth:account.title'),
    shows: (page) => [page.getByRole('textbox').first()],
  },
  {
    name: 'my-biography',
    path: '/my-biography',
    signedIn: true,
    heading: (t) => t('biography:page.title'),
    shows: (page) => [page.getByTestId('memory-item'), page.locator('[data-speaker=model]').filter({ hasText: '?' }).first()],
  },
  {
    name: 'my-story',
    path: '/my-story',
    signedIn: true,
    heading: (_t, _seeded, language) => storyWords[language].myStory,
    shows: (page) => [page.getByRole('heading', { level: 3, name: 'La casa de bahareque' })],
  },
  {
    name: 'story',
    path: ({ family }) => `/story/${family.grandmotherId}`,
    signedIn: true,
    heading: (_t, _seeded, language) => storyWords[language].storyOf('Carmen Ruiz'),
    shows: (page) => [page.getByRole('heading', { level: 2 }).first()],
  },
  {
    name: 'timeline',
    path: ({ family }) => `/timeline/${family.grandmotherId}`,
    signedIn: true,
    heading: (t) => t('timeline:page.titleOf', { name: 'Carmen Ruiz' }),
    shows: (page, t) => [page.getByRole('list', { name: t('timeline:page.listLabel', { name: 'Carmen Ruiz' }) })],
  },
  {
    name: 'family timeline',
    path: '/timeline',
    signedIn: true,
    heading: (t) => t('timeline:family.title'),
    shows: (page, t) => [page.getByRole('list', { name: t('timeline:family.title') })],
  },
  {
    name: 'book',
    path: '/book',
    signedIn: true,
    heading: (t) => t('book:page.title'),
    shows: (page, t) => [page.getByRole('list', { name: t('book:preview.label') })],
  },
  {
    name: 'interview',
    path: ({ family }) => `/interview/${family.grandmotherId}`,
    signedIn: true,
    heading: (t) => `${t('interviews:header.eyebrow')} Carmen Ruiz`,
    shows: (page) => [page.locator('[data-speaker=model]').filter({ hasText: '?' }).first()],
  },
  {
    name: 'my-dreams',
    path: '/my-dreams',
    signedIn: true,
    heading: (t) => t('dreams:page.title'),
    shows: (page) => [page.getByRole('article')],
  },
  {
    name: 'family-tree',
    path: '/family-tree',
    signedIn: true,
    heading: (t) => t('family-tree:page.title'),
    // The chart arrives in a chunk of its own once the people have loaded.
    shows: (page) => [page.getByRole('article', { name: 'Rosa Martínez López' }), page.getByRole('button', { name: /Carmen Ruiz/ }).first()],
  },
  {
    name: 'ai-lab, Tell a Memory',
    path: '/ai-lab',
    signedIn: true,
    heading: (t) => t('ai-lab:page.title'),
    shows: (page, t) => [aiLabTabPanel(page, t, 'memory').getByText('El huerto del abuelo')],
  },
  {
    name: 'ai-lab, Revealed Dreams',
    path: '/ai-lab?tab=dreams',
    signedIn: true,
    heading: (t) => t('ai-lab:page.title'),
    shows: (page, t) => [aiLabTabPanel(page, t, 'dreams').getByText(/^Subía la escalera de un faro/)],
  },
  {
    name: 'ai-lab, Constellations',
    path: '/ai-lab?tab=constellations',
    signedIn: true,
    heading: (t) => t('ai-lab:page.title'),
    shows: (page, t) => [aiLabTabPanel(page, t, 'constellations').getByRole('group', { name: t('ai-lab:constellations.sky.label') })],
  },
  {
    name: 'search',
    path: '/search?q=carmen',
    signedIn: true,
    heading: (t) => t('search:page.title'),
    shows: (page) => [page.getByRole('heading', { level: 2 }).first(), page.locator('mark').first()],
  },
  {
    name: 'ai-lab, Memory Game',
    path: '/ai-lab?tab=game',
    signedIn: true,
    heading: (t) => t('ai-lab:page.title'),
    shows: (page, t) => [aiLabTabPanel(page, t, 'game').getByRole('button').first()],
  },
]

/**
 * A person with some of everything: a family, a dream, a memory in the biography and one in the
 * lab. Signed up once for all the signed-in pages, which only read what it holds.
 */
async function seedAccount(request: APIRequestContext): Promise<Seeded> {
  const client = { request }
  const displayName = 'Rosa Martínez'
  await signUpThroughApi(client, { name: displayName })
  const family = await addFamilyThroughApi(client)
  await createDreamThroughApi(client, {
    title: 'El faro',
    content: 'Subía la escalera de un faro y arriba estaba mi abuela Carmen Ruiz, como en 1980.',
    dreamDate: '2024-03-05',
  })
  await createBiographyEntryThroughApi(client, {
    title: 'La casa de bahareque',
    // Carmen and 1980 come back in the dream: the constellations draw them as stars.
    content: 'Nací en Manizales, en una casa de bahareque con un patio lleno de helechos que cuidaba Carmen Ruiz.',
    eventDate: '1980-04-12',
  })
  await createLabMemoryThroughApi(client, 'El huerto del abuelo')
  return { family, displayName }
}

/**
 * One page for the visitor and one for the signed-in person, kept by each worker for all its
 * pages: opening a browser context for each of the sweep's many loads cost about as much as the
 * load itself. Each check starts with a fresh navigation, which is all a page case relies on.
 */
const test = base.extend<{ failureShot: void }, { visitorPage: Page; signedIn: Seeded & { page: Page } }>({
  visitorPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, locale, timezoneId })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, locale, timezoneId })
      // Signed up through the context's own requests: the session cookie is the page's.
      const account = await seedAccount(context.request)
      await use({ ...account, page: await context.newPage() })
      await context.close()
    },
    { scope: 'worker' },
  ],
  // The shared pages are not the test's own `page`, whose screenshot a failure keeps: this keeps theirs.
  failureShot: [
    async ({ visitorPage, signedIn }, use, testInfo) => {
      await use()
      if (testInfo.status === testInfo.expectedStatus) return
      for (const [name, page] of [
        ['visitor', visitorPage],
        ['signed-in', signedIn.page],
      ] as const) {
        if (page.url() !== 'about:blank') await testInfo.attach(`${name} page at failure`, { body: await page.screenshot(), contentType: 'image/png' })
      }
    },
    { auto: true },
  ],
})

/** The address with the language chosen the way a link does it: `?lng=`, kept by the app from then on. */
function withLanguage(path: string, language: Language): string {
  return `${path}${path.includes('?') ? '&' : '?'}lng=${language}`
}

for (const pageCase of pages) {
  test.describe(pageCase.name, () => {
    for (const language of languages) {
      // One load per page and language, checked on the phone and then on the desktop: the layout
      // follows the viewport without a reload, and the page loads are what the sweep costs.
      test(language, async ({ visitorPage, signedIn }) => {
        const t = translator(language)
        const page = pageCase.signedIn ? signedIn.page : visitorPage
        const account = signedIn
        await page.setViewportSize(viewports.phone)
        const path = typeof pageCase.path === 'string' ? pageCase.path : pageCase.path(account)

        await page.goto(withLanguage(path, language))
        // waitFor looks far more often than expect's backing-off retries: it adds up over so many pages.
        const heading = page.getByRole('heading', { level: 1 })
        await heading.waitFor()
        await expect(heading).toHaveText(pageCase.heading(t, account, language))
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        for (const shown of pageCase.shows?.(page, t) ?? []) await shown.waitFor()

        for (const viewportName of ['phone', 'desktop'] as const) {
          const viewport = viewports[viewportName]
          await page.setViewportSize(viewport)
          const pageName = `${path} in ${language} at ${viewport.width} px`
          await expect(heading).toBeVisible()
          await expectNoSeriousA11yViolations(page, pageName)
          await expectNoHorizontalOverflow(page, pageName)
        }
      })
    }
  })
}
