import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { translator } from './catalogues.ts'
import { addMemberThroughApi, addSelfMemberThroughApi, createBiographyEntryThroughApi, geminiServerUrl, signUpThroughApi } from './fixtures.ts'
import { fakeGeminiReply } from './fake-gemini-reply.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'

const phone = { width: 375, height: 740 }

/** Rosa, born in 1940, with a memory of her childhood and one of her youth: two chapters of her book. */
async function rosaWithTwoMemories(page: Page) {
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  await addSelfMemberThroughApi(page)
  await page.request.patch('/api/me', { data: { birthDate: '1940-03-02' } })
  await createBiographyEntryThroughApi(page, { title: 'La escuela del pueblo', content: 'Mi primer día de escuela llovía sobre el tejado de zinc.', eventDate: '1947-09-15' })
  await createBiographyEntryThroughApi(page, { title: 'El baile de San Juan', content: 'Bailé con Andrés hasta que amaneció en la plaza.', eventDate: '1958-06-24' })
  await createBiographyEntryThroughApi(page, { title: 'La radio de la vecina', content: 'Escuchábamos las radionovelas en la casa de enfrente.', eventDate: '1948-01-10' })
}

const preview = (page: Page, label = 'Primeras páginas del libro') => page.getByRole('list', { name: label })

test('Rosa chooses what goes in her book with the keyboard alone, previews it, makes it, downloads the PDF and deletes it', async ({ page }) => {
  test.setTimeout(120_000)
  await rosaWithTwoMemories(page)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Hacer un libro' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hacer un libro' })).toBeVisible()

  // Her own book is chosen; its first pages show her name on the cover and the chapters of her life.
  await expect(page.getByRole('radio', { name: 'Mi libro' })).toBeChecked()
  await expect(preview(page).getByRole('group', { name: 'Página 1: portada' })).toContainText('Rosa Martínez')
  await expect(page.getByRole('checkbox', { name: /La escuela del pueblo/ })).toBeChecked()

  // Everything by keyboard: a memory left out, a dedication, the chapters by hand, A5 with bleed.
  const radio = page.getByRole('checkbox', { name: /La radio de la vecina/ })
  await tabTo(page, radio)
  await page.keyboard.press('Space')
  await expect(radio).not.toBeChecked()
  await expect(preview(page)).not.toContainText('Escuchábamos las radionovelas')

  await tabTo(page, page.getByRole('textbox', { name: /Dedicatoria/ }))
  await page.keyboard.type('Para mis nietos, con todo mi cariño')
  await expect(page.getByText('35 de 2000 caracteres')).toBeVisible()
  await expect(preview(page).getByRole('group', { name: 'Página 2: dedicatoria' })).toHaveText('Para mis nietos, con todo mi cariño')

  await tabTo(page, page.getByRole('radio', { name: 'Por etapas de la vida' }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: 'A mano, capítulo por capítulo' })).toBeChecked()
  const chapters = page.getByRole('list', { name: 'Capítulos en el orden del libro' }).getByRole('listitem')
  const [first, second] = await chapters.locator('.book-manual-title').allTextContents()
  await tabTo(page, page.getByRole('button', { name: `Bajar «${first}»` }))
  await page.keyboard.press('Enter')
  await expect(chapters.locator('.book-manual-title')).toHaveText([second!, first!])
  await expect(page.getByText(`«${first}» es ahora el capítulo 2 de 2.`)).toBeAttached()
  await expect(page.getByRole('button', { name: `Bajar «${first}»` })).toBeFocused()
  await expect(preview(page).getByRole('group', { name: `Página 4: comienzo del capítulo «${second}»` })).toBeVisible()

  await tabTo(page, page.getByRole('radio', { name: /^6 × 9 pulgadas/ }))
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: 'A5 (14,8 × 21 cm)' })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: 'Márgenes de corte de 3 mm para imprenta' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox', { name: 'Márgenes de corte de 3 mm para imprenta' })).toBeChecked()
  await expect(page.getByRole('region', { name: 'Vista previa' }).getByRole('status')).toHaveText('')
  await expectNoSeriousA11yViolations(page, 'the book page with its choices made')

  // Made on the server, followed by a progress bar, then downloaded: a PDF.
  await tabTo(page, page.getByRole('button', { name: 'Hacer el libro' }))
  await page.keyboard.press('Enter')
  const download = page.getByRole('link', { name: /^Descargar el libro \(PDF, \d+ páginas?\)$/ })
  await expect(download).toBeFocused({ timeout: 60_000 })
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  expect(file.suggestedFilename()).toMatch(/\.pdf$/)
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-')

  // Kept among the books made before, and deleted after an accessible confirmation.
  const made = page.getByRole('region', { name: 'Libros que ya hiciste' }).getByRole('listitem')
  await expect(made).toHaveCount(1)
  await expect(made.getByRole('link', { name: /^Descargar «.+» \(PDF, \d+ páginas?\)$/ })).toBeVisible()
  await tabTo(page, made.getByRole('button', { name: /^Eliminar «/ }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar este libro?' })
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Todavía no has hecho ningún libro.')).toBeVisible()
})

