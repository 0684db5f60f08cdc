import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, signUpThroughApi } from './fixtures.ts'

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
  await expect(page.getByRole('heading', { name: heading })).toBeVisible()
}

test('records an adoptive father beside the birth parents, and a marriage that ended in divorce, and finds them after a reload', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Ana Ruiz' })
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
