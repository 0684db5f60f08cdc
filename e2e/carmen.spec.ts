import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { newAccount, type Account } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'

// Carmen, 78, alone with her phone: she signs up, talks to Cronos at once, reads what she told
// back as a story, links her mother by typing «madre», and gives her mother a photo straight from
// the camera, which becomes her mother's portrait on the card and in the chart. Once more with the
// keyboard alone, as someone who cannot use a touch screen. (Her forgotten password is
// password-reset.spec.ts, on the same phone-sized screen.)

const phone = { width: 375, height: 740 }
const firstAnswer = 'Nací en Jaén, en una casa con un patio lleno de geranios.'
const secondAnswer = 'Mi madre, Rosa, cosía vestidos para todo el barrio.'

type Tree = { members: { memberId: string; firstName: string; isSelf: boolean; parentMemberIds: string[] }[] }

async function treeOf(page: Page): Promise<Tree> {
  return (await (await page.request.get('/api/family-tree')).json()) as Tree
}

/** Her own card, made by the sign-up, now has Rosa as a parent. */
async function expectRosaIsHerMother(page: Page) {
  const { members } = await treeOf(page)
  const rosa = members.find((member) => member.firstName === 'Rosa')!
  const carmen = members.find((member) => member.isSelf)!
  expect(carmen.firstName).toBe('Carmen')
  expect(carmen.parentMemberIds).toEqual([rosa.memberId])
}

/** The memory list holds one conversation: each answer below the question it answered. */
async function expectOneConversation(page: Page, answers: string[]) {
  const conversation = page.getByTestId('memory-list').getByTestId('memory-conversation')
  await expect(conversation).toHaveCount(1)
  await expect(conversation.getByTestId('kept-answer')).toHaveText(answers)
  for (const [index] of answers.entries()) {
    const question = conversation.getByTestId('kept-question').nth(index)
    await expect(question).toHaveText(/¿.+\?/)
    const [above, below] = [await question.boundingBox(), await conversation.getByTestId('kept-answer').nth(index).boundingBox()]
    expect(above!.y).toBeLessThan(below!.y)
  }
}

/** A photo as a phone's camera takes it: 4,000 × 3,000 pixels of detail, over 10 MB. */
async function cameraPhoto(): Promise<Buffer> {
  const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
  expect(photo.length).toBeGreaterThan(10 * 1024 * 1024)
  return photo
}

/** Whether `image` has been fetched and drawn (a portrait that answered 404 has no width). */
async function expectDrawn(image: Locator) {
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 15_000 }).toBe(true)
}

test.describe('Carmen on her phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true })

  test('signs up, talks to Cronos at once, reads her story, links her mother by «madre» and gives her a portrait from a 10 MB photo', async ({ page }) => {
    test.setTimeout(180_000)
    const carmen = newAccount({ name: 'Carmen Ruiz' })

    await test.step('she signs up with her name and the year she was born', async () => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Comenzar mi legado' }).tap()
      const form = page.locator('#signup')
      await form.getByLabel('Nombre completo').fill(carmen.name)
      await form.getByLabel('Correo electrónico').fill(carmen.email)
      await form.getByLabel('Contraseña', { exact: true }).fill(carmen.password)
      await form.getByLabel('Fecha de nacimiento').fill('1948')
      await form.getByRole('button', { name: 'Crear mi cuenta' }).tap()
      await expect(page).toHaveURL(/\/dashboard$/)
    })

    await test.step('Cronos keeps both answers at once, as one conversation, each under its question', async () => {
      await page.getByRole('link', { name: 'Empezar a hablar con Cronos' }).tap()
      const box = page.getByLabel('Tu mensaje para Cronos')
      for (const answer of [firstAnswer, secondAnswer]) {
        const saved = page.getByText('Guardado en tus recuerdos.')
        const before = await saved.count()
        await box.fill(answer)
        await page.getByRole('button', { name: 'Enviar', exact: true }).tap()
        await expect(saved).toHaveCount(before + 1)
      }
      await expect(page.getByTestId('no-self-member-notice')).toHaveCount(0)
      await page.reload()
      await expectOneConversation(page, [firstAnswer, secondAnswer])
    })

    await test.step('«Leer mi historia» gives them back as her story', async () => {
      await page.getByRole('link', { name: 'Leer mi historia' }).tap()
      await expect(page.getByRole('heading', { level: 1, name: 'Mi historia' })).toBeVisible()
      await expect(page.locator('.story-answer')).toHaveText([firstAnswer, secondAnswer])
      await expect(page.locator('.story-question')).toHaveCount(2)
      await expectNoHorizontalOverflow(page, 'her story on a phone')
    })

    await test.step('typing «madre» offers to link Rosa as her mother, and saving links her', async () => {
      await page.goto('/family-tree')
      await page.getByRole('button', { name: 'Añadir persona' }).first().tap()
      const form = page.getByRole('form', { name: 'Añadir persona' })
      await form.getByLabel('Nombre', { exact: true }).fill('Rosa')
      await form.getByLabel('Apellido', { exact: true }).fill('Díaz')
      await form.getByLabel(/^Relación contigo/).fill('madre')
      const offer = form.getByRole('group', { name: '¿Enlazar a Rosa como tu madre?' })
      await offer.getByRole('button', { name: 'Sí, enlazar' }).tap()
      await form.getByRole('button', { name: 'Guardar persona' }).tap()
      await expect(page.getByText('Rosa Díaz ya forma parte de tu árbol.')).toBeVisible()
      await expectRosaIsHerMother(page)
    })

    await test.step('a 10 MB photo from the camera arrives shrunk and becomes Rosa’s portrait, on her card and in the chart', async () => {
      const photo = await cameraPhoto()
      await page.getByRole('button', { name: 'Añadir multimedia de Rosa Díaz' }).tap()
      const uploader = page.getByRole('region', { name: 'Añadir multimedia de Rosa Díaz' })
      await uploader.locator('input[type=file]').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo })
      await expect(uploader.getByText('La foto se ha reducido a 2.500 px para guardarla.')).toBeVisible({ timeout: 30_000 })
      await uploader.getByLabel('Descripción').fill('Mamá en el patio')
      await uploader.getByRole('button', { name: 'Subir archivo' }).tap()
      await expect(uploader.getByText('¡Listo! «IMG_2041.jpg» se ha subido.')).toBeVisible({ timeout: 30_000 })

      await expectDrawn(page.getByRole('article', { name: 'Rosa Díaz' }).locator('img.member-portrait'))
      await expectDrawn(
        page
          .getByRole('group', { name: 'Árbol familiar de Carmen Ruiz' })
          .getByRole('button', { name: /^Rosa Díaz/ })
          .locator('img'),
      )
      await expectNoSeriousA11yViolations(page, 'the tree with her mother’s portrait')
    })
  })
})

