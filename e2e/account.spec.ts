import { expect, test } from '@playwright/test'
import { createDreamThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

test('a new password signs out the other devices at once, and this one stays signed in', async ({ page, browser }) => {
  const account = await signUpThroughApi(page, { name: 'Rosa Díaz' })
  // The same person, signed in on a second computer.
  const laptop = await browser.newContext()
  const laptopPage = await laptop.newPage()
  const signedIn = await laptopPage.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })
  expect(signedIn.status()).toBe(200)
  await laptopPage.goto('/my-dreams')
  await expect(laptopPage.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()

  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Mi cuenta' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible()
  await expect(page.getByText(account.email)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the account page (/account)')

  const password = page.getByRole('region', { name: 'Cambiar contraseña' })
  await password.getByLabel('Contraseña actual').fill(account.password)
  await password.getByLabel('Contraseña nueva', { exact: true }).fill('una-clave-nueva-2026')
  await password.getByLabel('Confirmar contraseña nueva').fill('una-clave-nueva-2026')
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(password.getByRole('status')).toHaveText('Listo: tu contraseña ha cambiado y se cerró la sesión en tus otros dispositivos.')

  // The other computer is out on its very next request; this one goes on.
  await laptopPage.reload()
  await expect(laptopPage).toHaveURL(/\/login/)
  await page.goto('/my-dreams')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()

  // Only the new password opens the account now.
  expect((await laptopPage.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })).status()).toBe(401)
  expect((await laptopPage.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: 'una-clave-nueva-2026' } })).status()).toBe(200)
  await laptop.close()
})

test('deleting the account erases it, says goodbye on the landing page, and the password opens nothing afterwards', async ({ page }) => {
  const account = await signUpThroughApi(page, { name: 'Luis Gómez' })
  await createDreamThroughApi(page, { content: 'Un sueño que se irá con la cuenta.' })
  await page.goto('/account')
  const erase = page.getByRole('region', { name: 'Eliminar mi cuenta' })
  await erase.getByLabel('Tu contraseña').fill(account.password)
  await erase.getByLabel('Para confirmar, escribe ELIMINAR').fill('ELIMINAR')
  await expectNoSeriousA11yViolations(page, 'the account page, about to delete')
  await erase.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status').filter({ hasText: 'Tu cuenta y todo lo que contenía se han eliminado.' })).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(401)
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })).status()).toBe(401)
  await page.goto('/my-dreams')
  await expect(page).toHaveURL(/\/login/)
})

test('everything exported from one account comes back in another: the dream returns, with a report of what was restored', async ({ page, browser }) => {
  await signUpThroughApi(page, { name: 'Carmen Ruiz' })
  await createDreamThroughApi(page, { title: 'El río', content: 'Cruzaba el río de la finca con mi padre.', dreamDate: '2024-05-01' })
  await page.goto('/account')
  const mine = page.getByRole('region', { name: 'Tus datos son tuyos' })
  const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('link', { name: 'Exportar todo' }).click()])
  expect(download.suggestedFilename()).toMatch(/^legado-\d{4}-\d{2}-\d{2}\.zip$/)
  const archive = await download.path()

  // Her granddaughter, in an account of her own on another computer.
  const other = await browser.newContext()
  const heirPage = await other.newPage()
  await signUpThroughApi(heirPage, { name: 'Lucía Ruiz' })
  await heirPage.goto('/account')
  const heirs = heirPage.getByRole('region', { name: 'Tus datos son tuyos' })
  await heirs.getByLabel('Archivo .zip exportado').setInputFiles(archive)
  await heirs.getByRole('button', { name: 'Importar' }).click()
  await expect(heirs.getByRole('status')).toHaveText('Importación terminada.')
  await expect(heirs.getByText('Sueños: 1 de 1')).toBeVisible()
  await expectNoSeriousA11yViolations(heirPage, 'the account page, after an import')

  await heirPage.goto('/my-dreams')
  await expect(heirPage.getByText('Cruzaba el río de la finca con mi padre.')).toBeVisible()
  await other.close()
})
