import { expect, test } from '@playwright/test'
import { newAccount } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

// Carmen's first hour, alone, on her phone: she signs up with her name and the birth date she
// knows, talks to Cronos at once and finds what she said on her Inicio; then she brings in the
// tree her nephew made in another program, says which of its people she is, and the chart
// turns to her. Nothing asks her to make a profile first.

// Her nephew's file: her grandmother shares her name, so only the years tell them apart.
const familyFile = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Carmen /López/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 1890',
  '1 DEAT',
  '2 DATE 1962',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Pedro /López/',
  '1 SEX M',
  '1 FAMC @F1@',
  '1 FAMS @F2@',
  '0 @I3@ INDI',
  '1 NAME Rosa /García/',
  '1 SEX F',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Carmen /López/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 17 MAY 1948',
  '1 FAMC @F2@',
  '0 @F1@ FAM',
  '1 WIFE @I1@',
  '1 CHIL @I2@',
  '0 @F2@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I3@',
  '1 CHIL @I4@',
  '0 TRLR',
  '',
].join('\n')

test.use({ viewport: { width: 375, height: 740 } })

test('Carmen signs up, talks to Cronos at once, finds it on her Inicio, imports her family and says who she is in it', async ({ page }) => {
  test.setTimeout(120_000)
  const account = newAccount({ name: 'Carmen López' })

  await test.step('she signs up with her name and the birth date as she knows it', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Comenzar mi legado' }).click()
    const form = page.locator('#signup')
    await form.getByLabel('Nombre completo').fill(account.name)
    await form.getByLabel('Correo electrónico').fill(account.email)
    await form.getByLabel('Contraseña', { exact: true }).fill(account.password)
    const birthDate = form.getByLabel('Fecha de nacimiento')
    await expect(birthDate).toHaveAccessibleDescription(/Como la sepas: 17 de mayo de 1948, mayo de 1948 o solo 1948/)
    await birthDate.fill('mayo de 1948')
    await form.getByRole('button', { name: 'Crear mi cuenta' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Carmen López' })).toBeVisible()
  })

  await test.step('Cronos keeps her first answer, with no profile to make first', async () => {
    await page.getByRole('link', { name: 'Empezar a hablar con Cronos' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mi biografía' })).toBeVisible()
    await expect(page.getByLabel('Tu mensaje para Cronos')).toBeVisible()
    await expect(page.getByTestId('no-self-member-notice')).toHaveCount(0)
    await page.getByLabel('Tu mensaje para Cronos').fill('Nací en Jaén, en una casa con un patio lleno de geranios.')
    await page.getByRole('button', { name: 'Enviar', exact: true }).click()
    await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()
    await expect(page.getByTestId('memory-list').getByTestId('memory-item')).toHaveCount(1)
  })

  await test.step('«Inicio» is her dashboard, which shows what she saved and takes her back to Cronos', async () => {
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    const recent = page.getByRole('region', { name: 'Donde lo dejaste' })
    await expect(recent).toContainText('Lo último que guardaste: «Nací en Jaén, en una casa con un patio lleno de geranios.»')
    await expect(recent.getByRole('link', { name: 'Seguir hablando con Cronos' })).toHaveAttribute('href', '/my-biography')
    await expectNoSeriousA11yViolations(page, 'the dashboard, where she left off')
  })

  await test.step('she imports her nephew’s tree and says which Carmen López she is', async () => {
    await page.getByRole('link', { name: /^Mi legado/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Legado Familiar' })).toBeVisible()
    await page.getByText('Importar o exportar tu árbol').click()
    const panel = page.getByRole('region', { name: 'Traer un árbol desde otro programa' })
    await panel
      .getByLabel('Archivo del árbol (.ged, o .gdz con sus fotos)')
      .setInputFiles({ name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(familyFile) })
    await panel.getByRole('button', { name: 'Importar', exact: true }).click()
    await expect(panel.getByRole('status')).toHaveText('Importación terminada.', { timeout: 30_000 })

    const question = page.getByRole('region', { name: '¿Quién eres tú en este árbol?' })
    await expect(question.getByRole('searchbox', { name: 'Busca tu nombre' })).toHaveValue('Carmen López')
    const namesakes = question.getByRole('list', { name: 'Personas con ese nombre' }).getByRole('button')
    await expect(namesakes).toHaveText(['Carmen López (1890–1962)', 'Carmen López (nació en 1948)'])
    await expectNoSeriousA11yViolations(page, 'who are you in this tree')
    await question.getByRole('button', { name: 'Carmen López (nació en 1948)' }).click()

    await expect(page.getByRole('status').filter({ hasText: 'Listo: Carmen López eres tú. El árbol se centra ahora en ti.' })).toBeVisible()
    await expect(question).toHaveCount(0)
    await expect(page.getByText('La familia de Carmen López', { exact: true })).toBeVisible()
    // One Carmen born in 1948 (the card sign-up made gave way to her), and her grandmother.
    const tree = (await (await page.request.get('/api/family-tree')).json()) as {
      members: { firstName: string; isSelf: boolean; sourceId: string | null; birthDate: string | null }[]
    }
    expect(tree.members.filter((member) => member.firstName === 'Carmen').map(({ isSelf, sourceId, birthDate }) => ({ isSelf, birthDate, imported: sourceId !== null }))).toEqual(
      expect.arrayContaining([
        { isSelf: true, birthDate: '1948-05-17', imported: true },
        { isSelf: false, birthDate: '1890', imported: true },
      ]),
    )
    expect(tree.members).toHaveLength(4)
  })
})
