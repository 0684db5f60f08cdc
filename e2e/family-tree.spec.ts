import { expect, test, type Page } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

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

test('builds a family: self, mother and father, a third parent only as another kind, an edit, a delete, and the chart', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' }, { ownCard: false })
  await page.goto('/family-tree')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Legado Familiar' })).toBeVisible()
  await expect(page.getByText('Todavía no hay nadie en tu árbol familiar.')).toBeVisible()

  await addPerson(page, { firstName: 'Rosa', lastName: 'Martínez', isSelf: true })
  await addPerson(page, { firstName: 'Carmen', lastName: 'López', relationship: 'Madre' })
  await addPerson(page, { firstName: 'Pedro', lastName: 'Martínez', relationship: 'Padre' })
  await addPerson(page, { firstName: 'Lucía', lastName: 'Gómez', relationship: 'Tía' })

  // Rosa's parents: two by birth; a third is taken as an adoptive one, and the form says so.
  await page.getByRole('button', { name: 'Editar a Rosa Martínez' }).click()
  const edit = page.getByRole('form', { name: 'Editar a Rosa Martínez' })
  const parents = edit.getByRole('group', { name: /Padres/ })
  await parents.getByLabel('Carmen López').check()
  await parents.getByLabel('Pedro Martínez').check()
  await parents.getByLabel('Lucía Gómez').click()
  await expect(edit.getByText('Como ya hay 2 padres biológicos, Lucía Gómez figura como «Adoptivo». Cámbialo si no es así.')).toBeVisible()
  await expect(edit.getByLabel('Vínculo con Lucía Gómez')).toHaveValue('adopted')
  await parents.getByLabel('Lucía Gómez').uncheck()
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

  // The mother chosen in the chart opens her card; from it, «Centrar aquí» makes her the chart's
  // subject, with Rosa as her child.
  await chart.getByRole('button', { name: /Carmen López/ }).click()
  const opened = page.getByRole('region', { name: 'La ficha de Carmen López, abierta desde el árbol' })
  await expect(opened.getByRole('heading', { name: 'Carmen López' })).toBeFocused()
  await opened.getByRole('button', { name: 'Centrar aquí a Carmen López' }).click()
  const mothersChart = page.getByRole('group', { name: 'Árbol familiar de Carmen López' })
  await expect(mothersChart.getByRole('button', { name: /Rosa Martínez/ })).toBeVisible()

  await expectNoSeriousA11yViolations(page, 'family tree')
})

test('a grandmother born "hacia 1920" in Pasto, married in Ipiales, read in Spanish, English and French', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Díaz' }, { ownCard: false })
  await page.goto('/family-tree?lng=es')

  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  let form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill('Carmen')
  await form.getByLabel('Apellido', { exact: true }).fill('Ruiz')
  await form.getByLabel('Relación contigo').fill('Abuela')
  await expect(form.getByLabel('Fecha de nacimiento')).toHaveAccessibleDescription(/hacia 1920, antes de 1948, entre 1920 y 1925/)
  await form.getByLabel('Fecha de nacimiento').fill('hacia 1920')
  await form.getByLabel('Lugar de nacimiento').fill('Pasto')
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByRole('heading', { name: 'Carmen Ruiz' })).toBeVisible()

  // The grandfather, married to her: the marriage's date and place beside the spouse chosen.
  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill('Luis')
  await form.getByLabel('Apellido', { exact: true }).fill('Díaz')
  await form.getByLabel('Relación contigo').fill('Abuelo')
  await form.getByRole('group', { name: 'Cónyuges o parejas' }).getByLabel('Carmen Ruiz').check()
  const marriage = form.getByRole('group', { name: 'Matrimonio con Carmen Ruiz' })
  await marriage.getByLabel('Fecha de la boda').fill('1945')
  await marriage.getByLabel('Lugar de la boda').fill('Ipiales')
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByRole('heading', { name: 'Luis Díaz' })).toBeVisible()

  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill('Ana')
  await form.getByLabel('Apellido', { exact: true }).fill('Díaz')
  await form.getByLabel('Relación contigo').fill('Madre')
  await form
    .getByRole('group', { name: /Padres/ })
    .getByLabel('Carmen Ruiz')
    .check()
  await form
    .getByRole('group', { name: /Padres/ })
    .getByLabel('Luis Díaz')
    .check()
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByRole('heading', { name: 'Ana Díaz' })).toBeVisible()

  await page.getByRole('button', { name: 'Añadir persona' }).first().click()
  form = page.getByRole('form', { name: 'Añadir persona' })
  await form.getByLabel('Nombre', { exact: true }).fill('Rosa')
  await form.getByLabel('Apellido', { exact: true }).fill('Díaz')
  await form.getByLabel('Este perfil me representa').check()
  await form
    .getByRole('group', { name: /Padres/ })
    .getByLabel('Ana Díaz')
    .check()
  await form.getByRole('button', { name: 'Guardar persona' }).click()
  await expect(page.getByRole('heading', { name: 'Rosa Díaz' })).toBeVisible()

  const card = (name: string) => page.getByRole('article', { name })
  for (const [language, born, married, chartLabel] of [
    ['es', 'hacia 1920, Pasto', 'Carmen Ruiz (1945, Ipiales)', 'Carmen Ruiz, nació hacia 1920 en Pasto'],
    ['en', 'circa 1920, Pasto', 'Carmen Ruiz (1945, Ipiales)', 'Carmen Ruiz, born circa 1920 in Pasto'],
    ['fr', 'vers 1920, Pasto', 'Carmen Ruiz (1945, Ipiales)', 'Carmen Ruiz, naissance vers 1920 à Pasto'],
  ] as const) {
    await page.goto(`/family-tree?lng=${language}`)
    await expect(card('Carmen Ruiz').getByRole('definition').filter({ hasText: born })).toBeVisible()
    await expect(card('Luis Díaz').getByRole('definition').filter({ hasText: married })).toBeVisible()
    // The chart, centred on Rosa, reaches her grandmother with the same date in the same words.
    await expect(page.getByRole('button', { name: chartLabel })).toBeAttached()
  }
  await expectNoSeriousA11yViolations(page, 'family tree with dates and places')
})

/** The sum of the page's layout shifts (the Layout Instability API), from before its first byte. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number }
    page.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) page.layoutShift += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)
}

for (const people of [0, 30]) {
  test(`the tree page does not jump while a tree of ${people} people loads, on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await signUpThroughApi(page, {}, { ownCard: false })
    const ids: string[] = []
    for (let n = 0; n < people; n += 1) {
      const parentMemberIds = ids.length > 0 ? [ids[Math.floor(n / 2)]!] : []
      const response = await page.request.post('/api/family-tree/members', {
        data: { firstName: `Persona ${n}`, lastName: 'Ruiz', relationshipToOwner: 'Pariente', parentMemberIds },
      })
      expect(response.status(), await response.text()).toBe(201)
      ids.push(((await response.json()) as { member: { memberId: string } }).member.memberId)
    }
    const layoutShift = await watchLayoutShifts(page)
    await page.goto('/family-tree')
    if (people > 0) await expect(page.getByRole('region', { name: 'Árbol interactivo' })).toBeVisible()
    else await expect(page.getByText('Todavía no hay nadie en tu árbol familiar.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Importar o exportar tu árbol' })).toBeVisible()
    // Web Vitals call 0.1 "good"; what is left is the fonts' swap, a few thousandths.
    expect(await layoutShift()).toBeLessThan(0.05)
  })
}
