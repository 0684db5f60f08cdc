import { expect, test, type Page } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

/** Adds a person with a relationship to the owner through the form. */
async function addPerson(page: Page, firstName: string, lastName: string, relationship: string) {
  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  const form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill(firstName)
  await form.getByLabel('Apellido', { exact: true }).fill(lastName)
  await form.getByLabel('Relación contigo').fill(relationship)
  return form
}

async function save(page: Page, form: ReturnType<Page['getByRole']>, heading: string) {
  await form.getByRole('button', { name: /^Guardar/ }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
}

test('records an adoptive father beside the birth parents, and a marriage that ended in divorce, and finds them after a reload', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Ana Ruiz' }, { ownCard: false })
  await page.goto('/family-tree?lng=es')

  for (const [first, last, relationship] of [
    ['Pedro', 'Ruiz', 'Padre'],
    ['María', 'Vega', 'Madre'],
    ['Luis', 'Díaz', 'Padre adoptivo'],
    ['Rosa', 'Gil', 'Exesposa de Luis'],
  ] as const) {
    await save(page, await addPerson(page, first, last, relationship), `${first} ${last}`)
  }

  // Ana: born to Pedro and María, adopted by Luis.
  let form = await addPerson(page, 'Ana', 'Ruiz', 'Prima')
  const parents = form.getByRole('group', { name: /^Padres/ })
  await parents.getByLabel('Pedro Ruiz').check()
  await parents.getByLabel('María Vega').check()
  await parents.getByLabel('Luis Díaz').check()
  const kinds = form.getByRole('group', { name: 'Vínculo con cada padre o madre' })
  await expect(kinds.getByLabel('Vínculo con Pedro Ruiz')).toHaveValue('birth')
  // Two birth parents are there already: Luis is offered as adoptive, and the form says so.
  await expect(kinds.getByRole('status')).toHaveText('Como ya hay 2 padres biológicos, Luis Díaz figura como «Adoptivo». Cámbialo si no es así.')
  await kinds.getByLabel('Vínculo con Luis Díaz').selectOption({ label: 'Adoptivo' })
  await save(page, form, 'Ana Ruiz')

  // Luis married Rosa in 1950 in Pasto; they divorced around 1962 in Quito.
  await page.getByRole('button', { name: 'Editar a Luis Díaz' }).click()
  form = page.getByRole('form', { name: 'Editar a Luis Díaz' })
  await form.getByRole('group', { name: 'Cónyuges o parejas' }).getByLabel('Rosa Gil').check()
  const marriage = form.getByRole('group', { name: 'Matrimonio con Rosa Gil' })
  await marriage.getByLabel('Fecha de la boda').fill('1950')
  await marriage.getByLabel('Lugar de la boda').fill('Pasto')
  await marriage.getByLabel('Fecha del divorcio').fill('hacia 1962')
  await marriage.getByLabel('Lugar del divorcio').fill('Quito')
  await marriage.getByLabel('Notas sobre la pareja').fill('Siguieron siendo amigos.')
  await save(page, form, 'Luis Díaz')

  await page.reload()
  const card = (name: string) => page.getByRole('article', { name })
  const fact = (name: string, term: string) => card(name).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Ana Ruiz', 'Padres biológicos')).toHaveText('Pedro Ruiz, María Vega')
  await expect(fact('Ana Ruiz', 'Padres adoptivos')).toHaveText('Luis Díaz')
  await expect(fact('Luis Díaz', 'Hijos')).toHaveText('Ana Ruiz (por adopción)')
  await expect(fact('Luis Díaz', 'Cónyuges')).toHaveText('Rosa Gil (1950, Pasto; divorcio: hacia 1962, Quito)')
  await expect(fact('Rosa Gil', 'Cónyuges')).toHaveText('Luis Díaz (1950, Pasto; divorcio: hacia 1962, Quito)')

  // The forms open with what was stored; saving Ana again changes none of it.
  await page.getByRole('button', { name: 'Editar a Luis Díaz' }).click()
  form = page.getByRole('form', { name: 'Editar a Luis Díaz' })
  await expect(form.getByLabel('Fecha del divorcio')).toHaveValue('hacia 1962')
  await expect(form.getByLabel('Notas sobre la pareja')).toHaveValue('Siguieron siendo amigos.')
  await form.getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('button', { name: 'Editar a Ana Ruiz' }).click()
  form = page.getByRole('form', { name: 'Editar a Ana Ruiz' })
  await expect(form.getByLabel('Vínculo con Luis Díaz')).toHaveValue('adopted')
  await expect(form.getByLabel('Vínculo con María Vega')).toHaveValue('birth')
  await expectNoSeriousA11yViolations(page, 'member form with parent kinds')
  await save(page, form, 'Ana Ruiz')
  await page.reload()
  await expect(fact('Ana Ruiz', 'Padres adoptivos')).toHaveText('Luis Díaz')
  await expect(fact('Luis Díaz', 'Cónyuges')).toHaveText('Rosa Gil (1950, Pasto; divorcio: hacia 1962, Quito)')
})

