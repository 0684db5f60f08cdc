import { expect, test, type Page } from '@playwright/test'
import { addMemberThroughApi, aiLabTab, signUpThroughApi, statusMessage, type NewMember } from './fixtures.ts'
import { expectVisibleFocus, tabTo } from './page-checks.ts'

/**
 * The AI lab's memory game, in the guided mode (it needs no model): reached through the lab's tabs
 * and played to the end with the keyboard alone, on a 375 px screen.
 */

/** The tab is the chosen one: selected, focused, in the address, with its panel shown. */
async function expectChosenTab(page: Page, name: string, id: string) {
  const chosen = aiLabTab(page, name)
  await expect(chosen).toHaveAttribute('aria-selected', 'true')
  await expectVisibleFocus(chosen)
  await expect(page).toHaveURL(new RegExp(`/ai-lab\\?tab=${id}$`))
  await expect(page.getByRole('tabpanel', { name })).toBeVisible()
}

test.describe('the memory game', () => {
  test('is reached and played to the end with the keyboard alone, fits a 375 px screen', async ({ page }) => {
    const family: NewMember[] = [
      { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true },
      { firstName: 'Julio', lastName: 'Pérez', relationshipToOwner: 'Tío' },
      { firstName: 'Lucía', lastName: 'Gómez', relationshipToOwner: 'Prima' },
    ]
    // Three relatives and nobody else: the own card sign-up makes would be a fourth person.
    await signUpThroughApi(page, {}, { ownCard: false })
    for (const member of family) await addMemberThroughApi(page, member)

    await page.goto('/ai-lab')
    await expect(aiLabTab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'true')
    // One tab stop for the whole list: Tab reaches the selected tab, arrows and Home/End move the selection.
    await tabTo(page, aiLabTab(page, 'Contar un recuerdo'))
    await expect(aiLabTab(page, 'Sueños revelados')).toHaveAttribute('tabindex', '-1')
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
    await expect(aiLabTab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'false')
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
        await expect(statusMessage(page, `¡Pareja encontrada: `)).toContainText(`Llevan ${found.size / 2} de 3 parejas.`)
      } else {
        await expect(statusMessage(page, `${secondText}. No es pareja de ${text}.`)).toBeVisible()
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
