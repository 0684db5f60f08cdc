import { expect, test, type Page } from '@playwright/test'
import { fakeGeminiReply } from './fake-gemini-reply.ts'
import { aiLabTab, createDreamThroughApi, fakeGeminiRequests, geminiServerUrl, signUpThroughApi, statusMessage } from './fixtures.ts'

/**
 * The AI lab at /ai-lab: a memory retold by the storyteller and kept with its variation, a dream
 * read back and kept with it (both against the fake Gemini), the same page without a model, and
 * the memory game played with the keyboard alone.
 */

const memoryBox = (page: Page) => page.getByRole('textbox', { name: 'Tu recuerdo' })
const savedMemories = (page: Page) => page.getByRole('region', { name: 'Recuerdos guardados' })
const wholeReply = fakeGeminiReply.join('').trim()

test.describe('the AI lab against Gemini (a local fake behind GEMINI_BASE_URL)', () => {
  test.use({ baseURL: geminiServerUrl })

  test('a memory is retold as it streams in, kept with its variation side by side after a reload, and deleted', async ({ page }) => {
    await signUpThroughApi(page)
    await page.goto('/ai-lab')
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeVisible()
    await expect(aiLabTab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('heading', { level: 2, name: 'Contar un recuerdo' })).toBeVisible()
    await expect(savedMemories(page).getByText('Aún no has guardado recuerdos en el laboratorio.')).toBeVisible()

    // Unique to this run, so its request is found among every journey's on the shared fake.
    const memory = `El verano de ${Date.now()} mi abuelo me enseñó a pescar en el río Cauca.`
    await memoryBox(page).fill(memory)
    await page.getByRole('button', { name: 'Generar variación con IA' }).click()

    // The fake writes a piece every 400 ms: the wait shows, then the variation arrives piece by piece.
    // The pressed button says it is busy and keeps the focus.
    const generating = page.getByRole('button', { name: 'Generando variación con IA...' })
    await expect(generating).toHaveAttribute('aria-disabled', 'true')
    await expect(generating).toBeFocused()
    const answer = page.getByRole('region', { name: 'Variación fantástica' })
    await expect(answer).toHaveAttribute('aria-busy', 'true')
    await expect(answer).toContainText(fakeGeminiReply[0]!.trim())
    await expect(answer).not.toContainText(fakeGeminiReply.at(-1)!)
    await expect(answer).toContainText(wholeReply)
    await expect(answer).toHaveAttribute('aria-busy', 'false')
    await expect(statusMessage(page, 'La variación está lista. Puedes guardarla junto a tu recuerdo.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Generando variación con IA...' })).toHaveCount(0)

    // The storyteller's request reached the model with its settings.
    const sent = (await fakeGeminiRequests(page)).filter((request) => JSON.stringify(request.body).includes(memory))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toMatch(/:streamGenerateContent\?alt=sse$/)
    expect(sent[0]!.body).toMatchObject({ generationConfig: { temperature: 0.85, maxOutputTokens: 800 } })

    await page.getByRole('button', { name: 'Guardar con la variación' }).click()
    await expect(statusMessage(page, '¡Recuerdo guardado!')).toBeVisible()
    await expect(memoryBox(page)).toHaveValue('')
    // The pressed button went with the variation: the box is ready for the next memory.
    await expect(memoryBox(page)).toBeFocused()
    await expect(savedMemories(page).getByRole('listitem')).toHaveCount(1)

    await page.reload()
    const kept = savedMemories(page).getByRole('listitem')
    await expect(kept).toHaveCount(1)
    const original = kept.getByRole('region', { name: 'Tal como lo contaste' })
    const variation = kept.getByRole('region', { name: 'Variación fantástica' })
    await expect(original).toContainText(memory)
    await expect(variation).toContainText(wholeReply)
    // Side by side: the variation to the right of the original, on the same line.
    const [left, right] = [await original.boundingBox(), await variation.boundingBox()]
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1)
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2)

    await kept.getByRole('button', { name: /^Eliminar el recuerdo del / }).click()
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar este recuerdo?' })
    await expect(dialog).toContainText('Se eliminará el recuerdo y su variación.')
    await dialog.getByRole('button', { name: 'Eliminar' }).click()
    await expect(dialog).toBeHidden()
    // The deleted memory's button is gone: the list's heading takes the focus.
    await expect(page.getByRole('heading', { name: 'Recuerdos guardados' })).toBeFocused()
    await expect(statusMessage(page, 'Recuerdo eliminado.')).toBeVisible()
    await expect(savedMemories(page).getByText('Aún no has guardado recuerdos en el laboratorio.')).toBeVisible()
    await page.reload()
    await expect(savedMemories(page).getByText('Aún no has guardado recuerdos en el laboratorio.')).toBeVisible()
  })

  test('a dream from the diary is read as it streams in, and the reading stays with that dream', async ({ page }) => {
    await signUpThroughApi(page)
    const dream = { title: 'El tren de las nubes', content: 'Viajaba en un tren que subía entre las nubes hasta la casa de mi infancia.', dreamDate: '2026-03-14' }
    await createDreamThroughApi(page, dream)
    await createDreamThroughApi(page, { title: 'La tormenta', content: 'Una tormenta sin lluvia sobre el mar.', dreamDate: '2026-03-20' })

    await page.goto('/ai-lab?tab=dreams')
    await expect(aiLabTab(page, 'Sueños revelados')).toHaveAttribute('aria-selected', 'true')
    await expect(aiLabTab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'false')
    await expect(page.getByRole('heading', { level: 2, name: 'Sueños revelados' })).toBeVisible()
    await expect(page.getByText('no es un diagnóstico, ni una predicción, ni un consejo de salud.')).toBeVisible()

    // The newest dream comes first; choose the older one.
    const choice = page.getByRole('combobox', { name: 'Elige un sueño' })
    const chooseTheTrain = async () => {
      const value = await choice.getByRole('option', { name: /^El tren de las nubes/ }).getAttribute('value')
      await choice.selectOption(value!)
      await expect(page.locator('blockquote')).toContainText(dream.content)
    }
    await expect(choice).toHaveValue(/.+/)
    await expect(page.locator('blockquote')).toContainText('Una tormenta sin lluvia')
    await chooseTheTrain()
    const readings = page.getByRole('region', { name: 'Lecturas de este sueño' })
    await expect(readings.getByText('Este sueño aún no tiene lecturas.')).toBeVisible()

    await page.getByRole('button', { name: 'Leer mi sueño' }).click()
    await expect(page.getByRole('button', { name: 'Leyendo tu sueño...' })).toHaveAttribute('aria-disabled', 'true')
    await expect(choice).toBeDisabled()
    const answer = page.getByRole('region', { name: 'Lectura de tu sueño' })
    await expect(answer).toContainText(fakeGeminiReply[0]!.trim())
    await expect(answer).not.toContainText(fakeGeminiReply.at(-1)!)
    // Once whole, it is kept: it moves from the box into the dream's readings.
    await expect(readings.getByRole('listitem')).toHaveCount(1)
    await expect(readings.getByRole('listitem')).toContainText(wholeReply)
    await expect(readings.getByRole('listitem')).toContainText(/^Leído el /)
    await expect(statusMessage(page, 'La lectura está lista.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Leerlo otra vez' })).toBeVisible()

    const sent = (await fakeGeminiRequests(page)).filter((request) => JSON.stringify(request.body).includes(dream.content))
    expect(sent).toHaveLength(1)

    await page.reload()
    await expect(aiLabTab(page, 'Sueños revelados')).toHaveAttribute('aria-selected', 'true')
    // The other dream has no reading of its own.
    await expect(page.locator('blockquote')).toContainText('Una tormenta sin lluvia')
    await expect(readings.getByText('Este sueño aún no tiene lecturas.')).toBeVisible()
    await chooseTheTrain()
    await expect(readings.getByRole('listitem')).toHaveCount(1)
    await expect(readings.getByRole('listitem')).toContainText(wholeReply)
    await expect(page.getByRole('button', { name: 'Leerlo otra vez' })).toBeVisible()
  })
})