/** Ana born to Pedro and María, adopted by Luis and Marta; Luis divorced from Rosa; Marta alone with Tomás. */
const importedFamilies = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  ...['I1 Luis /Díaz/ F1 F2', 'I2 Rosa /Gil/ F1', 'I3 Marta /Paz/ F2 F4', 'I6 Pedro /Ruiz/ F3', 'I7 María /Vega/ F3'].flatMap((line) => {
    const [id, first, last, ...families] = line.split(' ')
    return [`0 @${id}@ INDI`, `1 NAME ${first} ${last}`, ...families.map((family) => `1 FAMS @${family}@`)]
  }),
  '0 @I4@ INDI',
  '1 NAME Ana /Ruiz/',
  '1 FAMC @F3@',
  '1 FAMC @F2@',
  '2 PEDI adopted',
  '0 @I8@ INDI',
  '1 NAME Tomás /Paz/',
  '1 FAMC @F4@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 MARR',
  '2 DATE 1950',
  '2 PLAC Pasto',
  '1 DIV',
  '2 DATE ABT 1962',
  '2 PLAC Quito',
  '1 NOTE Se separaron en paz.',
  '0 @F2@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I3@',
  '1 CHIL @I4@',
  '1 MARR',
  '2 DATE 3 MAR 1965',
  '0 @F3@ FAM',
  '1 HUSB @I6@',
  '1 WIFE @I7@',
  '1 CHIL @I4@',
  '0 @F4@ FAM',
  '1 WIFE @I3@',
  '1 CHIL @I8@',
  '0 TRLR',
  '',
].join('\n')

test('saving the forms of imported people keeps every family, kind, divorce and note the file gave them', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' }, { ownCard: false })
  const started = await page.request.post('/api/family-tree/gedcom', {
    multipart: { file: { name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(importedFamilies) } },
  })
  expect(started.status()).toBe(202)
  const job = (await started.json()).job as { id: string }
  await expect.poll(async () => (await (await page.request.get(`/api/family-tree/gedcom/imports/${job.id}`)).json()).job.status, { timeout: 30_000 }).toBe('done')
  type Tree = { members: { memberId: string; firstName: string; parentLinks: unknown[]; updatedAt?: string }[]; unions: unknown[] }
  const relations = async () => {
    const tree = (await (await page.request.get('/api/family-tree')).json()) as Tree
    return { unions: tree.unions, links: Object.fromEntries(tree.members.map((member) => [member.firstName, member.parentLinks])) }
  }
  const before = await relations()

  await page.goto('/family-tree?lng=es')
  for (const name of ['Luis Díaz', 'Marta Paz', 'Ana Ruiz', 'Rosa Gil']) {
    await page.getByRole('button', { name: `Editar a ${name}` }).click()
    const form = page.getByRole('form', { name: `Editar a ${name}` })
    // No relationship to the owner was ever said for them, and none is needed to save.
    await expect(form.getByLabel(/^Relación contigo/)).toHaveValue('')
    await form.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText(`Se guardaron los cambios de ${name}.`)).toBeVisible()
  }
  expect(await relations()).toEqual(before)
  const fact = (name: string, term: string) => page.getByRole('article', { name }).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Ana Ruiz', 'Padres adoptivos')).toHaveText('Luis Díaz, Marta Paz')
  await expect(fact('Luis Díaz', 'Cónyuges')).toHaveText('Rosa Gil (1950, Pasto; divorcio: hacia 1962, Quito), Marta Paz (3 de marzo de 1965)')
})

test('an adoptive mother adds her son from her own form, with how he is hers, and finds it after a reload', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Marta Paz' }, { ownCard: false })
  await page.goto('/family-tree?lng=es')
  for (const [first, last, relationship] of [
    ['Pedro', 'Ruiz', 'Vecino'],
    ['María', 'Vega', 'Vecina'],
  ] as const) {
    await save(page, await addPerson(page, first, last, relationship), `${first} ${last}`)
  }
  let form = await addPerson(page, 'Tomás', 'Ruiz', 'Hijo')
  const parents = form.getByRole('group', { name: /^Padres/ })
  await parents.getByLabel('Pedro Ruiz').check()
  await parents.getByLabel('María Vega').check()
  await save(page, form, 'Tomás Ruiz')

  // Marta chooses Tomás among her children: he has two birth parents, so he is offered as adopted.
  form = await addPerson(page, 'Marta', 'Paz', 'Yo misma')
  await form.getByRole('group', { name: 'Hijos' }).getByLabel('Tomás Ruiz').check()
  const kinds = form.getByRole('group', { name: 'Vínculo con cada hijo o hija' })
  await expect(kinds.getByLabel('Vínculo con Tomás Ruiz')).toHaveValue('adopted')
  await expect(kinds.getByRole('status')).toHaveText('Tomás Ruiz ya tiene 2 padres biológicos: figura como hijo «Adoptivo». Cámbialo si no es así.')
  await save(page, form, 'Marta Paz')

  await page.reload()
  const fact = (name: string, term: string) => page.getByRole('article', { name }).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Marta Paz', 'Hijos')).toHaveText('Tomás Ruiz (por adopción)')
  await expect(fact('Tomás Ruiz', 'Padres biológicos')).toHaveText('Pedro Ruiz, María Vega')
  await expect(fact('Tomás Ruiz', 'Padres adoptivos')).toHaveText('Marta Paz')
  await page.getByRole('button', { name: 'Editar a Marta Paz' }).click()
  form = page.getByRole('form', { name: 'Editar a Marta Paz' })
  await expect(form.getByLabel('Vínculo con Tomás Ruiz')).toHaveValue('adopted')
  await expectNoSeriousA11yViolations(page, 'member form with child kinds')
})
