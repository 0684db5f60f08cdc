import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, signUpThroughApi } from './fixtures.ts'

/** Opens the add form (or the edit form of `person`), fills it and saves. */
async function addPerson(page: Page, person: { firstName: string; lastName: string; relationship?: string; isSelf?: boolean }) {
  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  const form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill(person.firstName)
  await form.getByLabel('Apellido', { exact: true }).fill(person.lastName)
  if (person.isSelf) {
    await form.getByLabel('Este perfil me representa').check()
    await expect(form.getByLabel('Relación contigo')).toBeHidden()
  } else {
    await form.getByLabel('Relación contigo').fill(person.relationship ?? '')
  }
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByRole('heading', { name: `${person.firstName} ${person.lastName}` })).toBeVisible()
}

test('builds a family: self, mother and father, no third parent, an edit, a delete, and the chart', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  await page.goto('/family-tree')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Legado Familiar' })).toBeVisible()
  await expect(page.getByText('Todavía no hay nadie en tu árbol familiar.')).toBeVisible()

  await addPerson(page, { firstName: 'Rosa', lastName: 'Martínez', isSelf: true })
  await addPerson(page, { firstName: 'Carmen', lastName: 'López', relationship: 'Madre' })
  await addPerson(page, { firstName: 'Pedro', lastName: 'Martínez', relationship: 'Padre' })
  await addPerson(page, { firstName: 'Lucía', lastName: 'Gómez', relationship: 'Tía' })

  // Rosa's parents: two are allowed, a third is refused on the spot.
  await page.getByRole('button', { name: 'Editar a Rosa Martínez' }).click()
  const edit = page.getByRole('form', { name: 'Editar a Rosa Martínez' })
  const parents = edit.getByRole('group', { name: /Padres/ })
  await parents.getByLabel('Carmen López').check()
  await parents.getByLabel('Pedro Martínez').check()
  await parents.getByLabel('Lucía Gómez').click()
  await expect(edit.getByText('Puedes seleccionar un máximo de 2 padres.')).toBeVisible()
  await expect(parents.getByLabel('Lucía Gómez')).not.toBeChecked()
  await edit.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Se guardaron los cambios de Rosa Martínez.')).toBeVisible()

  // An edit of the father's name shows everywhere.
  await page.getByRole('button', { name: 'Editar a Pedro Martínez' }).click()
  const father = page.getByRole('form', { name: 'Editar a Pedro Martínez' })
  await father.getByLabel('Nombre', { exact: true }).fill('Pedro José')
  await father.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByRole('heading', { name: 'Pedro José Martínez' })).toBeVisible()

  // Delete the aunt through the confirmation dialog.
  await page.getByRole('button', { name: 'Eliminar a Lucía Gómez' }).click()
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar a esta persona?' })
  await expect(dialog).toContainText('Lucía Gómez')
  await dialog.getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByRole('heading', { name: 'Lucía Gómez' })).toHaveCount(0)

  // The chart, centred on Rosa, shows her and both parents, and no longer the aunt.
  const chart = page.getByRole('group', { name: 'Árbol familiar de Rosa Martínez' })
  await expect(chart).toBeAttached()
  await expect(chart.getByRole('button', { name: /Rosa Martínez/ })).toBeVisible()
  await expect(chart.getByRole('button', { name: /Carmen López/ })).toBeVisible()
  await expect(chart.getByRole('button', { name: /Pedro José Martínez/ })).toBeVisible()
  await expect(chart.getByRole('button', { name: /Lucía Gómez/ })).toHaveCount(0)

  // Re-centring on the mother makes her the chart's subject, with Rosa as her child.
  await chart.getByRole('button', { name: /Carmen López/ }).click()
  const mothersChart = page.getByRole('group', { name: 'Árbol familiar de Carmen López' })
  await expect(mothersChart.getByRole('button', { name: /Rosa Martínez/ })).toBeVisible()

  await expectNoSeriousA11yViolations(page, 'family tree')
})
