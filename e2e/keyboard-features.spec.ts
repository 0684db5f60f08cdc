import { expect, test } from '@playwright/test'
import { addSelfMemberThroughApi, aiLabTab, signUpThroughApi, statusMessage } from './fixtures.ts'
import { expectVisibleFocus, tabTo } from './page-checks.ts'
import { activate, typeInto } from './keyboard-steps.ts'

/**
 * The keyboard journeys through the family tree, the biography and the AI lab (the account, the
 * dream diary and the contact form are in keyboard.spec.ts): Tab, Shift+Tab, the arrows, Enter and
 * Space only, the focus ring on each control reached.
 */

test('the family tree: add yourself and a parent, edit the parent, delete them', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' }, { ownCard: false })
  await page.goto('/family-tree')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Legado Familiar' })).toBeVisible()
  await expect(page.getByText('Todavía no hay nadie en tu árbol familiar.')).toBeVisible()
  const addButton = page.getByRole('button', { name: 'Añadir persona' })
  const addForm = page.getByRole('form', { name: 'Añadir persona' })

  await test.step('yourself, marked as the profile that represents you', async () => {
    await activate(page, addButton)
    await expect(addButton).toHaveAttribute('aria-expanded', 'true')
    // The form opens with the cursor in its first field.
    await expectVisibleFocus(addForm.getByLabel('Nombre', { exact: true }))
    await page.keyboard.type('Rosa')
    await typeInto(page, addForm.getByLabel('Apellido', { exact: true }), 'Martínez')
    await tabTo(page, addForm.getByLabel('Este perfil me representa'))
    await page.keyboard.press('Space')
    await expect(addForm.getByLabel('Este perfil me representa')).toBeChecked()
    await expect(addForm.getByLabel('Relación contigo')).toHaveCount(0)
    await activate(page, addForm.getByRole('button', { name: 'Guardar persona' }))
    await expect(statusMessage(page, 'Rosa Martínez ya forma parte de tu árbol.')).toBeVisible()
    await expect(page.getByRole('article', { name: 'Rosa Martínez' })).toContainText('Yo mismo/a')
    // Closing the form puts the keyboard back on the button that opened it.
    await expectVisibleFocus(addButton)
  })

  await test.step('a parent, with yourself ticked as her child', async () => {
    await page.keyboard.press('Enter')
    await expectVisibleFocus(addForm.getByLabel('Nombre', { exact: true }))
    await page.keyboard.type('Carmen')
    await typeInto(page, addForm.getByLabel('Apellido', { exact: true }), 'López')
    await typeInto(page, addForm.getByLabel('Relación contigo'), 'Madre')
    const child = addForm.getByRole('group', { name: 'Hijos' }).getByLabel('Rosa Martínez')
    await tabTo(page, child)
    await page.keyboard.press('Space')
    await expect(child).toBeChecked()
    await activate(page, addForm.getByRole('button', { name: 'Guardar persona' }))
    await expect(statusMessage(page, 'Carmen López ya forma parte de tu árbol.')).toBeVisible()
    await expect(page.getByRole('article', { name: 'Carmen López' })).toContainText('Madre')
    await expect(page.getByRole('article', { name: 'Rosa Martínez' })).toContainText('Carmen López')
  })

  await test.step('the parent is edited in place, and the focus comes back to her edit button', async () => {
    await activate(page, page.getByRole('button', { name: 'Editar a Carmen López' }))
    const edit = page.getByRole('form', { name: 'Editar a Carmen López' })
    await expectVisibleFocus(edit.getByLabel('Nombre', { exact: true }))
    await page.keyboard.press('End')
    await page.keyboard.type(' Elena')
    await activate(page, edit.getByRole('button', { name: 'Guardar cambios' }))
    await expect(statusMessage(page, 'Se guardaron los cambios de Carmen Elena López.')).toBeVisible()
    await expectVisibleFocus(page.getByRole('button', { name: 'Editar a Carmen Elena López' }))
    await expect(page.getByRole('article', { name: 'Rosa Martínez' })).toContainText('Carmen Elena López')
  })

  await test.step('the parent is deleted through the confirmation, which opens on Cancel', async () => {
    await activate(page, page.getByRole('button', { name: 'Eliminar a Carmen Elena López' }))
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar a esta persona?' })
    await expect(dialog).toContainText('Carmen Elena López se eliminará de tu árbol')
    await expectVisibleFocus(dialog.getByRole('button', { name: 'Cancelar' }))
    await activate(page, dialog.getByRole('button', { name: 'Eliminar' }))
    await expect(dialog).toBeHidden()
    await expect(statusMessage(page, 'Se eliminó a Carmen Elena López de tu árbol.')).toBeVisible()
    await expect(page.getByRole('article', { name: 'Carmen Elena López' })).toHaveCount(0)
    await expect(page.getByRole('article', { name: 'Rosa Martínez' })).not.toContainText('Carmen Elena López')
    await expect(page.getByRole('heading', { level: 2, name: 'Las personas de tu árbol' })).toBeFocused()
  })
})

