import { expect, test, type Page } from '@playwright/test'
import { fakeGeminiReply } from './fake-gemini-reply.ts'
import { addMemberThroughApi, createDreamThroughApi, expectVisibleFocus, fakeGeminiRequests, geminiServerUrl, signUpThroughApi, tabTo, type NewMember } from './fixtures.ts'

/**
 * The AI lab at /ai-lab: a memory retold by the storyteller and kept with its variation, a dream
 * read back and kept with it (both against the fake Gemini), the same page without a model, and
 * the memory game played with the keyboard alone.
 */

const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Secciones del laboratorio' }).getByRole('tab', { name })
const memoryBox = (page: Page) => page.getByRole('textbox', { name: 'Tu recuerdo' })
const savedMemories = (page: Page) => page.getByRole('region', { name: 'Recuerdos guardados' })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
const wholeReply = fakeGeminiReply.join('').trim()

/** The tab is the chosen one: selected, focused, in the address, with its panel shown. */
async function expectChosenTab(page: Page, name: string, id: string) {
  const chosen = tab(page, name)
  await expect(chosen).toHaveAttribute('aria-selected', 'true')
  await expectVisibleFocus(chosen)
  await expect(page).toHaveURL(new RegExp(`/ai-lab\\?tab=${id}$`))
  await expect(page.getByRole('tabpanel', { name })).toBeVisible()
}

