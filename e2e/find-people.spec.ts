import { expect, test, type Page } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations, tabTo } from './page-checks.ts'

// Diego brings his tree in from another program: a hundred and more people, among them Abraham
// Lincoln, whom the list shows past its first hundred. He finds him by name, opens his son from
// the chart, adds his mother from the chart, and links his father by typing «padre».
const fillers = Array.from({ length: 110 }, (_, n) => [`0 @F${n}@ INDI`, `1 NAME Persona${String(n).padStart(3, '0')} /Aguilar/`]).flat()
const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Diego /Ruiz/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1980',
  '1 FAMS @M1@',
  '0 @I2@ INDI',
  '1 NAME Laura /Gómez/',
  '1 SEX F',
  '1 FAMS @M1@',
  '0 @I3@ INDI',
  '1 NAME Mateo /Ruiz/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 2012',
  '1 FAMC @M1@',
  '0 @I4@ INDI',
  '1 NAME Abraham /Lincoln/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 12 FEB 1809',
  '2 PLAC Hodgenville',
  '1 DEAT',
  '2 DATE 15 APR 1865',
  ...fillers,
  '0 @M1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '0 TRLR',
  '',
].join('\n')

type Tree = { members: { memberId: string; firstName: string; lastName: string; isSelf: boolean; sourceId: string | null; parentMemberIds: string[] }[] }

/** A new account with the tree imported through the API, and Diego's card marked as his own. */
async function importDiegosTree(page: Page) {
  await signUpThroughApi(page, { name: 'Diego Ruiz' })
  const started = await page.request.post('/api/family-tree/gedcom', {
    multipart: { file: { name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(gedcom) } },
  })
  expect(started.status()).toBe(202)
  const job = (await started.json()).job as { id: string }
  await expect.poll(async () => (await (await page.request.get(`/api/family-tree/gedcom/imports/${job.id}`)).json()).job.status, { timeout: 30_000 }).toBe('done')
  const tree = (await (await page.request.get('/api/family-tree')).json()) as Tree
  const diego = tree.members.find((member) => member.firstName === 'Diego' && member.lastName === 'Ruiz' && member.sourceId !== null)!
  // The imported Diego is his: the own card sign-up made gives way to him.
  const marked = await page.request.post(`/api/family-tree/members/${diego.memberId}/is-me`, { data: {} })
  expect(marked.status()).toBe(200)
}

