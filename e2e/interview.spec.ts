import { expect, test, type Page } from '@playwright/test'
import { refusingMicrophone, withFakeMicrophone } from './chromium.ts'
import { addMemberThroughApi, ownCardThroughApi, signUpThroughApi, type NewMember } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectVisibleFocus, tabTo } from './page-checks.ts'
import { expectRecordingPlays } from './recordings.ts'

/**
 * The interview with Ana at /interview/:memberId, in the guided mode (no model): talking with the
 * voice and typing, the earlier sessions with their recordings, the keyboard alone, a refused
 * microphone, and the person themself (whose story belongs to Cronos).
 */

test.use({ launchOptions: withFakeMicrophone })

const carmen: NewMember = { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true, birthDate: '1931-05-04' }
const answer = 'Carmen cantaba boleros mientras cocinaba el sancocho de los domingos.'

const chatLog = (page: Page) => page.getByRole('log', { name: 'Conversación con Ana' })
const chatInput = (page: Page) => page.getByLabel('Tu mensaje para Ana')
const userBubbles = (page: Page) => chatLog(page).locator('[data-speaker=user]')
const anaBubbles = (page: Page) => chatLog(page).locator('[data-speaker=model]')
const recordButton = (page: Page) => page.getByRole('button', { name: 'Grabar tu respuesta con tu voz' })
const stopButton = (page: Page) => page.getByRole('button', { name: 'Detener la grabación' })
const readyRecordings = (page: Page) => page.getByRole('list', { name: 'Grabaciones listas para enviar' })
const history = (page: Page) => page.getByRole('region', { name: 'Entrevistas anteriores' })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
const alert = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text })
const savedNote = 'Guardado en las entrevistas sobre Carmen.'
const voiceSaved = 'Tu voz quedó guardada con esta entrevista.'

/** The last question in a text of Ana. */
const lastQuestion = (text: string) => text.match(/¿[^¿?]+\?/g)?.at(-1) ?? ''

/** Waits for Ana's opening and returns its question, which names the relative. */
async function openingQuestion(page: Page): Promise<string> {
  const opening = anaBubbles(page).first()
  await expect(opening).toContainText(/¿[^¿?]*Carmen[^¿?]*\?\s*$/)
  return lastQuestion(await opening.innerText())
}