test.describe('the AI lab against Gemini (a local fake behind GEMINI_BASE_URL)', () => {
  test.use({ baseURL: geminiServerUrl })

  test('a memory is retold as it streams in, kept with its variation side by side after a reload, and deleted', async ({ page }) => {
    await signUpThroughApi(page)
    await page.goto('/ai-lab')
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeVisible()
    await expect(tab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'true')
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
    await expect(status(page, 'La variación está lista. Puedes guardarla junto a tu recuerdo.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Generando variación con IA...' })).toHaveCount(0)

    // The storyteller's request reached the model with its settings.
    const sent = (await fakeGeminiRequests(page)).filter((request) => JSON.stringify(request.body).includes(memory))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toMatch(/:streamGenerateContent\?alt=sse$/)
    expect(sent[0]!.body).toMatchObject({ generationConfig: { temperature: 0.85, maxOutputTokens: 800 } })

    await page.getByRole('button', { name: 'Guardar con la variación' }).click()
    await expect(status(page, '¡Recuerdo guardado!')).toBeVisible()
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
    await expect(status(page, 'Recuerdo eliminado.')).toBeVisible()
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
    await expect(tab(page, 'Sueños revelados')).toHaveAttribute('aria-selected', 'true')
    await expect(tab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'false')
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
    await expect(status(page, 'La lectura está lista.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Leerlo otra vez' })).toBeVisible()

    const sent = (await fakeGeminiRequests(page)).filter((request) => JSON.stringify(request.body).includes(dream.content))
    expect(sent).toHaveLength(1)

    await page.reload()
    await expect(tab(page, 'Sueños revelados')).toHaveAttribute('aria-selected', 'true')
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
  test('says how to turn an AI on, keeps a memory as told, and sends an empty diary to /my-dreams', async ({ page }) => {
    await signUpThroughApi(page)
    await page.goto('/ai-lab')
    const needed = page.getByRole('region', { name: 'Esto necesita un proveedor de IA' })
    await expect(needed).toContainText('puedes guardar tus recuerdos tal como los cuentas')
    // Once the server has said there is no model, there is nothing to generate with.
    await expect(page.getByRole('button', { name: 'Generar variación con IA' })).toHaveCount(0)

    const gemini = needed.getByText(/^Con Gemini de Google: .*GEMINI_API_KEY/)
    const ollama = needed.getByText(/^Con cualquier servidor compatible con OpenAI, como Ollama.*OPENAI_BASE_URL=http:\/\/localhost:11434\/v1/)
    await expect(gemini).toBeHidden()
    await needed.getByText('Cómo activarla (para quien administra el servidor)').click()
    await expect(gemini).toBeVisible()
    await expect(ollama).toBeVisible()
    await expect(ollama).toContainText('AI_MODEL')

    const memory = 'Mi madre cosía vestidos de fiesta para todo el barrio en una Singer negra.'
    await memoryBox(page).fill(memory)
    await page.getByRole('button', { name: 'Guardar tal como lo conté' }).click()
    await expect(status(page, '¡Recuerdo guardado!')).toBeVisible()
    await expect(memoryBox(page)).toHaveValue('')

    await page.reload()
    const kept = savedMemories(page).getByRole('listitem')
    await expect(kept).toHaveCount(1)
    await expect(kept.getByRole('region', { name: 'Tal como lo contaste' })).toContainText(memory)
    await expect(kept.getByText('Guardado sin variación.')).toBeVisible()
    await expect(kept.getByRole('region', { name: 'Variación fantástica' })).toHaveCount(0)

    await tab(page, 'Sueños revelados').click()
    await expect(page).toHaveURL(/\/ai-lab\?tab=dreams$/)
    await expect(page.getByRole('region', { name: 'Esto necesita un proveedor de IA' })).toBeVisible()
    await expect(page.getByText('Tu diario de sueños está vacío.', { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Leer mi sueño' })).toHaveCount(0)
    const write = page.getByRole('link', { name: 'Escribir un sueño' })
    await expect(write).toHaveAttribute('href', '/my-dreams')
    await write.click()
    await expect(page).toHaveURL('/my-dreams')
    await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()
  })

  test('the memory game, reached and played to the end with the keyboard alone, fits a 375 px screen', async ({ page }) => {
    const family: NewMember[] = [
      { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true },
      { firstName: 'Julio', lastName: 'Pérez', relationshipToOwner: 'Tío' },
      { firstName: 'Lucía', lastName: 'Gómez', relationshipToOwner: 'Prima' },
    ]
    await signUpThroughApi(page)
    for (const member of family) await addMemberThroughApi(page, member)

    await page.goto('/ai-lab')
    await expect(tab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'true')
    // One tab stop for the whole list: Tab reaches the selected tab, arrows and Home/End move the selection.
    await tabTo(page, tab(page, 'Contar un recuerdo'))
    await expect(tab(page, 'Sueños revelados')).toHaveAttribute('tabindex', '-1')
    await page.keyboard.press('ArrowRight')
    await expectChosenTab(page, 'Sueños revelados', 'dreams')
    await page.keyboard.press('ArrowRight')
    await expectChosenTab(page, 'Constelaciones', 'constellations')
    await page.keyboard.press('ArrowLeft')
    await expectChosenTab(page, 'Sueños revelados', 'dreams')
    await page.keyboard.press('Home')
    await expectChosenTab(page, 'Contar un recuerdo', 'memory')
    await page.keyboard.press('ArrowLeft') // from the first, round to the last
    await expectChosenTab(page, 'Juego de memoria', 'game')
    await page.keyboard.press('Home')
    await expectChosenTab(page, 'Contar un recuerdo', 'memory')
    await page.keyboard.press('End')
    await expectChosenTab(page, 'Juego de memoria', 'game')
    await expect(tab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'false')
    await expect(page.getByRole('heading', { level: 2, name: 'Juego de memoria' })).toBeVisible()

    // Three people: only the easy level can be played.
    await expect(page.getByRole('button', { name: /^Medio/ })).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('button', { name: /^Medio/ })).toHaveAccessibleDescription('Para este nivel hacen falta 6 personas en tu árbol; ahora hay 3.')
    await page.setViewportSize({ width: 375, height: 812 })
    await tabTo(page, page.getByRole('button', { name: 'Fácil 3 parejas' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: '¡A buscar 3 parejas!' })).toBeFocused()

    const cards = page.getByRole('list', { name: 'Tarjetas' }).getByRole('button')
    await expect(cards).toHaveCount(6)
    // At 375 px every card is on screen across, and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    for (const card of await cards.all()) {
      const box = (await card.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    for (let index = 0; index < 6; index++) await expect(cards.nth(index)).toHaveAccessibleName(`Tarjeta ${index + 1}, tapada`)

    // Tab leads from the board's title to the first card; the arrows, Home and End move among them.
    await page.keyboard.press('Tab')
    await expectVisibleFocus(cards.first())
    const tops = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!.y))
    const columns = tops.filter((top) => top === tops[0]).length
    await page.keyboard.press('ArrowDown')
    await expect(cards.nth(columns)).toBeFocused()
    await page.keyboard.press('End')
    await expect(cards.last()).toBeFocused()
    await page.keyboard.press('Home')
    await expect(cards.first()).toBeFocused()

    // Play as a person who knows the family does: turn cards, remember what each showed, and pair
    // a name with its relationship as soon as both have been seen.
    const belongTogether = (a: string, b: string) =>
      family.some(({ firstName, lastName, relationshipToOwner }) => {
        const name = `${firstName} ${lastName}`
        return (a === name && b === relationshipToOwner) || (a === relationshipToOwner && b === name)
      })
    let focused = 0
    let keyPresses = 0
    let turns = 0
    const seen = new Map<number, string>() // face down again, but remembered
    const found = new Set<number>()

    /** Moves the focus to a card with the arrows and turns it with Enter or Space; says what it shows. */
    const turn = async (index: number): Promise<string> => {
      const key = index > focused ? 'ArrowRight' : 'ArrowLeft'
      for (let step = 0; step < Math.abs(index - focused); step++) await page.keyboard.press(key)
      focused = index
      const card = cards.nth(index)
      await expect(card).toBeFocused()
      await page.keyboard.press(keyPresses++ % 2 === 0 ? 'Enter' : 'Space')
      await expect(card).toHaveAccessibleName(new RegExp(`^Tarjeta ${index + 1}: `))
      return (await card.getAttribute('aria-label'))!.replace(/^Tarjeta \d+: /, '').replace(/\. Pareja encontrada$/, '')
    }
    const unseen = () => [0, 1, 2, 3, 4, 5].filter((index) => !seen.has(index) && !found.has(index))
    const rememberedPartnerOf = (text: string, except: number) => [...seen].find(([index, shown]) => index !== except && belongTogether(text, shown))?.[0]

    while (found.size < 6) {
      // Two remembered cards that go together, or else a card not seen yet...
      const remembered = [...seen].flatMap(([index, text]) => {
        const partner = rememberedPartnerOf(text, index)
        return partner === undefined ? [] : [[index, partner] as const]
      })[0]
      const first = remembered?.[0] ?? unseen()[0]!
      const text = await turn(first)
      // ...then its remembered partner, or else another card not seen yet.
      const second = remembered?.[1] ?? rememberedPartnerOf(text, first) ?? unseen().find((index) => index !== first)!
      const secondText = await turn(second)
      turns++
      if (belongTogether(text, secondText)) {
        for (const index of [first, second]) {
          await expect(cards.nth(index)).toHaveAccessibleName(/\. Pareja encontrada$/)
          await expect(cards.nth(index)).toHaveAttribute('aria-disabled', 'true')
          seen.delete(index)
          found.add(index)
        }
        await expect(status(page, `¡Pareja encontrada: `)).toContainText(`Llevan ${found.size / 2} de 3 parejas.`)
      } else {
        await expect(status(page, `${secondText}. No es pareja de ${text}.`)).toBeVisible()
        seen.set(first, text).set(second, secondText)
      }
    }

    const end = page.getByRole('heading', { name: '¡Encontraron todas las parejas!' })
    await expect(end).toBeFocused()
    await expect(page.getByText(`Lo lograron en ${turns} ${turns === 1 ? 'intento' : 'intentos'}. ¡Qué buena memoria tiene esta familia!`)).toBeVisible()
    await expect(page.getByText('3 de 3 parejas', { exact: true })).toBeVisible()
    await expect(page.getByText(`Intentos: ${turns}`, { exact: true })).toBeVisible()
    for (let index = 0; index < 6; index++) await expect(cards.nth(index)).toHaveAccessibleName(new RegExp(`^Tarjeta ${index + 1}: .+\\. Pareja encontrada$`))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // The end's first choice is one Tab away: playing again deals a fresh board.
    await page.keyboard.press('Tab')
    await expectVisibleFocus(page.getByRole('button', { name: 'Jugar otra vez' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: '¡A buscar 3 parejas!' })).toBeFocused()
    await expect(page.getByText('0 de 3 parejas', { exact: true })).toBeVisible()
  })
})
