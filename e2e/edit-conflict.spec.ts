import { expect, test } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

// Rosa edits her mother's card on the computer while her phone has the same card open: the phone's
// save is refused with what changed, keeps what she typed, and loads the computer's changes.

test('two devices edit one relative: the second save says what changed and loads it, losing nothing', async ({ browser }) => {
  const computer = await (await browser.newContext()).newPage()
  const phone = await (await browser.newContext()).newPage()
  const account = await signUpThroughApi(computer, { name: 'Rosa Martínez' })
  const added = await computer.request.post('/api/family-tree/members', { data: { firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Madre', birthPlace: 'Cádiz' } })
  expect(added.status()).toBe(201)
  const carmen = ((await added.json()) as { member: { memberId: string } }).member
  const signIn = await phone.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })
  expect(signIn.status()).toBe(200)

  for (const page of [computer, phone]) {
    await page.goto('/family-tree')
    await page.getByRole('button', { name: 'Editar a Carmen López' }).click()
  }
  const onComputer = computer.getByRole('form', { name: 'Editar a Carmen López' })
  const onPhone = phone.getByRole('form', { name: 'Editar a Carmen López' })

  await onComputer.getByLabel('Lugar de nacimiento').fill('Sevilla')
  await onComputer.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(computer.getByText('Se guardaron los cambios de Carmen López.')).toBeVisible()

  await onPhone.getByLabel('Lugar de nacimiento').fill('Jerez')
  await onPhone.getByRole('textbox', { name: /^Notas(?! sobre)/ }).fill('Cantaba coplas.')
  await onPhone.getByRole('button', { name: 'Guardar cambios' }).click()
  const alert = onPhone.getByRole('alert')
  await expect(alert).toContainText('Alguien cambió la ficha de Carmen López mientras la editabas.')
  await expect(alert).toContainText('Lugar de nacimiento: antes «Cádiz», ahora «Sevilla».')
  await expect(alert).toBeFocused()
  await expect(onPhone.getByLabel('Lugar de nacimiento')).toHaveValue('Jerez')
  await expectNoSeriousA11yViolations(phone, 'the tree page with a conflict')

  await alert.getByRole('button', { name: 'Cargar los cambios' }).click()
  await expect(onPhone.getByLabel('Lugar de nacimiento')).toHaveValue('Sevilla')
  await expect(onPhone.getByRole('textbox', { name: /^Notas(?! sobre)/ })).toHaveValue('Cantaba coplas.')
  await expect(onPhone.getByText('Lugar de nacimiento: «Jerez»')).toBeVisible()
  await onPhone.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(phone.getByText('Se guardaron los cambios de Carmen López.')).toBeVisible()

  const tree = (await (await computer.request.get('/api/family-tree')).json()) as { members: { memberId: string; birthPlace: string; notes: string }[] }
  expect(tree.members.find((member) => member.memberId === carmen.memberId)).toMatchObject({ birthPlace: 'Sevilla', notes: 'Cantaba coplas.' })
})
