import { expect, test, type Page } from '@playwright/test'
import { translator } from './catalogues.ts'
import { newAccount, signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

/**
 * The sign-in, sign-up and contact forms work before the app's scripts have arrived, or without
 * them: the browser posts the form to the page's own address and the server answers it through
 * the same routes the app calls.
 */

const t = translator('es')

/** Holds every script of the app until `release` is called: a slow phone still fetching the bundle. */
async function holdScripts(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    // The page that asked may be gone by now (the form was posted meanwhile).
    await route.continue().catch(() => undefined)
  })
  return release
}

test('with JavaScript off, a person signs up, then signs in with a wrong and then the right password, and reaches the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' })
  const page = await context.newPage()
  const account = newAccount()

  await page.goto('/signup')
  await page.getByLabel(t('auth:signup.email')).fill(account.email)
  await page.getByLabel(t('auth:signup.password'), { exact: true }).fill(account.password)
  await page.getByLabel(t('auth:signup.confirmPassword')).fill(account.password)
  await page.getByRole('button', { name: t('auth:signup.submit') }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  // Signed in now: the dashboard is drawn for them, its heading there before any script.
  await expect(page.getByRole('heading', { level: 1, name: t('dashboard:greetingWaiting') })).toBeVisible()
  expect((await (await page.request.get('/api/session')).json()).user.email).toBe(account.email)

  // Signing out is a button of the app; without scripts, the browser forgets the session instead.
  await context.clearCookies()
  await page.goto('/login')
  await page.getByLabel(t('auth:login.email')).fill(account.email)
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill('no-es-mi-clave')
  await page.getByRole('button', { name: t('auth:login.submit') }).click()
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
  await expect(page.getByLabel(t('auth:login.email'))).toHaveValue(account.email)
  await expect(page.getByLabel(t('auth:login.password'), { exact: true })).toHaveValue('')
  await expect(page.getByLabel(t('auth:login.password'), { exact: true })).toBeFocused()
  expect(await page.content()).not.toContain('no-es-mi-clave')

  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(account.password)
  await page.getByRole('button', { name: t('auth:login.submit') }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await (await page.request.get('/api/session')).json()).user.email).toBe(account.email)
  await context.close()
})

test('with JavaScript off, a contact message is sent, and one left empty comes back with what was typed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' })
  const page = await context.newPage()
  await page.goto('/contact')
  await page.getByLabel(t('contact:name')).fill('Rosa Martínez')
  await page.getByLabel(t('contact:email')).fill('rosa@example.com')
  await page.getByRole('button', { name: t('contact:submit') }).click()
  await expect(page.getByRole('alert')).toHaveText(t('errors:contact.message_required'))
  await expect(page.getByLabel(t('contact:name'))).toHaveValue('Rosa Martínez')
  await expect(page.getByLabel(t('contact:message'))).toBeFocused()

  await page.getByLabel(t('contact:message')).fill('Me encanta Legado, aunque mi teléfono no ejecute scripts.')
  await page.getByRole('button', { name: t('contact:submit') }).click()
  await expect(page.getByRole('status')).toHaveText(t('contact:success'))
  await expect(page.getByLabel(t('contact:message'))).toHaveValue('')
  await context.close()
})

test('a form sent before the bundle arrives is answered, and the answer page then comes alive as the app', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' })
  const page = await context.newPage()
  const account = await signUpThroughApi(context)
  await context.clearCookies()
  const problems: string[] = []
  page.on('console', (message) => {
    // The refused sign-in's page is itself a 401: the browser notes that, nothing else may complain.
    if ((message.type() === 'error' || message.type() === 'warning') && !message.text().startsWith('Failed to load resource')) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))

  const release = await holdScripts(page)
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel(t('auth:login.email')).fill(account.email)
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill('no-es-mi-clave')
  await page.getByRole('button', { name: t('auth:login.submit') }).click()
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')

  // The bundle arrives: the page hydrates to what the server answered, the message and the e-mail kept.
  release()
  await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--site-header-height'))).not.toBe('')
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
  await expect(page.getByLabel(t('auth:login.email'))).toHaveValue(account.email)
  await expectNoSeriousA11yViolations(page, 'sign-in refused')
  expect(problems).toEqual([])

  // From here the app answers: the right password signs in without another page load.
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(account.password)
  await page.getByRole('button', { name: t('auth:login.submit') }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: t('dashboard:greeting', { name: account.name }) })).toBeVisible()
  await context.close()
})

test('a sign-up sent before the bundle arrives signs the person in', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' })
  const page = await context.newPage()
  const account = newAccount()
  const release = await holdScripts(page)
  await page.goto('/signup', { waitUntil: 'commit' })
  await page.getByLabel(t('auth:signup.email')).fill(account.email)
  await page.getByLabel(t('auth:signup.password'), { exact: true }).fill(account.password)
  await page.getByLabel(t('auth:signup.confirmPassword')).fill(account.password)
  await page.getByRole('button', { name: t('auth:signup.submit') }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  release()
  expect((await (await page.request.get('/api/session')).json()).user.email).toBe(account.email)
  await context.close()
})
