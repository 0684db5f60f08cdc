import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { withFakeMicrophone } from './chromium.ts'
import { addMemberThroughApi, addSelfMemberThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

/**
 * Carmen on her phone: a touch screen the size of hers, where Enter in the chat box is a new line,
 * her voice is kept the moment she stops recording, and a photo straight from the camera is shrunk
 * before it is sent. The fake device grants the microphone and feeds it a beep.
 */
test.use({
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  launchOptions: withFakeMicrophone,
})

interface ListedMedia {
  media: { fileName: string; contentType: string; width: number | null; height: number | null; size: number }[]
}

test('on a touch screen Enter starts a new line in the chat box, and only «Enviar» sends', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Carmen Ruiz' })
  await addSelfMemberThroughApi(page)
  await page.goto('/my-biography')
  const box = page.getByLabel('Tu mensaje para Cronos')
  await expect(box).toHaveAccessibleDescription('Tu mensaje se envía solo al pulsar «Enviar»; la tecla Intro del teclado empieza una línea nueva.')

  await box.tap()
  await page.keyboard.type('Nací en Cali')
  await page.keyboard.press('Enter')
  await page.keyboard.type('en 1950')
  await expect(box).toHaveValue('Nací en Cali\nen 1950')
  await expect(page.locator('[data-testid="chat-turn"][data-speaker="user"]')).toHaveCount(0)

  await page.getByTestId('chat-send').tap()
  await expect(page.locator('[data-testid="chat-turn"][data-speaker="user"]')).toContainText('Nací en Cali\nen 1950')
  await expect(box).toHaveValue('')
})

test('a recording is kept with the relative the moment it stops: reloading right after loses nothing', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Carmen Ruiz' })
  const memberId = await addMemberThroughApi(page, { firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Madre' })
  await page.goto(`/interview/${memberId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista sobre Rosa Díaz' })).toBeVisible()

  await page.getByRole('button', { name: 'Grabar tu respuesta con tu voz' }).tap()
  await expect(page.getByRole('button', { name: 'Detener la grabación' })).toHaveAttribute('aria-pressed', 'true')
  // Let the fake microphone's beep fill a second and a half of recording.
  await page.waitForTimeout(1_500)
  await page.getByRole('button', { name: 'Detener la grabación' }).tap()
  const ready = page.getByRole('list', { name: 'Grabaciones listas para enviar' })
  await expect(ready.getByText('Grabación guardada')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Grabación guardada. Irá con tu próximo mensaje.' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'interview with a kept recording')

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista sobre Rosa Díaz' })).toBeVisible()
  const listed = (await (await page.request.get(`/api/media?memberId=${memberId}`)).json()) as ListedMedia
  expect(listed.media).toHaveLength(1)
  expect(listed.media[0]!.contentType).toMatch(/^audio\//)
  expect(listed.media[0]!.size).toBeGreaterThan(0)
})

test('a 10 MB photo from the phone arrives, shrunk to 2,500 px, and the uploader says so', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Carmen Ruiz' })
  const memberId = await addMemberThroughApi(page, { firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Madre' })
  // Noise compresses badly, as a phone's detailed photo does: 4,000 × 3,000 pixels, over 10 MB.
  const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
  expect(photo.length).toBeGreaterThan(10 * 1024 * 1024)

  await page.goto('/family-tree')
  await page.getByRole('button', { name: 'Añadir multimedia de Rosa Díaz' }).tap()
  const uploader = page.getByRole('region', { name: 'Añadir multimedia de Rosa Díaz' })
  await expect(uploader.getByText('vídeos y audios hasta 200 MB')).toBeVisible()
  await uploader.locator('input[type=file]').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(uploader.getByText('La foto se ha reducido a 2.500 px para guardarla.')).toBeVisible({ timeout: 30_000 })
  await expect(uploader.getByRole('alert')).toHaveCount(0)
  await uploader.getByLabel('Descripción').fill('Mamá en el patio')
  await uploader.getByRole('button', { name: 'Subir archivo' }).tap()
  await expect(uploader.getByText('¡Listo! «IMG_2041.jpg» se ha subido.')).toBeVisible({ timeout: 30_000 })

  const listed = (await (await page.request.get(`/api/media?memberId=${memberId}`)).json()) as ListedMedia
  expect(listed.media).toHaveLength(1)
  const [stored] = listed.media
  expect(stored).toMatchObject({ fileName: 'IMG_2041.jpg', contentType: 'image/jpeg', width: 2500, height: 1875 })
  expect(stored!.size).toBeLessThanOrEqual(5 * 1024 * 1024)
})

test('a photo sent to Cronos shows in the bubble at once, and as a thumbnail with its caption in the memory', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Carmen Ruiz' })
  await addSelfMemberThroughApi(page)
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#9a4a2c' } })
    .jpeg()
    .toBuffer()
  await page.goto('/my-biography')
  await expect(page.getByText('Tu biografía todavía está en blanco.')).toBeVisible()

  await page.getByRole('button', { name: 'Adjuntar fotos, audios, vídeos o documentos' }).tap()
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[type=file]').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo })
  await dialog.getByRole('button', { name: 'Adjuntar', exact: true }).tap()
  await page.getByLabel('Tu mensaje para Cronos').fill('Mi madre en el patio de la casa de Cali.')
  await page.getByTestId('chat-send').tap()

  const sent = page.getByRole('log').getByRole('list', { name: 'Lo que enviaste con este mensaje' })
  await expect(sent.getByRole('img', { name: 'Foto que enviaste' })).toBeVisible()
  await expect(page.getByText('«IMG_2041.jpg» se adjuntó al recuerdo.')).toBeVisible({ timeout: 20_000 })

  const memory = page.getByTestId('memory-item').first()
  const files = memory.getByRole('list', { name: 'Archivos adjuntos' })
  const thumbnail = files.getByRole('button', { name: 'Ver la foto' })
  await expect(thumbnail).toBeVisible()
  // Thumbnails load as they come into view, as the person scrolls down to the memory.
  await thumbnail.scrollIntoViewIfNeeded()
  await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await expect(memory.getByText(/IMG_2041/)).toHaveCount(0)

  // A caption given in «Gestionar multimedia» names the thumbnail and shows under it.
  await memory.getByRole('button', { name: /^Gestionar multimedia de/ }).tap()
  const media = page.getByRole('dialog', { name: /^Multimedia de/ })
  await media.getByRole('button', { name: 'Editar descripción de IMG_2041.jpg' }).tap()
  await media.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Mamá en el patio')
  await media.getByRole('button', { name: 'Guardar' }).tap()
  await expect(media.getByText('Descripción de «IMG_2041.jpg» guardada.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(files.getByRole('button', { name: 'Ver la foto: Mamá en el patio' })).toBeVisible()
  await expect(files.getByText('Mamá en el patio')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'biography with a photo')
})
