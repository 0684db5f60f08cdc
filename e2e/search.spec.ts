import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'

// Rosa told of the farm in Pasto years ago. She searches for it from the header by keyboard,
// without accents, finds the memory with her words marked, and opens it in her story.

test('Rosa searches «pena finca» from the header by keyboard and opens the memory it finds', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Díaz' })
  const kept = await page.request.post('/api/biography/entries', {
    data: { title: 'La finca de Pasto', content: 'Los domingos íbamos a la finca de la abuela Peña, en Pasto, a moler caña.' },
  })
  expect(kept.status()).toBe(201)
  await page.request.post('/api/dreams', { data: { content: 'Soñé con el mar de Tumaco.' } })

  await page.goto('/dashboard?lng=es')
  const open = page.getByRole('button', { name: 'Buscar' })
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const field = page.getByRole('searchbox', { name: 'Buscar en los recuerdos de la familia' })
  await expect(field).toBeFocused()
  await page.keyboard.type('pena finca')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/search\?q=pena%20finca$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('1 resultado para «pena finca».')
  const memories = page.getByRole('region', { name: 'Recuerdos (1)' })
  await expect(memories.locator('mark')).toHaveText(['finca', 'finca', 'Peña'])
  await expectNoSeriousA11yViolations(page, 'search results')

  const result = memories.getByRole('link', { name: 'La finca de Pasto' })
  // As shown, not only as read aloud: the marked word keeps the spaces around it.
  expect(await result.innerText()).toBe('La finca de Pasto')
  await tabTo(page, result)
  await page.keyboard.press('Enter')
  // It opens on the memory itself, focused, not at the top of her story.
  await expect(page).toHaveURL(new RegExp(`/my-story#memory-${(await kept.json()).id}$`))
  const memory = page.locator('.found-item')
  await expect(memory).toBeFocused()
  await expect(memory.getByRole('heading', { level: 3, name: 'La finca de Pasto' })).toBeInViewport()
})

test('a search that finds nothing says so, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  await signUpThroughApi(page, { name: 'Luis Mora' })
  await page.goto('/search?q=trapiche&lng=es')
  await expect(page.getByRole('status')).toHaveText('No encontramos nada con «trapiche».')
  await expect(page.getByText('Prueba con otra palabra, con menos palabras o con el nombre de una persona o un lugar.')).toBeVisible()
  await expectNoHorizontalOverflow(page, 'search with nothing found')
})
