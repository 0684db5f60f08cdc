import { expect, test } from '@playwright/test'
import { refusingMicrophone } from './chromium.ts'
import { addSelfMemberThroughApi, signUpThroughApi } from './fixtures.ts'

test.use({ launchOptions: refusingMicrophone })

test('the mic disappears, typing is disabled with the reason, and typing can be taken up again', async ({ page }) => {
  await signUpThroughApi(page)
  await addSelfMemberThroughApi(page)
  await page.goto('/my-biography')
  const mic = page.getByRole('button', { name: 'Dictar con el micrófono' })
  await expect(mic).toBeVisible()
  await mic.click()
  await expect(page.getByRole('alert').filter({ hasText: /micrófono/ })).toBeVisible()
  await expect(mic).toHaveCount(0)
  await expect(page.getByLabel('Tu mensaje para Cronos')).toBeDisabled()
  await page.getByRole('button', { name: 'Seguir escribiendo sin micrófono' }).click()
  await expect(page.getByLabel('Tu mensaje para Cronos')).toBeEnabled()
  await expect(page.getByLabel('Tu mensaje para Cronos')).toBeFocused()
})