test.describe('the AI lab in the guided mode (no model)', () => {
  test('says what works without a model and who can turn one on, keeps a memory as told, and sends an empty diary to /my-dreams', async ({ page }) => {
    await signUpThroughApi(page)
    await page.goto('/ai-lab')
    const needed = page.getByRole('region', { name: 'Aquí el asistente funciona en modo guiado' })
    await expect(needed).toContainText('puedes guardar tus recuerdos tal como los cuentas')
    await expect(needed).toContainText('Quien cuida este Legado puede activar la inteligencia artificial cuando quiera.')
    // How to turn a model on is for whoever runs the server (its log and the README), not for this page.
    await expect(page.locator('main')).not.toContainText(/GEMINI|OPENAI|AI_MODEL|README/)
    // Once the server has said there is no model, there is nothing to generate with.
    await expect(page.getByRole('button', { name: 'Generar variación con IA' })).toHaveCount(0)

    const memory = 'Mi madre cosía vestidos de fiesta para todo el barrio en una Singer negra.'
    await memoryBox(page).fill(memory)
    await page.getByRole('button', { name: 'Guardar tal como lo conté' }).click()
    await expect(statusMessage(page, '¡Recuerdo guardado!')).toBeVisible()
    await expect(memoryBox(page)).toHaveValue('')

    await page.reload()
    const kept = savedMemories(page).getByRole('listitem')
    await expect(kept).toHaveCount(1)
    await expect(kept.getByRole('region', { name: 'Tal como lo contaste' })).toContainText(memory)
    await expect(kept.getByText('Guardado sin variación.')).toBeVisible()
    await expect(kept.getByRole('region', { name: 'Variación fantástica' })).toHaveCount(0)

    await aiLabTab(page, 'Sueños revelados').click()
    await expect(page).toHaveURL(/\/ai-lab\?tab=dreams$/)
    await expect(page.getByRole('region', { name: 'Aquí el asistente funciona en modo guiado' })).toContainText('Leer tus sueños necesita el asistente')
    await expect(page.getByText('Tu diario de sueños está vacío.', { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Leer mi sueño' })).toHaveCount(0)
    const write = page.getByRole('link', { name: 'Escribir un sueño' })
    await expect(write).toHaveAttribute('href', '/my-dreams')
    await write.click()
    await expect(page).toHaveURL('/my-dreams')
    await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()
  })
})
