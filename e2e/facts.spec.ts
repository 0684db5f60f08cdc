import { expect, test, type Page } from '@playwright/test'
import { withFakeMicrophone } from './chromium.ts'
import { addMemberThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'
import { expectRecordingPlays } from './recordings.ts'

// Rosa tells Ana, in the guided mode (no model), where and when her grandmother Aurora was born,
// with her voice. Ana proposes the two facts with Rosa's words; Rosa accepts them with the keyboard
// alone, and Aurora's card then says where they come from, with the recording to play. On a phone
// the same page and card fit the screen.

test.use({ launchOptions: withFakeMicrophone })

const phone = { width: 375, height: 740 }
const answer = 'Nació en Pasto, Nariño, hacia 1931'
const birthplaceQuestion = '¿Dónde nació Aurora y dónde pasó su infancia?'

const chatLog = (page: Page) => page.getByRole('log', { name: 'Conversación con Ana' })
const chatInput = (page: Page) => page.getByLabel('Tu mensaje para Ana')
const anaBubbles = (page: Page) => chatLog(page).locator('[data-speaker=model]')
const heard = (page: Page) => page.getByRole('region', { name: 'Lo que Ana escuchó sobre Aurora' })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })
const unknown = (page: Page) => page.getByRole('complementary', { name: 'Lo que aún no sabemos de Aurora' })

/** Sends a message to Ana and waits for her whole reply. */
async function tellAna(page: Page, text: string) {
  const replies = await anaBubbles(page).count()
  await chatInput(page).fill(text)
  await chatInput(page).press('Enter')
  await expect(anaBubbles(page)).toHaveCount(replies + 1)
  await expect(anaBubbles(page).last()).toContainText('¿')
}

/**
 * Leaves aside, with «otra», Ana's questions until she asks where Aurora was born: the guided
 * questions come in a fixed order, and this one follows the first few of the portrait.
 */
async function skipToBirthplace(page: Page) {
  await expect(anaBubbles(page).first()).toContainText('¿')
  for (let skipped = 0; skipped < 8; skipped++) {
    if ((await anaBubbles(page).last().innerText()).includes(birthplaceQuestion)) return
    await tellAna(page, 'otra')
  }
  await expect(anaBubbles(page).last()).toContainText(birthplaceQuestion)
}

test('what Ana hears is proposed with its words and voice, accepted with the keyboard, and cited on the card with the recording', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpThroughApi(page)
  const aurora = await addMemberThroughApi(page, { firstName: 'Aurora', lastName: 'Rosero', relationshipToOwner: 'Abuela', isDeceased: true, gender: 'Femenino' })

  await test.step('she answers Ana’s birthplace question with her voice', async () => {
    await page.goto(`/interview/${aurora}`)
    // Gently, what nobody has told yet, where she was born first.
    await expect(unknown(page).getByRole('listitem').first()).toHaveText('Dónde nació')
    await expect(
      unknown(page)
        .getByRole('listitem')
        .filter({ hasText: /^Cuándo nació$/ }),
    ).toBeVisible()
    await skipToBirthplace(page)
    await page.getByRole('button', { name: 'Grabar tu respuesta con tu voz' }).click()
    await expect(status(page, 'Grabando ahora')).toBeVisible()
    // Let the fake microphone's beep fill a second and a half of recording.
    await page.waitForTimeout(1_500)
    await chatInput(page).fill(answer)
    await page.getByRole('button', { name: 'Detener la grabación' }).click()
    await expect(page.getByRole('list', { name: 'Grabaciones listas para enviar' }).getByRole('listitem')).toHaveCount(1)
    await chatInput(page).press('Enter')
    await expect(status(page, 'Tu voz quedó guardada con esta entrevista.')).toBeVisible({ timeout: 20_000 })
  })

  await test.step('Ana proposes where and when Aurora was born, with her words and her voice', async () => {
    const panel = heard(page)
    await expect(panel.getByRole('listitem')).toHaveCount(2)
    for (const fact of ['Nació en Pasto, Nariño', 'Nació hacia 1931']) {
      const item = panel.getByRole('listitem').filter({ has: page.getByText(fact, { exact: true }) })
      await expect(item).toContainText(answer)
      await expect(item).toContainText('Lo contaste tú el')
      await expect(item.getByRole('button', { name: `Escuchar la grabación: ${fact}` })).toBeVisible()
    }
    await expectRecordingPlays(page, panel.getByRole('listitem').first().locator('audio'))
    await expectNoSeriousA11yViolations(page, 'interview with heard facts')
  })

  await test.step('on a phone the proposals fit the screen', async () => {
    const desktop = page.viewportSize()!
    await page.setViewportSize(phone)
    await expect(heard(page)).toBeVisible()
    await expectNoHorizontalOverflow(page, 'interview with heard facts, on a phone')
    await page.setViewportSize(desktop)
  })

  await test.step('she accepts both with the keyboard alone', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Aceptar: Nació en Pasto, Nariño' }))
    await page.keyboard.press('Enter')
    await expect(status(page, 'Guardado en el árbol: Nació en Pasto, Nariño.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Lo que Ana escuchó sobre Aurora' })).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Aceptar: Nació hacia 1931' }))
    await page.keyboard.press('Enter')
    await expect(status(page, 'Guardado en el árbol: Nació hacia 1931.')).toBeVisible()
    await expect(heard(page).getByRole('listitem')).toHaveCount(0)
    await expect(heard(page)).toContainText('Ya revisaste todo lo que Ana escuchó.')
    // Now known, no longer suggested.
    await expect(
      unknown(page)
        .getByRole('listitem')
        .filter({ hasText: /^(Dónde|Cuándo) nació$/ }),
    ).toHaveCount(0)
    // The page reads the relative again: the header says when she was born.
    await expect(page.locator('.interview-facts')).toContainText('hacia 1931')
  })

  await test.step('Aurora’s card says where it comes from, and plays her granddaughter’s voice', async () => {
    await page.goto('/family-tree')
    const card = page.getByRole('article', { name: 'Aurora Rosero' })
    await expect(card).toContainText('hacia 1931, Pasto, Nariño')
    await expect(card.getByText(/^Fuente: entrevista con Ana del .+, contado por ti/)).toBeVisible()
    const showWords = card.getByRole('button', { name: /^Ver las palabras de la fuente/ })
    await tabTo(page, showWords)
    await page.keyboard.press('Enter')
    await expect(card.getByText(answer)).toBeVisible()
    const listen = card.getByRole('button', { name: /^Escuchar la grabación de la fuente/ })
    await tabTo(page, listen)
    await expectRecordingPlays(page, card.locator('audio'))
    await expectNoSeriousA11yViolations(page, 'family tree with a cited fact')

    await page.setViewportSize(phone)
    await expect(card.getByText(/^Fuente: entrevista con Ana/)).toBeVisible()
    await expectNoHorizontalOverflow(page, 'family tree with a cited fact, on a phone')
  })
})