test.describe('Carmen with the keyboard alone', () => {
  test.use({ viewport: phone })

  /** Types into the field that has the keyboard, after checking it is the one expected. */
  async function typeInto(page: Page, field: Locator, text: string) {
    await tabTo(page, field)
    await page.keyboard.type(text)
  }

  test('signs up, tells Cronos a memory and links her mother by «madre», never touching a mouse', async ({ page }) => {
    test.setTimeout(120_000)
    const carmen: Account = newAccount({ name: 'Carmen Ruiz' })

    await page.goto('/')
    await tabTo(page, page.getByRole('button', { name: 'Comenzar mi legado' }))
    await page.keyboard.press('Enter')
    const form = page.locator('#signup')
    await typeInto(page, form.getByLabel('Nombre completo'), carmen.name)
    await typeInto(page, form.getByLabel('Correo electrónico'), carmen.email)
    await typeInto(page, form.getByLabel('Contraseña', { exact: true }), carmen.password)
    await typeInto(page, form.getByLabel('Fecha de nacimiento'), 'mayo de 1948')
    await tabTo(page, form.getByRole('button', { name: 'Crear mi cuenta' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard$/)

    await tabTo(page, page.getByRole('link', { name: 'Empezar a hablar con Cronos' }))
    await page.keyboard.press('Enter')
    await typeInto(page, page.getByLabel('Tu mensaje para Cronos'), firstAnswer)
    // Without a touch screen Enter sends.
    await page.keyboard.press('Enter')
    await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()
    await expectOneConversation(page, [firstAnswer])

    await page.goto('/family-tree')
    await tabTo(page, page.getByRole('button', { name: 'Añadir persona' }).first())
    await page.keyboard.press('Enter')
    const member = page.getByRole('form', { name: 'Añadir persona' })
    await expect(member.getByLabel('Nombre', { exact: true })).toBeFocused()
    await page.keyboard.type('Rosa')
    await typeInto(page, member.getByLabel('Apellido', { exact: true }), 'Díaz')
    await typeInto(page, member.getByLabel(/^Relación contigo/), 'madre')
    await tabTo(page, member.getByRole('group', { name: '¿Enlazar a Rosa como tu madre?' }).getByRole('button', { name: 'Sí, enlazar' }))
    await page.keyboard.press('Enter')
    await expect(member.getByText('Al guardar, se enlazará a Rosa como tu madre.')).toBeVisible()
    await tabTo(page, member.getByRole('button', { name: 'Guardar persona' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('Rosa Díaz ya forma parte de tu árbol.')).toBeVisible()
    await expectRosaIsHerMother(page)
    await expectNoHorizontalOverflow(page, 'the tree on a phone, by keyboard')
  })
})
