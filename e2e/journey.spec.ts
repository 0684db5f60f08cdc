import { expect, test, type Page } from '@playwright/test'
import { newAccount, signUpThroughApi } from './fixtures.ts'

/**
 * The journey in Debian's Chromium with the Spanish interface: sign up on the landing
 * page, write two dreams, log out, meet the guard, fail and then succeed at logging in.
 */

const invalidCredentials = 'Correo electrónico o contraseña incorrectos.'

/** The number of entries in the tab's session history. */
function historyLength(page: Page): Promise<number> {
  return page.evaluate(() => window.history.length)
}

async function expectOnLoginPage(page: Page) {
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
}

test('a new user signs up, writes two dreams, logs out and logs back in', async ({ page }) => {
  const account = newAccount({ name: 'Rosa Martínez' })

  await test.step('the landing page leads to its sign-up form', async () => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/)
    await expect(page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Legado' })).toBeVisible()
    await page.getByRole('button', { name: 'Comenzar mi legado' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeFocused()
  })

  await test.step('sign up with the landing form', async () => {
    const form = page.locator('#signup')
    await form.getByLabel('Nombre completo').fill(account.name)
    await form.getByLabel('Correo electrónico').fill(account.email)
    await form.getByLabel('Contraseña', { exact: true }).fill(account.password)
    await form.getByLabel('Fecha de nacimiento').fill('1950-04-12')
    await form.getByRole('button', { name: 'Crear mi cuenta' }).click()
  })

  await test.step('the dashboard greets the new user by name', async () => {
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
  })

  await test.step('two dreams are written and listed newest first', async () => {
    await page.getByRole('link', { name: 'Mis sueños' }).click()
    await expect(page).toHaveURL(/\/my-dreams$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()
    const diary = page.getByRole('region', { name: 'Tus sueños' })
    await expect(diary.getByText('Tu diario todavía está en blanco.')).toBeVisible()

    const newDream = page.getByRole('region', { name: 'Anota un sueño' })
    const saved = newDream.getByRole('status').getByText('Tu sueño quedó guardado en el diario.')
    const dreamTitles = diary.getByRole('article').getByRole('heading', { level: 3 })

    await newDream.getByLabel('Título').fill('El faro')
    await newDream.getByLabel('Fecha del sueño').fill('2024-03-05')
    await newDream.getByLabel('Descripción').fill('Subía la escalera de un faro y arriba estaba mi abuela.')
    await newDream.getByRole('button', { name: 'Guardar sueño' }).click()
    await expect(saved).toBeVisible()
    await expect(dreamTitles).toHaveText(['El faro'])
    await expect(newDream.getByLabel('Descripción')).toHaveValue('')

    await newDream.getByLabel('Título').fill('La casa azul')
    await newDream.getByLabel('Descripción').fill('Las puertas de la casa se abrían solas.')
    await newDream.getByRole('button', { name: 'Guardar sueño' }).click()
    await expect(dreamTitles).toHaveText(['La casa azul', 'El faro'])

    const [newest, oldest] = [diary.getByRole('article').nth(0), diary.getByRole('article').nth(1)]
    await expect(newest).toContainText('Las puertas de la casa se abrían solas.')
    await expect(oldest).toContainText('Subía la escalera de un faro y arriba estaba mi abuela.')
    await expect(oldest).toContainText('5 de marzo de 2024')

    // Still there, in the same order, after a reload (they came from the server).
    await page.reload()
    await expect(dreamTitles).toHaveText(['La casa azul', 'El faro'])
  })

  await test.step('log out from the dashboard', async () => {
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click()
    await expectOnLoginPage(page)
  })

  await test.step('the guard sends a signed-out visitor to /login, replacing the history entry', async () => {
    for (const guarded of ['/my-dreams', '/dashboard']) {
      const before = await historyLength(page)
      await page.goto(guarded)
      await expectOnLoginPage(page)
      // The visit added one entry and the redirect replaced it rather than adding a second.
      expect(await historyLength(page)).toBe(before + 1)
    }
    await expect(page.getByRole('heading', { name: 'Mi diario de sueños' })).toHaveCount(0)
  })

  await test.step('a wrong password is refused', async () => {
    await page.getByLabel('Correo electrónico').fill(account.email)
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-mi-clave')
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(invalidCredentials)
    await expect(page).toHaveURL(/\/login$/)
  })

  await test.step('the right password opens the dashboard again', async () => {
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
  })
})

test('the 404 page leads a signed-in user back to the dashboard', async ({ page }) => {
  const account = await signUpThroughApi(page, { name: 'Tomás Ortega' })
  await page.goto('/una-pagina-que-no-existe')
  await expect(page.getByRole('heading', { level: 1, name: 'Esta página se perdió en el tiempo' })).toBeVisible()
  await page.getByRole('link', { name: 'Volver al presente' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
})

test('?lng=en shows the landing page in English', async ({ page }) => {
  await page.goto('/?lng=en')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Legado' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start my legacy' })).toBeVisible()
  await expect(page.locator('#signup').getByLabel('Full name')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create my account' })).toBeVisible()
  await expect(page.getByText('Te damos la bienvenida a Legado')).toHaveCount(0)
})