// FIXME: the recording uploads with a 404 though stored (server media.uploads.ts), and the opening changes after a save (interview-chat.tsx).
test('a guided interview with the voice: the recording waits, goes with the answer, and plays back after a reload', async ({ page }) => {
  await signUpThroughApi(page)
  const memberId = await addMemberThroughApi(page, carmen)
  await page.goto(`/interview/${memberId}`)

  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista sobre Carmen Ruiz' })).toBeVisible()
  await expect(page.getByText(/^Abuela/)).toBeVisible()
  await expect(page.getByText('En memoria', { exact: true })).toBeVisible()
  await expect(page.locator('time[datetime="1931-05-04"]')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Volver al árbol familiar' })).toHaveAttribute('href', '/family-tree')
  await expect(page.getByTestId('chat-guided-notice')).toBeVisible()
  const firstQuestion = await openingQuestion(page)

  await expect(recordButton(page)).toHaveAttribute('aria-pressed', 'false')
  await recordButton(page).click()
  await expect(stopButton(page)).toHaveAttribute('aria-pressed', 'true')
  await expect(status(page, 'Grabando ahora')).toBeVisible()
  // Let the fake microphone's beep fill a second and a half of recording.
  await page.waitForTimeout(1_500)
  await chatInput(page).fill(answer)

  // Enter while recording stops the recording but keeps the message back, so it can be checked.
  await chatInput(page).press('Enter')
  await expect(alert(page, 'detén la grabación primero')).toBeVisible()
  await expect(recordButton(page)).toHaveAttribute('aria-pressed', 'false')
  await expect(status(page, 'Grabando ahora')).toHaveCount(0)
  await expect(readyRecordings(page).getByRole('listitem')).toHaveCount(1)
  await expect(chatInput(page)).toHaveValue(answer)
  await expect(userBubbles(page)).toHaveCount(0)

  await chatInput(page).press('Enter')
  await expect(userBubbles(page)).toHaveCount(1)
  await expect(userBubbles(page)).toContainText(answer)
  const reply = anaBubbles(page).nth(1)
  await expect(reply).toContainText('¿')
  await expect(reply.getByText(savedNote)).toBeVisible()
  const nextQuestion = lastQuestion(await reply.innerText())
  expect(nextQuestion).not.toBe('')
  expect(nextQuestion).not.toBe(firstQuestion)
  await expect(status(page, voiceSaved)).toBeVisible({ timeout: 20_000 })
  await expect(readyRecordings(page)).toHaveCount(0)
  await expect(chatInput(page)).toHaveValue('')
  // The greeting of a visit does not change under the reader's eyes once the exchange is saved.
  await expect(anaBubbles(page).first()).toContainText(firstQuestion)
  await expect(history(page).getByRole('article')).toHaveCount(1)
  await expect(history(page).getByLabel('Grabación de tu voz')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'interview')

  await page.reload()
  const session = history(page).getByRole('article')
  await expect(session).toHaveCount(1)
  await expect(session).toContainText(answer)
  await expect(session).toContainText(nextQuestion)
  // Ana's question is shown above the answer it got, in the one conversation of this sitting.
  await expect(session.getByTestId('kept-question')).toContainText(firstQuestion)
  const [questionBox, answerBox] = [await session.getByTestId('kept-question').boundingBox(), await session.getByTestId('kept-answer').boundingBox()]
  expect(questionBox!.y).toBeLessThan(answerBox!.y)
  await expect(history(page).getByTestId('interview-conversation')).toHaveCount(1)
  await expectRecordingPlays(page, session.getByLabel('Grabación de tu voz'))

  await page.goto('/family-tree')
  const card = page.getByRole('article', { name: 'Carmen Ruiz' })
  // One sitting is one conversation on the card, however many answers it holds.
  await expect(card.getByText(/^Una conversación con Carmen/)).toBeVisible()
  await expect(card.getByRole('link', { name: 'Ver la conversación sobre Carmen Ruiz' })).toBeVisible()
})

// FIXME(server): the recording's single-request upload answers 404 though it was stored (media.uploads.ts), so «Tu voz quedó guardada…» never shows.
test('the same interview with the keyboard alone, down to deleting the saved session', async ({ page }) => {
  await signUpThroughApi(page)
  const memberId = await addMemberThroughApi(page, carmen)
  await page.goto('/family-tree')
  await tabTo(page, page.getByRole('link', { name: 'Entrevistar sobre Carmen Ruiz' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/interview/${memberId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista sobre Carmen Ruiz' })).toBeVisible()
  await openingQuestion(page)

  // Space toggles the record button; it keeps the focus while its name says what it does now.
  await tabTo(page, recordButton(page))
  await page.keyboard.press('Space')
  await expect(stopButton(page)).toHaveAttribute('aria-pressed', 'true')
  await expectVisibleFocus(stopButton(page))
  await expect(status(page, 'Grabando ahora')).toBeVisible()
  await page.waitForTimeout(1_500)

  await tabTo(page, chatInput(page), 'Shift+Tab')
  await page.keyboard.type(answer)
  await tabTo(page, stopButton(page))
  await page.keyboard.press('Space')
  await expect(recordButton(page)).toHaveAttribute('aria-pressed', 'false')
  await expectVisibleFocus(recordButton(page))
  await expect(readyRecordings(page).getByRole('listitem')).toHaveCount(1)

  await tabTo(page, chatInput(page), 'Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(userBubbles(page)).toContainText(answer)
  await expect(anaBubbles(page).nth(1).getByText(savedNote)).toBeVisible()
  await expect(status(page, voiceSaved)).toBeVisible({ timeout: 20_000 })

  const remove = history(page).getByRole('button', { name: /^Eliminar la entrevista del / })
  await tabTo(page, remove)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar esta entrevista?' })
  await expect(dialog).toContainText('junto con la grabación de tu voz')
  // Focus starts on Cancel, the safe choice; Tab reaches the confirmation.
  await expectVisibleFocus(dialog.getByRole('button', { name: 'Cancelar' }))
  await page.keyboard.press('Tab')
  await expectVisibleFocus(dialog.getByRole('button', { name: 'Eliminar' }))
  await page.keyboard.press('Enter')

  await expect(dialog).toBeHidden()
  await expect(history(page).getByRole('article')).toHaveCount(0)
  await expect(history(page).getByText(/^Todavía no hay entrevistas sobre Carmen\./)).toBeVisible()
  await expect(status(page, /^Se eliminó la entrevista del /)).toBeVisible()
  await expect(history(page).getByRole('heading', { name: 'Entrevistas anteriores' })).toBeFocused()
})

/**
 * A page in a Chromium of its own that answers every permission prompt with "no", as a person
 * refusing the microphone does. Launch options cannot change inside a file (`test.use` forces a new
 * worker), so this describe starts that browser itself rather than using the file's.
 */
const withMicrophoneRefused = test.extend({
  page: async ({ playwright, contextOptions, baseURL, locale, timezoneId }, use) => {
    const browser = await playwright.chromium.launch(refusingMicrophone)
    try {
      const context = await browser.newContext({ ...contextOptions, baseURL, locale, timezoneId })
      await use(await context.newPage())
    } finally {
      await browser.close()
    }
  },
})

test.describe('when the browser refuses the microphone', () => {
  // FIXME(page): «Seguir solo escribiendo» leaves the focus nowhere (interview-chat.tsx onKeepTyping), not in «Tu mensaje para Ana».
  withMicrophoneRefused('a screen explains how to allow it, and the interview goes on by typing', async ({ page }) => {
    await signUpThroughApi(page)
    const memberId = await addMemberThroughApi(page, carmen)
    await page.goto(`/interview/${memberId}`)
    await openingQuestion(page)
    await recordButton(page).click()

    const denied = page.getByTestId('microphone-denied')
    await expect(denied.getByRole('heading', { name: 'No podemos usar tu micrófono' })).toBeFocused()
    await expect(denied).toContainText('Cómo permitir el micrófono')
    for (const browser of ['Chrome o Edge:', 'Firefox:', 'Safari:']) await expect(denied.getByText(browser)).toBeVisible()
    await expect(denied.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'interview, microphone refused')

    await denied.getByRole('button', { name: 'Seguir solo escribiendo' }).click()
    await expect(denied).toHaveCount(0)
    await expect(chatInput(page)).toBeFocused()
    await expect(recordButton(page)).toHaveCount(0)
    await page.keyboard.type(answer)
    await page.keyboard.press('Enter')
    await expect(userBubbles(page)).toContainText(answer)
    await expect(anaBubbles(page).nth(1).getByText(savedNote)).toBeVisible()
    await expect(history(page).getByRole('article')).toContainText(answer)
  })
})

test('interviewing yourself leads to your biography, written with Cronos', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  const memberId = (await ownCardThroughApi(page))!.memberId
  await page.goto(`/interview/${memberId}`)

  await expect(page.getByRole('heading', { level: 1, name: 'Entrevista' })).toBeVisible()
  await expect(page.getByText('Esta persona eres tú.')).toBeVisible()
  await expect(page.getByText('Tu propia historia se escribe con Cronos, en «Mi biografía».')).toBeVisible()
  await expect(chatLog(page)).toHaveCount(0)
  await expect(recordButton(page)).toHaveCount(0)
  const toBiography = page.getByRole('link', { name: 'Ir a Mi biografía' })
  await expect(toBiography).toHaveAttribute('href', '/my-biography')
  await toBiography.click()
  await expect(page).toHaveURL('/my-biography')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi biografía' })).toBeVisible()
})