/** Diego brings his tree in from the tree page and answers «¿Quién eres tú en este árbol?». */
async function importAndSayWhoHeIs(page: Page) {
  await signUpThroughApi(page, { name: 'Diego Ruiz' })
  await page.goto('/family-tree?lng=es')
  await page.getByText('Importar o exportar tu árbol').click()
  const panel = page.getByRole('region', { name: 'Traer un árbol desde otro programa' })
  await panel.getByLabel('Archivo del árbol (.ged, o .gdz con sus fotos)').setInputFiles({ name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(gedcom) })
  await panel.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(panel.getByRole('status')).toHaveText('Importación terminada.', { timeout: 30_000 })

  const question = page.getByRole('region', { name: '¿Quién eres tú en este árbol?' })
  await expect(question.getByRole('searchbox', { name: 'Busca tu nombre' })).toHaveValue('Diego Ruiz')
  await question.getByRole('button', { name: 'Diego Ruiz (nació en 1980)' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Listo: Diego Ruiz eres tú. El árbol se centra ahora en ti.' })).toBeVisible()
  // One Diego: the card his sign-up made gave way to the imported one.
  const tree = (await (await page.request.get('/api/family-tree')).json()) as Tree
  expect(tree.members.filter((member) => member.firstName === 'Diego').map(({ isSelf, sourceId }) => ({ isSelf, imported: sourceId !== null }))).toEqual([
    { isSelf: true, imported: true },
  ])
}

const chartOf = (page: Page, name: string) => page.getByRole('group', { name: `Árbol familiar de ${name}` })

test('Diego imports his tree, says who he is, finds a person by name, opens one from the chart, adds his mother from it and links his father by typing «padre»', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await importAndSayWhoHeIs(page)

  // Lincoln is past the list's first hundred: the search finds him at once.
  const list = page.getByRole('list', { name: 'Las personas de tu árbol' })
  await expect(page.getByText('Se muestran 100 de 114 personas.')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('lincoln')
  await expect(list.getByRole('heading')).toHaveText(['Abraham Lincoln'])
  await expect(page.getByText('Una persona coincide con «lincoln».')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('')

  // The chart starts from Diego; his son opens his card under it.
  const chart = chartOf(page, 'Diego Ruiz')
  await chart.getByRole('button', { name: /^Mateo Ruiz/ }).click()
  const opened = page.getByRole('region', { name: 'La ficha de Mateo Ruiz, abierta desde el árbol' })
  await expect(opened.getByRole('heading', { name: 'Mateo Ruiz' })).toBeFocused()
  await expectNoSeriousA11yViolations(page, 'family tree with a card opened from the chart')
  await opened.getByRole('button', { name: 'Cerrar la ficha de Mateo Ruiz' }).click()
  await expect(chart.getByRole('button', { name: /^Mateo Ruiz/ })).toBeFocused()

  // Diego has no mother in the tree: the chart offers to add her, with the form already linked.
  await page.getByRole('group', { name: 'Añadir a la familia de Diego Ruiz' }).getByRole('button', { name: 'Añadir madre a Diego Ruiz' }).click()
  let form = page.getByRole('form', { name: 'Añadir la madre de Diego Ruiz' })
  await expect(form.getByLabel(/^Relación contigo/)).toHaveValue('Madre')
  await expect(form.getByLabel(/^Género/)).toHaveValue('Femenino')
  await expect(form.getByRole('group', { name: 'Hijos' }).getByLabel(/^Diego Ruiz/)).toBeChecked()
  await form.getByLabel('Nombre', { exact: true }).fill('Carmen')
  await form.getByLabel('Apellido', { exact: true }).fill('Ruiz')
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByText('Carmen Ruiz ya forma parte de tu árbol.')).toBeVisible()
  await expect(chart.getByRole('button', { name: /^Carmen Ruiz/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Añadir madre a Diego Ruiz' })).toHaveCount(0)

  // «padre» typed as the relationship offers the link, in words; it is made once accepted.
  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill('Pedro')
  await form.getByLabel('Apellido', { exact: true }).fill('Ruiz')
  await form.getByLabel(/^Relación contigo/).fill('padre')
  const offer = form.getByRole('group', { name: '¿Enlazar a Pedro como tu padre?' })
  await expect(offer).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'member form offering a link')
  await offer.getByRole('button', { name: 'Sí, enlazar' }).click()
  await expect(form.getByText('Al guardar, se enlazará a Pedro como tu padre.')).toBeVisible()
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByText('Pedro Ruiz ya forma parte de tu árbol.')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('diego')
  const diegosParents = page.getByRole('article', { name: 'Diego Ruiz' }).locator('dt', { hasText: 'Padres' }).locator('xpath=following-sibling::dd[1]')
  await expect(diegosParents).toHaveText(/Carmen Ruiz/)
  await expect(diegosParents).toHaveText(/Pedro Ruiz/)
  await expect(chart.getByRole('button', { name: /^Pedro Ruiz/ })).toBeVisible()
})

test('on a phone, with the keyboard alone: a name found, a person opened from the chart, a mother added from it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await importDiegosTree(page)
  await page.goto('/family-tree?lng=es')
  const chart = chartOf(page, 'Diego Ruiz')
  await expect(chart).toBeAttached()
  // The page fits the phone's width: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  const search = page.getByRole('searchbox', { name: 'Buscar por nombre' })
  await tabTo(page, search)
  await page.keyboard.type('Abrahám')
  await expect(page.getByRole('list', { name: 'Las personas de tu árbol' }).getByRole('heading')).toHaveText(['Abraham Lincoln'])
  await page.keyboard.press('Escape')
  await expect(search).toHaveValue('')

  // Back up to the chart: its one tab stop is Diego; the arrow keys reach his son, Enter opens him.
  const diego = chart.getByRole('button', { name: /^Diego Ruiz/ })
  await tabTo(page, diego, 'Shift+Tab')
  await page.keyboard.press('ArrowDown')
  await expect(chart.getByRole('button', { name: /^Mateo Ruiz/ })).toBeFocused()
  await page.keyboard.press('Enter')
  const opened = page.getByRole('region', { name: 'La ficha de Mateo Ruiz, abierta desde el árbol' })
  await expect(opened.getByRole('heading', { name: 'Mateo Ruiz' })).toBeFocused()
  await tabTo(page, opened.getByRole('button', { name: 'Centrar aquí a Mateo Ruiz' }))
  await page.keyboard.press('Enter')
  await expect(chartOf(page, 'Mateo Ruiz').getByRole('button', { name: /^Mateo Ruiz/ })).toBeFocused()

  // From the chart's centre, Diego is one arrow up; Enter opens his card, which offers his mother.
  await page.keyboard.press('ArrowUp')
  await expect(chartOf(page, 'Mateo Ruiz').getByRole('button', { name: /^Diego Ruiz/ })).toBeFocused()
  await page.keyboard.press('Enter')
  const diegos = page.getByRole('region', { name: 'La ficha de Diego Ruiz, abierta desde el árbol' })
  await expect(diegos.getByRole('heading', { name: 'Diego Ruiz' })).toBeFocused()
  await tabTo(page, diegos.getByRole('button', { name: 'Añadir madre a Diego Ruiz' }))
  await page.keyboard.press('Enter')
  const form = page.getByRole('form', { name: 'Añadir la madre de Diego Ruiz' })
  await expect(form.getByLabel('Nombre', { exact: true })).toBeFocused()
  await page.keyboard.type('Carmen')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Ruiz')
  // Enter in a field sends the form, as in any form.
  await page.keyboard.press('Enter')
  await expect(page.getByText('Carmen Ruiz ya forma parte de tu árbol.')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoSeriousA11yViolations(page, 'family tree on a phone')
})