test('what Cronos hears about the person is proposed to them for their own card, and cited there as their conversation', async ({ page }) => {
  const rosa = await signUpThroughApi(page)
  await page.goto('/my-biography')
  const ownUnknown = page.getByRole('complementary', { name: 'Lo que aún no has contado' })
  await expect(ownUnknown.getByRole('listitem').first()).toHaveText('Dónde naciste')

  const cronos = page.getByRole('log', { name: 'Conversación con Cronos' }).locator('[data-speaker=model]')
  await expect(cronos.first()).toContainText('¿')
  await page.getByLabel('Tu mensaje para Cronos').fill('Nací en Pasto, Nariño, en 1950.')
  await page.getByLabel('Tu mensaje para Cronos').press('Enter')
  await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()

  const panel = page.getByRole('region', { name: 'Lo que Cronos escuchó de tu vida' })
  await expect(panel.getByText('Naciste en Pasto, Nariño', { exact: true })).toBeVisible()
  await expect(panel.getByText('Naciste en 1950', { exact: true })).toBeVisible()
  await expect(panel.getByRole('listitem').first()).toContainText('Lo contaste tú el')
  await panel.getByRole('button', { name: 'Aceptar: Naciste en Pasto, Nariño' }).click()
  await expect(status(page, 'Guardado en el árbol: Naciste en Pasto, Nariño.')).toBeVisible()
  await expect(ownUnknown.getByText('Dónde naciste', { exact: true })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, 'biography with heard facts')

  await page.goto('/family-tree')
  const card = page.getByRole('article', { name: rosa.name })
  await expect(card).toContainText('Pasto, Nariño')
  await expect(card.getByText(/^Fuente: tu conversación con Cronos del /)).toBeVisible()
})

test('a fact told otherwise than the card shows both and changes nothing until one is chosen; the tree’s kept, it is not proposed again', async ({ page }) => {
  await signUpThroughApi(page)
  const aurora = await addMemberThroughApi(page, { firstName: 'Aurora', lastName: 'Rosero', relationshipToOwner: 'Abuela', isDeceased: true })
  const written = await page.request.patch(`/api/family-tree/members/${aurora}`, { data: { birthPlace: 'Quito' } })
  expect(written.status(), await written.text()).toBe(200)
  await page.goto(`/interview/${aurora}`)
  await skipToBirthplace(page)
  await tellAna(page, 'Nació en Pasto')

  const item = heard(page)
    .getByRole('listitem')
    .filter({ has: page.getByText('Nació en Pasto', { exact: true }) })
  await expect(item).toContainText('En el árbol: Quito · Se contó: Pasto')
  await expect(item.getByRole('button', { name: /^Aceptar/ })).toHaveCount(0)
  await item.getByRole('button', { name: 'Dejar lo del árbol y descartar: Nació en Pasto' }).click()
  await expect(status(page, 'Descartado: Nació en Pasto. No se volverá a proponer.')).toBeVisible()

  await page.reload()
  await expect(anaBubbles(page).first()).toContainText('¿')
  await expect(heard(page)).toHaveCount(0)
  await page.goto('/family-tree')
  await expect(page.getByRole('article', { name: 'Aurora Rosero' })).toContainText('Quito')
})
