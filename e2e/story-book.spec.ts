import { expect, test, type Page } from '@playwright/test'
import { addMemberThroughApi, addSelfMemberThroughApi, createBiographyEntryThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './page-checks.ts'

const chatInput = (page: Page) => page.getByLabel('Tu mensaje para Cronos')
const phone = { width: 375, height: 740 }

/** Tells Cronos one thing and waits until it is kept. */
async function tellCronos(page: Page, text: string) {
  const saved = page.getByText('Guardado en tus recuerdos.')
  const before = await saved.count()
  await chatInput(page).fill(text)
  await page.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(saved).toHaveCount(before + 1)
}

test.describe('«Leer mi historia»', () => {
  test.use({ viewport: phone })

  test('what Rosa told Cronos reads back in the order of her life, by stage, and prints without the site around it', async ({ page }) => {
    await signUpThroughApi(page, { name: 'Rosa Martínez' })
    await addSelfMemberThroughApi(page)
    await page.request.patch('/api/me', { data: { birthDate: '1940-03-02' } })
    // A memory with a date of her childhood, written by hand before today's conversation.
    await createBiographyEntryThroughApi(page, { title: 'La escuela del pueblo', content: 'Mi primer día de escuela llovía.', eventDate: '1947-09-15' })

    await page.goto('/my-biography')
    await tellCronos(page, 'Nací en Manizales, en una casa de bahareque.')
    await tellCronos(page, 'Mi madre cantaba boleros mientras cocinaba.')

    await page.getByRole('link', { name: 'Leer mi historia' }).click()
    await expect(page).toHaveURL(/\/my-story$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mi historia' })).toBeVisible()
    const chapters = page.getByRole('heading', { level: 2 })
    await expect(chapters).toHaveText(['Infancia', 'Recuerdos sin fecha'])
    await expect(page.getByRole('heading', { level: 3, name: 'La escuela del pueblo' })).toBeVisible()
    await expect(page.getByText('15 de septiembre de 1947')).toBeVisible()
    // The two things told today, undated, in the order they were told; Cronos' replies are not the story.
    const undated = page.getByRole('region', { name: 'Recuerdos sin fecha' })
    await expect(undated.locator('.story-answer')).toHaveText(['Nací en Manizales, en una casa de bahareque.', 'Mi madre cantaba boleros mientras cocinaba.'])
    // Each answer under the question Cronos asked it, the question first.
    await expect(undated.locator('.story-question')).toHaveCount(2)
    for (const question of await undated.locator('.story-question').all()) await expect(question).toHaveText(/¿.+\?/)
    await expect(undated.locator('.story-exchange').first().locator('p').first()).toHaveClass('story-question')
    await expectNoSeriousA11yViolations(page, 'my story on a phone')
    await expectNoHorizontalOverflow(page, 'my story on a phone')

    // On paper: the story alone, no navigation, no buttons.
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden()
    await expect(page.getByRole('link', { name: /Volver a mi biografía/ })).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Mi historia' })).toBeVisible()
    await expect(page.getByText('Mi madre cantaba boleros mientras cocinaba.')).toBeVisible()
    await page.emulateMedia({ media: 'screen' })
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible()
  })

  test('a relative’s story opens from their card in the tree', async ({ page }) => {
    await signUpThroughApi(page, { name: 'Rosa Martínez' })
    await addSelfMemberThroughApi(page)
    await addMemberThroughApi(page, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })
    await page.goto('/family-tree')
    await page.getByRole('link', { name: 'Leer la historia de Carmen Ruiz' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'La historia de Carmen Ruiz' })).toBeVisible()
    await expect(page.getByText('Todavía no hay conversaciones sobre Carmen Ruiz.')).toBeVisible()
    await page.getByRole('link', { name: 'Entrevistar sobre Carmen' }).click()
    await expect(page).toHaveURL(/\/interview\//)
  })
})
