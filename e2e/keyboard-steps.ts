import { expect, type Locator, type Page } from '@playwright/test'
import { tabTo } from './page-checks.ts'

// The steps of a person who uses no mouse, shared by the keyboard journeys.

/** Focuses `field` with Tab and types `text` into it, replacing what it held. */
export async function typeInto(page: Page, field: Locator, text: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, field, key)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/** Waits until the page stops scrolling, as a person waits for the page to stop moving before going on. */
export async function waitForScrollToSettle(page: Page) {
  let last = -1
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY)
        const settled = now === last
        last = now
        return settled
      },
      { intervals: [100] },
    )
    .toBe(true)
}

/** Tabs to a button or link and presses Enter on it. */
export async function activate(page: Page, control: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, control, key)
  await page.keyboard.press('Enter')
}
