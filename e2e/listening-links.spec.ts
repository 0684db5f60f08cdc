import { expect, test, type Page } from '@playwright/test'
import { withFakeMicrophone } from './chromium.ts'
import { addMemberThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'
import { expectRecordingPlays } from './recordings.ts'

const phone = { width: 375, height: 740 }

test.use({ permissions: ['clipboard-read', 'clipboard-write'], launchOptions: withFakeMicrophone })

/**
 * Records a second and a half of the fake microphone's beep in the page, as the interview does,
 * and keeps it with a relative through tus in one request; answers the new file's id.
 */
async function recordVoice(page: Page, memberId: string, caption: string): Promise<string> {
  return page.evaluate(
    async ({ memberId, caption }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' })
      const chunks: Blob[] = []
      recorder.ondataavailable = (event) => chunks.push(event.data)
      const stopped = new Promise((resolve) => (recorder.onstop = resolve))
      recorder.start()
      await new Promise((resolve) => setTimeout(resolve, 1500))
      recorder.stop()
      await stopped
      stream.getTracks().forEach((track) => track.stop())
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'audio/webm' }).arrayBuffer())
      const metadata = Object.entries({ filename: 'entrevista.webm', filetype: 'audio/webm', caption, linkedToType: 'member', linkedToId: memberId })
        .map(([key, value]) => `${key} ${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}`)
        .join(',')
      const response = await fetch('/api/uploads/', {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata, 'Content-Type': 'application/offset+octet-stream' },
        body: bytes,
      })
      return response.headers.get('legado-media-id') ?? `upload answered ${response.status}`
    },
    { memberId, caption },
  )
}

test('a recording’s voice link plays on a phone with no sign-in, and revoking it from the account page silences it', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page, { name: 'Rosa Díaz' })
  const carmen = await addMemberThroughApi(page, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true })
  await page.goto('/account')
  const mediaId = await recordVoice(page, carmen, 'Los boleros de la abuela')
  expect(mediaId).toMatch(/^[0-9a-f-]{36}$/)
  const made = await page.request.post('/api/listening-links', { data: { mediaId, expiry: '10y' } })
  expect(made.status()).toBe(201)

  // The account page lists it; its address is copied with the keyboard.
  await page.reload()
  const links = page.getByRole('region', { name: 'Enlaces de voz' })
  const item = links.getByRole('article', { name: 'Los boleros de la abuela' })
  await expect(item).toBeVisible()
  await expect(item).toContainText(/funciona hasta el \d+ de \w+ de \d{4}/)
  await expectNoSeriousA11yViolations(page, 'the account page with a voice link')
  await tabTo(page, item.getByRole('button', { name: 'Copiar la dirección de «Los boleros de la abuela»' }))
  await page.keyboard.press('Enter')
  await expect(item.getByRole('status')).toHaveText('Dirección copiada.')
  const address = await page.evaluate(() => navigator.clipboard.readText())
  expect(address).toMatch(/\/l\/[0-9a-hjkmnp-tv-z]{20}$/)
  const listeningPath = new URL(address).pathname

  // Someone with the printed book, on a phone, signed in nowhere.
  const stranger = await browser.newContext({ viewport: phone, locale: 'es-ES' })
  const listener = await stranger.newPage()
  await listener.goto(listeningPath)
  await expect(listener.getByRole('heading', { level: 1, name: 'Los boleros de la abuela' })).toBeVisible()
  await expect(listener.getByText('Una grabación guardada por la familia en Legado.')).toBeVisible()
  await expect(listener.locator('body')).not.toContainText(/Rosa|Carmen|Ruiz|Díaz/)
  await expectRecordingPlays(listener, listener.locator('audio'))
  await expectNoSeriousA11yViolations(listener, 'the listening page')
  await expectNoHorizontalOverflow(listener, 'the listening page at 375 px')

  // Revoked with the keyboard, after a confirmation that starts on Cancel.
  await tabTo(page, item.getByRole('button', { name: 'Retirar el enlace de «Los boleros de la abuela»' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: '¿Retirar el enlace de «Los boleros de la abuela»?' })
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(links.getByRole('status').first()).toHaveText('Enlace retirado: «Los boleros de la abuela» ya no se puede escuchar con esa dirección.')
  await expect(links.getByRole('heading', { name: 'Enlaces de voz' })).toBeFocused()
  await expect(links.getByText('Aún no tienes enlaces de voz. Se crean al hacer un libro con tus grabaciones.')).toBeVisible()

  const gone = await listener.goto(listeningPath)
  expect(gone?.status()).toBe(404)
  await expect(listener.getByRole('heading', { level: 1, name: 'Esta grabación no está disponible' })).toBeVisible()
  await stranger.close()
})
