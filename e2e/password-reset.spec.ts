import { expect, test } from '@playwright/test'
import { geminiServerUrl, mailsTo, newAccount } from './fixtures.ts'

// The second server mails through the test SMTP server; a phone-sized screen, as Carmen's.
test.use({ baseURL: geminiServerUrl, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true })

test('Carmen resets a forgotten password through the e-mail the test SMTP server receives', async ({ page }) => {
  const carmen = newAccount({ name: 'Carmen Ruiz' })

  await test.step('she signs up, then signs out', async () => {
    await page.goto('/signup')
    await page.getByLabel('Correo electrónico').fill(carmen.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(carmen.password)
    await page.getByLabel('Confirmar contraseña').fill(carmen.password)
    await page.getByRole('button', { name: 'Registrarse' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    expect((await page.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200)
  })

  await test.step('she asks for a link from the sign-in page', async () => {
    await page.goto('/login')
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeVisible()
    await expect(page.getByText('te enviaremos un enlace para elegir una contraseña nueva')).toBeVisible()
    await page.getByLabel('Correo electrónico').fill(carmen.email)
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await expect(page.getByRole('status')).toContainText('Si hay una cuenta con ese correo, te hemos enviado un enlace.')
  })

  await test.step('she follows the link of the mail and chooses a new password', async () => {
    const [mail] = await mailsTo(carmen.email)
    expect(mail!.subject).toBe('Cambia tu contraseña de Legado')
    const link = /https?:\/\/\S+/.exec(mail!.text)![0]
    expect(link.startsWith(`${geminiServerUrl}/reset-password#token=`)).toBe(true)
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeVisible()
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('la-nueva-de-carmen')
    await page.getByLabel('Confirmar contraseña nueva').fill('la-nueva-de-carmen')
    await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click()
    await expect(page.getByRole('status')).toHaveText('Listo: tu contraseña ha cambiado. Ya puedes iniciar sesión con ella.')
  })

  await test.step('she signs in with it; the old one opens nothing', async () => {
    await page.getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.getByLabel('Correo electrónico').fill(carmen.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(carmen.password)
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
    await page.getByLabel('Contraseña', { exact: true }).fill('la-nueva-de-carmen')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})
