import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

test('uploads a photo to a member with visible progress, shows its thumbnail, zooms and deletes it', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Díaz' }, { ownCard: false })
  const created = await page.request.post('/api/family-tree/members', { data: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })
  expect(created.status()).toBe(201)
  // A noisy photo of about 1 MB… under the compression threshold after PNG → it goes in several chunks.
  const photo = await sharp({ create: { width: 520, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 50 } } })
    .png()
    .toBuffer()
  expect(photo.length).toBeGreaterThan(262_144)
  expect(photo.length).toBeLessThan(1_000_000)
  // Each chunk takes a moment, as on a slow home connection, so the progress can be seen.
  await page.route('**/api/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })

  await page.goto('/family-tree')
  await page.getByRole('button', { name: 'Añadir multimedia de Rosa Díaz' }).click()
  const uploader = page.getByRole('region', { name: 'Añadir multimedia de Rosa Díaz' })
  await uploader.locator('input[type=file]').setInputFiles({ name: 'boda.png', mimeType: 'image/png', buffer: photo })
  await expect(uploader.getByText('boda.png')).toBeVisible()
  await uploader.getByLabel('Descripción').fill('La boda de los abuelos')
  await uploader.getByRole('button', { name: 'Subir archivo' }).click()
  await expect(uploader.getByRole('progressbar', { name: 'Progreso de la subida' })).toBeVisible()
  await expect(uploader.getByText('¡Listo! «boda.png» se ha subido.')).toBeVisible({ timeout: 20_000 })

  await page.getByRole('button', { name: 'Ver multimedia de Rosa Díaz' }).click()
  const gallery = page.getByRole('region', { name: 'Multimedia de Rosa Díaz' })
  const thumbnail = gallery.getByRole('button', { name: 'Ampliar boda.png' }).locator('img')
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  await gallery
    .getByRole('button', { name: /Ampliar/ })
    .first()
    .click()
  const viewer = page.getByRole('dialog')
  await expect(viewer.getByRole('img')).toBeVisible()
  await expect(viewer.getByRole('link', { name: /Descargar/ })).toHaveAttribute('href', /\/api\/media\/.+\/content/)
  await expectNoSeriousA11yViolations(page, 'media viewer')
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()

  // The caption can be changed in place; Enter saves it.
  await gallery.getByRole('button', { name: 'Editar descripción de boda.png' }).click()
  const caption = gallery.getByRole('textbox', { name: 'Descripción', exact: true })
  await expect(caption).toHaveValue('La boda de los abuelos')
  await caption.fill('La boda de los abuelos, Manizales 1952')
  await caption.press('Enter')
  await expect(gallery.getByText('Descripción de «boda.png» guardada.')).toBeVisible()
  await expect(gallery.getByText('La boda de los abuelos, Manizales 1952')).toBeVisible()
  await expect(gallery.getByRole('button', { name: 'Editar descripción de boda.png' })).toBeFocused()

  await gallery.getByRole('button', { name: /Eliminar boda\.png/ }).click()
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este archivo?' })
  await expect(confirm).toContainText('boda.png')
  await confirm.getByRole('button', { name: 'Eliminar' }).click()
  await expect(gallery.getByText('Todavía no hay fotos, audios ni vídeos aquí.')).toBeVisible()
})