test('the biography in the guided mode: Cronos is answered once and the memory is kept', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  await addSelfMemberThroughApi(page)
  await page.goto('/my-biography')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi biografía' })).toBeVisible()
  const chatLog = page.getByRole('log', { name: 'Conversación con Cronos' })
  await expect(chatLog.locator('[data-speaker=model]').first()).toContainText('¿')
  const memories = page.getByTestId('memory-list')
  await expect(memories.getByTestId('memory-item')).toHaveCount(0)

  const message = page.getByLabel('Tu mensaje para Cronos')
  await tabTo(page, message)
  // Shift+Enter makes a new line; Enter sends.
  await page.keyboard.type('Nací en Manizales,')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('en una casa de bahareque.')
  await expect(message).toHaveValue('Nací en Manizales,\nen una casa de bahareque.')
  await page.keyboard.press('Enter')

  await expect(chatLog.locator('[data-speaker=user]')).toContainText('en una casa de bahareque.')
  await expect(chatLog.locator('[data-speaker=model]').nth(1)).toContainText('¿')
  await expect(page.getByText('Guardado en tus recuerdos.')).toBeVisible()
  await expect(memories.getByTestId('memory-item')).toHaveCount(1)
  await expect(memories.getByTestId('memory-item')).toContainText('en una casa de bahareque.')
  // The box is empty and keeps the focus, ready for the next answer.
  await expect(message).toHaveValue('')
  await expectVisibleFocus(message)
})

test('the AI lab in the guided mode: a memory is told and kept as told', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Marta Ríos' })
  await page.goto('/dashboard')
  await activate(page, page.getByRole('link', { name: 'Laboratorio de IA' }))
  await expect(page).toHaveURL(/\/ai-lab$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeVisible()
  await expect(aiLabTab(page, 'Contar un recuerdo')).toHaveAttribute('aria-selected', 'true')

  await expect(page.getByRole('region', { name: 'Aquí el asistente funciona en modo guiado' })).toBeVisible()

  await test.step('the memory is written and kept as told', async () => {
    const memory = 'Mi madre cosía vestidos de fiesta para todo el barrio en una Singer negra.'
    const box = page.getByRole('textbox', { name: 'Tu recuerdo' })
    await typeInto(page, box, memory)
    await activate(page, page.getByRole('button', { name: 'Guardar tal como lo conté' }))
    await expect(statusMessage(page, '¡Recuerdo guardado!')).toBeVisible()
    // The box is emptied and takes the focus back, ready for the next memory.
    await expect(box).toHaveValue('')
    await expectVisibleFocus(box)
    const kept = page.getByRole('region', { name: 'Recuerdos guardados' }).getByRole('listitem')
    await expect(kept).toHaveCount(1)
    await expect(kept.getByRole('region', { name: 'Tal como lo contaste' })).toContainText(memory)
    await expect(kept.getByText('Guardado sin variación.')).toBeVisible()
  })
})
