import { expect, test, type Page } from '@playwright/test'
import { fakeGeminiReply } from './fake-gemini-reply.ts'
import { addSelfMemberThroughApi, geminiServerUrl, signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

const chatInput = (page: Page) => page.getByLabel('Tu mensaje para Cronos')
const chatLog = (page: Page) => page.getByRole('log', { name: 'Conversación con Cronos' })
const memories = (page: Page) => page.getByTestId('memory-list')
/** The last question in a text of Cronos. */
const lastQuestion = (text: string) => text.match(/¿[^?]+\?/g)?.at(-1) ?? ''

test.describe('the biography in the guided mode', () => {
  test('Cronos asks, the answer is saved as a memory, and a new question follows; all still there after a reload', async ({ page }) => {
    await signUpThroughApi(page, { name: 'Rosa Martínez' })
    await addSelfMemberThroughApi(page)
    await page.goto('/my-biography')
    await expect(page.getByRole('heading', { level: 1, name: 'Mi biografía' })).toBeVisible()
    // Who can turn the assistant on, in plain words: no setting or README for the family to read.
    await expect(page.getByTestId('chat-guided-notice')).toContainText('Quien cuida este Legado puede activar la inteligencia artificial')
    await expect(page.getByTestId('chat-guided-notice')).not.toContainText(/AI_PROVIDER|README/)
    const opening = chatLog(page).locator('[data-speaker=model]').first()
    await expect(opening).toContainText('¿')
    const firstQuestion = lastQuestion(await opening.innerText())

    // Shift+Enter makes a new line; Enter sends.
    await chatInput(page).fill('Nací en Manizales,')
    await chatInput(page).press('Shift+Enter')
    await chatInput(page).pressSequentially('en una casa de bahareque.')
    await expect(chatInput(page)).toHaveValue('Nací en Manizales,\nen una casa de bahareque.')
    await chatInput(page).press('Enter')

    await expect(chatLog(page).locator('[data-speaker=user]')).toContainText('en una casa de bahareque.')
    const reply = chatLog(page).locator('[data-speaker=model]').nth(1)
    await expect(reply).toContainText('¿')
    await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()
    await expect(chatInput(page)).toHaveValue('')
    const nextQuestion = lastQuestion(await reply.innerText())
    expect(nextQuestion).not.toBe('')
    expect(nextQuestion).not.toBe(firstQuestion)

    await expect(memories(page).getByTestId('memory-item')).toHaveCount(1)
    await expect(memories(page)).toContainText('en una casa de bahareque.')
    await expectNoSeriousA11yViolations(page, 'biography')

    await page.reload()
    await expect(memories(page).getByTestId('memory-item')).toHaveCount(1)
    await expect(memories(page)).toContainText(nextQuestion)
    // The answer is kept under the question it answered (the opening's), shown above it.
    const first = memories(page).getByTestId('memory-item')
    await expect(first.getByTestId('kept-question')).toContainText(firstQuestion)
    const [questionBox, answerBox] = [await first.getByTestId('kept-question').boundingBox(), await first.getByTestId('kept-answer').boundingBox()]
    expect(questionBox!.y).toBeLessThan(answerBox!.y)
    // The chat reopens on the question still waiting for an answer.
    await expect(chatLog(page).locator('[data-speaker=model]').first()).toContainText(nextQuestion)

    // A second answer in the same sitting joins the same conversation, under the question Cronos asked.
    await chatInput(page).fill('Mi abuela Tulia me crió.')
    await chatInput(page).press('Enter')
    await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()
    await expect(memories(page).getByTestId('memory-item')).toHaveCount(2)
    const conversation = memories(page).getByTestId('memory-conversation')
    await expect(conversation).toHaveCount(1)
    await expect(conversation.getByTestId('conversation-title')).toContainText(firstQuestion)
    await expect(conversation.getByTestId('kept-question').nth(1)).toContainText(nextQuestion)
    await expect(conversation.getByTestId('kept-answer').nth(1)).toHaveText('Mi abuela Tulia me crió.')
  })

  test('a file attached while chatting joins the saved memory, and the memory’s media can be managed', async ({ page }) => {
    await signUpThroughApi(page)
    await addSelfMemberThroughApi(page)
    await page.goto('/my-biography')
    await page.getByRole('button', { name: 'Adjuntar fotos, audios, vídeos o documentos' }).click()
    const attach = page.getByRole('dialog', { name: 'Adjuntar archivos' })
    await attach.getByLabel('Elegir archivos').setInputFiles({ name: 'carta.txt', mimeType: 'text/plain', buffer: Buffer.from('Querida Rosa: te escribo desde Manizales.') })
    await attach.getByRole('button', { name: 'Adjuntar', exact: true }).click()
    await expect(page.getByRole('list', { name: 'Archivos para adjuntar' })).toContainText('carta.txt')

    await chatInput(page).fill('Te comparto la carta que me escribió mi madre.')
    await chatInput(page).press('Enter')
    const memory = memories(page).getByTestId('memory-item').first()
    await expect(memory.getByRole('list', { name: 'Archivos adjuntos' }).getByRole('link', { name: 'Abrir carta.txt' })).toBeVisible({ timeout: 20_000 })

    await memory.getByRole('button', { name: /^Gestionar multimedia de/ }).click()
    const dialog = page.getByRole('dialog', { name: /^Multimedia de/ })
    await expect(dialog.getByText('carta.txt').first()).toBeVisible()
    await dialog.getByRole('button', { name: 'Eliminar carta.txt' }).click()
    await page.getByRole('alertdialog', { name: '¿Eliminar este archivo?' }).getByRole('button', { name: 'Eliminar' }).click()
    await expect(dialog.getByText('«carta.txt» se ha eliminado.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Eliminar carta.txt' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(memory.getByText('Sin archivos adjuntos.')).toBeVisible()
  })

  test('a memory written by hand is kept, its title and date can be changed, and it can be deleted', async ({ page }) => {
    await signUpThroughApi(page)
    await addSelfMemberThroughApi(page)
    await page.goto('/my-biography')
    await page.getByRole('button', { name: 'Escribir un recuerdo a mano' }).click()
    await page.getByRole('button', { name: 'Guardar recuerdo' }).click()
    await expect(page.getByText('El contenido del recuerdo es obligatorio.')).toBeVisible()
    await page.getByLabel('Tu recuerdo').fill('El día que llegó la luz eléctrica al pueblo, todos salimos a la plaza.')
    await page.getByRole('button', { name: 'Guardar recuerdo' }).click()
    const memory = memories(page).getByTestId('memory-item').first()
    await expect(memory).toContainText('El día que llegó la luz eléctrica al pueblo')

    await memory.getByRole('button', { name: /^Editar título y fecha de/ }).click()
    await memory.getByRole('textbox', { name: 'Título (opcional)' }).fill('La luz')
    await memory.getByLabel(/^Fecha del recuerdo/).fill('1961-08-07')
    await memory.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(memories(page).getByRole('heading', { name: 'La luz' })).toBeVisible()
    await page.reload()
    await expect(memories(page).getByRole('heading', { name: 'La luz' })).toBeVisible()
    await expect(memories(page)).toContainText('1961')

    await memories(page).getByRole('button', { name: 'Eliminar «La luz»' }).click()
    await page.getByRole('alertdialog', { name: '¿Eliminar este recuerdo?' }).getByRole('button', { name: 'Eliminar' }).click()
    await expect(page.getByText('Se eliminó «La luz» de tu biografía.')).toBeVisible()
    await page.reload()
    await expect(page.getByText('Tu biografía todavía está en blanco.')).toBeVisible()
  })

  test('Cronos speaks the language of the page', async ({ page }) => {
    await signUpThroughApi(page)
    await addSelfMemberThroughApi(page)
    await page.goto('/my-biography?lng=en')
    await expect(page.getByLabel('Your message to Cronos')).toBeVisible()
    const opening = page.getByRole('log').locator('[data-speaker=model]').first()
    await expect(opening).toContainText('Cronos')
    await expect(opening).not.toContainText('¿')
    await page.getByLabel('Your message to Cronos').fill('I was born in Lyon.')
    await page.getByLabel('Your message to Cronos').press('Enter')
    await expect(page.getByRole('log').locator('[data-speaker=model]').nth(1)).toContainText('?')
    await expect(page.getByRole('log').locator('[data-speaker=model]').nth(1)).not.toContainText('¿')
  })

  test('without an own profile the chat still answers but says the memory cannot be saved, until one press makes the profile', async ({ page }) => {
    await signUpThroughApi(page, { name: 'Ana Gil' }, { ownCard: false })
    await page.goto('/my-biography')
    const notice = page.getByTestId('no-self-member-notice')
    await expect(notice.getByRole('textbox', { name: 'Tu nombre completo' })).toHaveValue('Ana Gil')
    await chatInput(page).fill('Me llamo Ana.')
    await chatInput(page).press('Enter')
    await expect(page.getByText('No se puede guardar el recuerdo sin un perfil de miembro asociado.')).toBeVisible()
    await expect(memories(page).getByTestId('memory-item')).toHaveCount(0)

    await notice.getByRole('button', { name: 'Crear mi perfil' }).click()
    await expect(page.getByRole('status').getByText('Listo: ya tienes tu perfil.', { exact: false })).toBeVisible()
    await expect(notice).toHaveCount(0)
    await chatInput(page).fill('Nací en Jaén.')
    await chatInput(page).press('Enter')
    await expect(memories(page).getByTestId('memory-item')).toHaveCount(1)
  })
})

test.describe('the biography against Gemini (a local fake behind GEMINI_BASE_URL)', () => {
  test.use({ baseURL: geminiServerUrl })

  test('the reply streams in piece by piece, is saved, and is still there after a reload; the key never reaches the browser', async ({ page }) => {
    const bodies: string[] = []
    page.on('response', (response) => {
      if (/text|json|javascript|event-stream/.test(response.headers()['content-type'] ?? ''))
        void response.text().then(
          (text) => bodies.push(text),
          () => undefined,
        )
    })
    await signUpThroughApi(page, { name: 'Rosa Martínez' })
    await addSelfMemberThroughApi(page)
    await page.goto('/my-biography')
    await expect(page.getByTestId('chat-guided-notice')).toHaveCount(0)
    await expect(chatLog(page).locator('[data-speaker=model]').first()).toContainText('Cronos')

    await chatInput(page).fill('Los domingos íbamos a la casa de mi abuela Tulia.')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(page.getByText('Cronos está pensando…')).toBeVisible()
    // Part of the reply is on screen before the rest has been written.
    const inProgress = page.getByTestId('chat-reply-in-progress')
    await expect(inProgress).toContainText(fakeGeminiReply[0]!.trim())
    await expect(inProgress).not.toContainText(fakeGeminiReply.at(-1)!)
    const whole = fakeGeminiReply.join('').trim()
    await expect(chatLog(page).locator('[data-speaker=model]').last()).toContainText(whole)
    await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()

    await page.reload()
    await expect(memories(page).getByTestId('memory-item')).toHaveCount(1)
    await expect(memories(page)).toContainText(whole)
    await expect(memories(page)).toContainText('Los domingos íbamos a la casa de mi abuela Tulia.')
    expect(bodies.length).toBeGreaterThan(5)
    for (const body of bodies) expect(body).not.toContain('e2e-key-never-in-the-browser')
  })
})