test('the book page speaks English and French, and fits a phone', async ({ page }) => {
  await page.setViewportSize(phone)
  await rosaWithTwoMemories(page)
  for (const language of ['en', 'fr'] as const) {
    const t = translator(language)
    await page.goto(`/book?lng=${language}`)
    await expect(page.getByRole('heading', { level: 1, name: t('book:page.title') })).toBeVisible()
    await expect(page.getByRole('radio', { name: t('book:subject.own') })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: t('book:print.bleed') })).toBeVisible()
    await expect(preview(page, t('book:preview.label')).getByRole('group', { name: t('book:preview.page', { number: '1', what: t('book:preview.cover') }) })).toBeVisible()
    await expect(page.getByRole('button', { name: t('book:make.button') })).toBeVisible()
    await expectNoHorizontalOverflow(page, `the book page in ${language} on a phone`)
  }
})

test('a relative’s book opens from their card, with them chosen', async ({ page }) => {
  const wholeTreeReads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/family-tree') wholeTreeReads.push(request.url())
  })
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  await addSelfMemberThroughApi(page)
  await addMemberThroughApi(page, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela' })
  await addMemberThroughApi(page, { firstName: 'Pedro', lastName: 'Martínez', relationshipToOwner: 'Padre' })
  await page.goto('/family-tree')
  await page.getByRole('link', { name: 'Hacer el libro de Carmen Ruiz' }).click()
  await expect(page).toHaveURL(/\/book\?memberId=/)
  await expect(page.getByRole('radio', { name: 'El libro de un familiar' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: '¿De quién es el libro?' })).toHaveValue(/.+/)
  await expect(page.getByRole('combobox', { name: '¿De quién es el libro?' }).locator('option:checked')).toHaveText('Carmen Ruiz')
  // Her relatives to choose from, by name: everyone but Rosa herself, whose book is her own.
  const offered = await page.getByRole('combobox', { name: '¿De quién es el libro?' }).locator('option').allTextContents()
  expect(offered).toEqual(expect.arrayContaining(['Carmen Ruiz', 'Pedro Martínez']))
  expect(offered).not.toContain('Rosa Martínez')
  // Nothing told of her yet: the page says where her book's pages come from.
  await expect(page.getByText('Todavía no hay nada que poner en este libro.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Hacer el libro' })).toHaveAttribute('aria-disabled', 'true')
  // The names came from the tree's index: the page never read the whole tree.
  expect(wholeTreeReads).toEqual([])
})

test.describe('with a model', () => {
  test.use({ baseURL: geminiServerUrl })

  test('a chapter is retold as prose on request, put in the book, and its first page says the AI told it', async ({ page }) => {
    await signUpThroughApi(page, { name: 'Rosa Martínez' })
    await addSelfMemberThroughApi(page)
    await createBiographyEntryThroughApi(page, { title: 'La escuela del pueblo', content: 'Mi primer día de escuela llovía sobre el tejado de zinc.', eventDate: '1947-09-15' })
    await page.goto('/book')
    const retell = page.getByRole('button', { name: /^Contar como relato con IA: «/ })
    await tabTo(page, retell)
    await page.keyboard.press('Enter')
    await expect(page.getByText(fakeGeminiReply.join('').trim())).toBeVisible()
    const use = page.getByRole('button', { name: /^Usar en el libro el relato de «/ })
    await expect(use).toHaveAttribute('aria-pressed', 'false')
    await tabTo(page, use)
    await page.keyboard.press('Enter')
    await expect(use).toHaveAttribute('aria-pressed', 'true')
    const chapterPage = preview(page).getByRole('group', { name: /^Página 3: comienzo del capítulo/ })
    await expect(chapterPage).toContainText(fakeGeminiReply[0]!.trim())
    await expect(chapterPage.locator('.book-page-note')).not.toBeEmpty()
  })
})
