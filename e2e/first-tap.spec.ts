import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'

// The dashboard is drawn from its HTML before its scripts have run, so on a slow phone someone may
// scroll to a tile while the app is still on its way, and tap it just as the app takes the page
// over: the tile must still be where she saw it, and the tap must open its page.
test.use({ viewport: { width: 375, height: 740 } })

test('a tile scrolled to while the dashboard loads on a slow phone is still there when tapped, and opens its page', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa' })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

  // She scrolls before the app's scripts have come: they are held until she has.
  let scrolled = () => {}
  const hasScrolled = new Promise<void>((resolve) => (scrolled = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await hasScrolled
    await route.continue()
  })
  await page.goto('/dashboard', { waitUntil: 'commit' })
  const tile = page.getByRole('link', { name: 'Hacer un libro' })
  await tile.scrollIntoViewIfNeeded()
  const seen = await tile.boundingBox()
  expect(seen, 'the tile is drawn from the HTML').not.toBeNull()
  scrolled()

  // The greeting names her once the app runs and her session has answered.
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Rosa' })).toBeVisible()
  await page.mouse.click(seen!.x + seen!.width / 2, seen!.y + seen!.height / 2)
  await expect(page.getByRole('heading', { level: 1, name: 'Hacer un libro' })).toBeVisible({ timeout: 8_000 })
})
