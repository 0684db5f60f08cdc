import { expect, test, type Locator, type Page } from '@playwright/test'
import { addMemberThroughApi, createBiographyEntryThroughApi, createDreamThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectVisibleFocus, tabTo } from './page-checks.ts'

/**
 * The AI lab's Constellations in the guided mode (no model): what recurs in Rosa's memories and
 * dreams drawn as stars, gone through with the keyboard alone, and a memory that mentions a star
 * opened from it.
 */

const sky = (page: Page) => page.getByRole('group', { name: 'Cielo de tus recuerdos' })
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')

/** Presses the arrows until the focus leaves `from` for another star: the layout decides which way it lies. */
async function arrowAway(page: Page, from: Locator) {
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await page.keyboard.press(key)
    if (!(await from.evaluate((element) => element === document.activeElement))) return
  }
  throw new Error('no arrow led away from the first star')
}

test('Constellations are gone through by keyboard, and a star opens a memory that mentions it', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Pérez' })
  await addMemberThroughApi(page, { firstName: 'Aurora', lastName: 'Ordóñez', relationshipToOwner: 'Abuela', isDeceased: true, birthPlace: 'Pasto, Nariño, Colombia' })
  await createBiographyEntryThroughApi(page, { title: 'El viaje a Pasto', content: 'En 1962 la abuela Aurora nos llevó a Pasto en tren.' })
  await createBiographyEntryThroughApi(page, { title: 'La voz de la abuela', content: 'Aurora Ordóñez cantaba boleros en Pasto en 1962.' })
  await createDreamThroughApi(page, { title: 'Volver', content: 'Soñé que volvía a Pasto de noche.' })

  await page.goto('/ai-lab?tab=constellations')
  const stars = sky(page).getByRole('button')
  await expect(stars).toHaveCount(3)
  // The largest star first: Pasto, said in two memories and a dream.
  const pasto = sky(page).getByRole('button', { name: 'Pasto, lugar, aparece 3 veces' })
  await tabTo(page, pasto)
  await expect(pasto).toHaveAttribute('tabindex', '0')

  await arrowAway(page, pasto)
  const moved = await focusedLabel(page)
  expect(['Aurora Ordóñez, persona, aparece 2 veces', '1962, año, aparece 2 veces']).toContain(moved)
  const star = sky(page).getByRole('button', { name: moved })
  await expectVisibleFocus(star)
  await expect(pasto).toHaveAttribute('tabindex', '-1')

  await page.keyboard.press('Enter')
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  const chosen = page.getByRole('region', { name: new RegExp(`^${moved.split(',')[0]} \\(`) })
  await expect(chosen.getByRole('heading', { level: 3 })).toBeFocused()
  await expect(chosen.getByText('Aparece en 2 cosas que contaste:')).toBeVisible()

  // On a phone the sky scales down to the screen and the list goes below it.
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(sky(page)).toBeVisible()
  await expectNoHorizontalOverflow(page, 'Constellations with a star chosen at 375 px')

  // Both stars are in «El viaje a Pasto»: it opens in the memories.
  await tabTo(page, chosen.getByRole('link', { name: 'El viaje a Pasto' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/my-story#memory-[\w-]+$/)
  await expect(page.locator('.found-item')).toBeFocused()
  await expect(page.locator('.found-item').getByText('En 1962 la abuela Aurora nos llevó a Pasto en tren.')).toBeInViewport()
})
