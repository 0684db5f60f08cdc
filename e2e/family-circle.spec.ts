import { expect, test, type Page } from '@playwright/test'
import { withFakeMicrophone } from './chromium.ts'
import { addMemberThroughApi, newAccount, ownCardThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'
import { readQrCode } from './qr.ts'
import { expectRecordingPlays } from './recordings.ts'

// Rosa, a grandmother, shares her tree with her grandson Tomás: she adds his card, invites him to
// it as someone who adds memories, with the keyboard alone, and copies the link (or shows its QR
// code). On his phone he opens it, makes an account, accepts, and finds himself on his card in her
// tree. He tells Ana about his great-grandfather with his voice; she finds it in her family's news
// and plays it. Then she makes him someone who only looks: the buttons that add are gone from his
// screen, and his living grandmother is a name and a relation, no longer where she was born.

const phone = { width: 375, height: 740 }

/** The header's tree: its name and the person's role there, in plain words. */
const headerTree = (page: Page) => page.locator('.site-header .tree-switcher')

test.use({ permissions: ['clipboard-read', 'clipboard-write'], launchOptions: withFakeMicrophone })

test('a grandmother invites her grandson to his card in her tree, he joins from his phone and records a story she then plays, and she makes him a viewer', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const rosa = newAccount({ name: 'Rosa Pérez' })
  const tomas = newAccount({ name: 'Tomás Pérez' })
  let link = ''

  await test.step('she signs up with her name', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Comenzar mi legado' }).click()
    const form = page.locator('#signup')
    await form.getByLabel('Nombre completo').fill(rosa.name)
    await form.getByLabel('Correo electrónico').fill(rosa.email)
    await form.getByLabel('Contraseña', { exact: true }).fill(rosa.password)
    await form.getByRole('button', { name: 'Crear mi cuenta' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    // Where she was born: what a viewer of her tree may not see of her while she lives.
    const ownCard = await ownCardThroughApi(page)
    const response = await page.request.patch(`/api/family-tree/members/${ownCard!.memberId}`, { data: { birthPlace: 'Jaén' } })
    expect(response.status(), await response.text()).toBe(200)
    // Her father, Tomás's great-grandfather, of whom he will tell.
    await addMemberThroughApi(page, { firstName: 'Antonio', lastName: 'Pérez', relationshipToOwner: 'Padre', isDeceased: true, birthDate: '1921-03-02' })
  })

  await test.step('she adds her grandson’s card', async () => {
    await page.goto('/family-tree')
    await page.getByRole('button', { name: 'Añadir persona' }).first().click()
    const form = page.getByRole('form', { name: 'Añadir persona' })
    await form.getByLabel('Nombre', { exact: true }).fill('Tomás')
    await form.getByLabel('Apellido', { exact: true }).fill('Pérez')
    await form.getByLabel(/^Relación contigo/).fill('Nieto')
    await form.getByRole('button', { name: 'Guardar persona' }).click()
    await expect(page.getByText('Tomás Pérez ya forma parte de tu árbol.')).toBeVisible()
  })

  await test.step('from his card she invites him as someone who adds memories, with the keyboard alone, and copies the link', async () => {
    await page.getByRole('link', { name: 'Invitar a Tomás Pérez a compartir el árbol' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mi familia' })).toBeVisible()
    await expect(page.getByLabel('¿Quién es en el árbol? (opcional)')).toHaveValue(/.+/)
    await expect(page.getByLabel('¿Quién es en el árbol? (opcional)').locator('option:checked')).toHaveText(/^Tomás Pérez/)

    const contributor = page.getByRole('radio', { name: 'Aporta recuerdos' })
    await tabTo(page, contributor)
    await expect(contributor).toBeChecked()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: 'Mira' })).toBeChecked()
    await page.keyboard.press('ArrowUp')
    await expect(contributor).toBeChecked()
    const days = page.getByRole('spinbutton', { name: 'Días que vale el enlace' })
    await tabTo(page, days)
    await expect(days).toHaveValue('14')
    const create = page.getByRole('button', { name: 'Crear la invitación' })
    await tabTo(page, create)
    await page.keyboard.press('Enter')

    await expect(page.getByRole('heading', { name: 'La invitación está lista' })).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Copiar el enlace' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText('Enlace copiado.', { exact: false })).toBeVisible()
    link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(/^https?:\/\/[^/]+\/invitation\/[\w-]{20,}$/)
    await expect(page.getByTestId('invitation-url')).toHaveText(link)
    // Beside her, he could instead point his phone's camera at the code: it reads as the same link.
    expect(await readQrCode(page.getByRole('img', { name: 'Código QR del enlace de la invitación' }))).toBe(link)
    await expect(page.getByRole('region', { name: 'Invitaciones enviadas' }).getByText('Tomás Pérez')).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the family page with a new invitation')

    await page.goto('/family-tree')
    await expect(page.getByRole('article', { name: 'Tomás Pérez' }).getByText('Invitación enviada')).toBeVisible()
  })

  const phoneContext = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true, locale: 'es-ES', timezoneId: 'Europe/Madrid', permissions: ['microphone'] })
  const his = await phoneContext.newPage()
  // The link names the server's public address (PUBLIC_URL), which the test server leaves unset:
  // its path is opened on the address the journeys reach.
  const invitationPath = new URL(link).pathname
  const onServer = (path: string) => new URL(path, test.info().project.use.baseURL).toString()

  await test.step('on his phone he opens the link, makes an account and comes back to it', async () => {
    await his.goto(onServer(invitationPath))
    await expect(his.getByText(/^Rosa Pérez te invita a su árbol «Árbol de Rosa/)).toBeVisible()
    await expect(his.getByText('Podrás ver el árbol y aportar entrevistas, fotos y grabaciones.')).toBeVisible()
    await expect(his.getByText('En el árbol eres Tomás Pérez.')).toBeVisible()
    await expectNoHorizontalOverflow(his, 'the invitation on a phone')
    await expectNoSeriousA11yViolations(his, 'the invitation page')

    await his.getByRole('link', { name: 'Crear mi cuenta' }).tap()
    await his.getByLabel('Correo electrónico').fill(tomas.email)
    await his.getByLabel('Contraseña', { exact: true }).fill(tomas.password)
    await his.getByLabel('Confirmar contraseña').fill(tomas.password)
    await his.getByRole('button', { name: 'Registrarse' }).tap()
    await expect(his).toHaveURL(new RegExp(`${invitationPath}$`))
  })

  await test.step('he accepts, and finds himself on his card in her tree', async () => {
    await his.getByRole('button', { name: 'Aceptar' }).tap()
    await expect(his).toHaveURL(/\/family-tree$/)
    await expect(his.getByText(/Ya estás en el árbol «Árbol de Rosa.*» de Rosa Pérez\. En el árbol eres Tomás Pérez/)).toBeVisible()
    await expect(headerTree(his)).toContainText('Árbol de Rosa')
    await expect(headerTree(his)).toContainText('Aporta recuerdos')
    const card = his.getByRole('article', { name: 'Tomás Pérez' })
    await expect(card.getByText('Eres tú (tienes cuenta)')).toBeVisible()
    await expect(his.getByRole('article', { name: 'Rosa Pérez' })).toContainText('Jaén')
    // He adds memories: files and interviews, not people.
    await expect(card.getByRole('button', { name: 'Añadir multimedia de Tomás Pérez' })).toBeVisible()
    await expect(his.getByRole('button', { name: 'Añadir persona' })).toHaveCount(0)
    await expectNoHorizontalOverflow(his, 'her tree on his phone')
  })

  await test.step('he tells Ana about his great-grandfather with his voice', async () => {
    await his.getByRole('link', { name: 'Entrevistar sobre Antonio Pérez' }).tap()
    await expect(his.getByRole('heading', { level: 1, name: 'Entrevista sobre Antonio Pérez' })).toBeVisible()
    await his.getByRole('button', { name: 'Grabar tu respuesta con tu voz' }).tap()
    await expect(his.getByRole('button', { name: 'Detener la grabación' })).toHaveAttribute('aria-pressed', 'true')
    // Let the fake microphone's beep fill a second and a half of recording.
    await his.waitForTimeout(1_500)
    await his.getByRole('button', { name: 'Detener la grabación' }).tap()
    await expect(his.getByRole('list', { name: 'Grabaciones listas para enviar' }).getByText('Grabación guardada')).toBeVisible({ timeout: 20_000 })
    await his.getByLabel('Tu mensaje para Ana').fill('Mi bisabuelo Antonio tocaba la bandurria en las fiestas del pueblo.')
    await his.getByTestId('chat-send').tap()
    await expect(his.getByRole('status').filter({ hasText: 'Tu voz quedó guardada con esta entrevista.' })).toBeVisible({ timeout: 20_000 })
  })

  await test.step('she finds his voice in her family’s news, and plays it', async () => {
    await page.goto('/dashboard')
    const news = page.getByRole('region', { name: 'Novedades de la familia' })
    await expect(news.getByText(/^Tomás Pérez grabó su voz sobre Antonio Pérez/)).toBeVisible()
    await expect(news.getByText(/^Tomás Pérez contó una historia de Antonio Pérez: «Mi bisabuelo Antonio tocaba la bandurria/)).toBeVisible()
    await expectRecordingPlays(page, news.getByLabel('Escuchar la grabación de Tomás Pérez sobre Antonio Pérez'))
    await expectNoSeriousA11yViolations(page, 'the dashboard with family news')
  })

  await test.step('she sees him linked to his card, and makes him someone who only looks', async () => {
    await page.goto('/family')
    // He gave only his e-mail when he signed up: the family knows him by his card.
    const him = page.getByRole('article', { name: 'Tomás Pérez' })
    await expect(him.getByText('En el árbol es Tomás Pérez.')).toBeVisible()
    await expect(him.locator('.role-badge')).toHaveText('Aporta recuerdos')
    await him.getByLabel('Papel de Tomás Pérez').selectOption('viewer')
    await him.getByRole('button', { name: 'Cambiar papel' }).click()
    const dialog = page.getByRole('alertdialog', { name: '¿Cambiar el papel de Tomás Pérez?' })
    await dialog.getByRole('button', { name: 'Sí, cambiar el papel' }).click()
    await expect(him.locator('.role-badge')).toHaveText('Mira')
  })

  await test.step('his screen no longer offers to add anything, though his own card is still his to correct', async () => {
    await his.goto(onServer('/family-tree'))
    await expect(headerTree(his)).toContainText('Mira')
    const card = his.getByRole('article', { name: 'Tomás Pérez' })
    await expect(card.getByText('Eres tú (tienes cuenta)')).toBeVisible()
    await expect(his.getByRole('button', { name: 'Añadir persona' })).toHaveCount(0)
    await expect(his.getByRole('button', { name: /^Añadir multimedia/ })).toHaveCount(0)
    await expect(his.getByRole('link', { name: /^Entrevistar/ })).toHaveCount(0)
    await expect(his.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Editar a Tomás Pérez' })).toBeVisible()
    await expect(his.getByRole('article', { name: 'Rosa Pérez' }).getByRole('button', { name: /^Editar/ })).toHaveCount(0)
    // His grandmother, living, is a name and a relation to a viewer: not where she was born.
    await expect(his.getByRole('article', { name: 'Rosa Pérez' })).not.toContainText('Jaén')
  })

  await phoneContext.close()
})
