import { expect, test, type Locator, type Page } from '@playwright/test'
import { addSelfMemberThroughApi, aiLabTab, createDreamThroughApi, newAccount, signUpThroughApi, statusMessage } from './fixtures.ts'
import { expectVisibleFocus, tabTo } from './page-checks.ts'

/**
 * The journeys of someone who uses no mouse: the focus only moves with Tab, Shift+Tab, the arrows,
 * Enter and Space, and text is typed. At each step the focus ring shows on the control reached
 * and the result is on screen. (The interview and the memory game have journeys of their own.)
 */

/** Focuses `field` with Tab and types `text` into it, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, field, key)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/** Waits until the page stops scrolling, as a person waits for the page to stop moving before going on. */
async function waitForScrollToSettle(page: Page) {
  let last = -1
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY)
        const settled = now === last
        last = now
        return settled
      },
      { intervals: [100] },
    )
    .toBe(true)
}

/** Tabs to a button or link and presses Enter on it. */
async function activate(page: Page, control: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, control, key)
  await page.keyboard.press('Enter')
}

test('sign up from the landing page, write a dream, edit it, delete it, and sign out', async ({ page }) => {
  const account = newAccount({ name: 'Rosa Martínez' })

  await test.step('the landing page’s first button leads to the sign-up form', async () => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Legado' })).toBeVisible()
    await activate(page, page.getByRole('button', { name: 'Comenzar mi legado' }))
    await expect(page.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeFocused()
    // The page glides down to the form (for those who accept motion).
    await waitForScrollToSettle(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeInViewport()
  })

  await test.step('the form is filled in and sent with the keyboard', async () => {
    const form = page.locator('#signup')
    await typeInto(page, form.getByLabel('Nombre completo'), account.name)
    await typeInto(page, form.getByLabel('Correo electrónico'), account.email)
    const password = form.getByLabel('Contraseña', { exact: true })
    await typeInto(page, password, account.password)
    // Space on the checkbox shows what was typed.
    await tabTo(page, form.getByLabel('Mostrar contraseña'))
    await page.keyboard.press('Space')
    await expect(form.getByLabel('Mostrar contraseña')).toBeChecked()
    await expect(password).toHaveAttribute('type', 'text')
    await activate(page, form.getByRole('button', { name: 'Crear mi cuenta' }))
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
  })

  const newDream = page.getByRole('region', { name: 'Anota un sueño' })
  const diary = page.getByRole('region', { name: 'Tus sueños' })

  await test.step('the dashboard’s tile opens the diary', async () => {
    await activate(page, page.getByRole('link', { name: 'Mis sueños' }))
    await expect(page).toHaveURL(/\/my-dreams$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()
    await expect(diary.getByText('Tu diario todavía está en blanco.')).toBeVisible()
  })

  await test.step('a dream is written and saved', async () => {
    await typeInto(page, newDream.getByLabel('Título'), 'El faro')
    await typeInto(page, newDream.getByLabel('Descripción'), 'Subía la escalera de un faro y arriba estaba mi abuela.')
    await activate(page, newDream.getByRole('button', { name: 'Guardar sueño' }))
    await expect(newDream.getByRole('status')).toHaveText('Tu sueño quedó guardado en el diario.')
    await expect(diary.getByRole('article')).toHaveCount(1)
    await expect(diary.getByRole('heading', { level: 3 })).toHaveText('El faro')
    await expect(newDream.getByLabel('Descripción')).toHaveValue('')
  })

  await test.step('the dream is edited in place, and the focus comes back to its edit button', async () => {
    await activate(page, diary.getByRole('button', { name: 'Editar «El faro»' }))
    const edit = diary.getByRole('form', { name: 'Editar «El faro»' })
    // The form opens with the cursor in its first field.
    await expectVisibleFocus(edit.getByLabel('Título'))
    await typeInto(page, edit.getByLabel('Título'), 'El faro de Finisterre')
    await activate(page, edit.getByRole('button', { name: 'Guardar cambios' }))
    await expect(statusMessage(page, 'Se guardaron los cambios de «El faro de Finisterre».')).toBeVisible()
    await expectVisibleFocus(diary.getByRole('button', { name: 'Editar «El faro de Finisterre»' }))
    await expect(diary.getByRole('heading', { level: 3 })).toHaveText('El faro de Finisterre')
  })

  await test.step('the dream is deleted through the confirmation, which opens on Cancel', async () => {
    await activate(page, diary.getByRole('button', { name: 'Eliminar «El faro de Finisterre»' }))
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar este sueño?' })
    await expect(dialog).toContainText('«El faro de Finisterre» se borrará de tu diario.')
    await expectVisibleFocus(dialog.getByRole('button', { name: 'Cancelar' }))
    await activate(page, dialog.getByRole('button', { name: 'Eliminar' }))
    await expect(dialog).toBeHidden()
    await expect(statusMessage(page, 'Se eliminó «El faro de Finisterre» de tu diario.')).toBeVisible()
    await expect(diary.getByText('Tu diario todavía está en blanco.')).toBeVisible()
    // The dream's buttons are gone: the focus waits on the list's heading.
    await expect(diary.getByRole('heading', { level: 2, name: 'Tus sueños' })).toBeFocused()
  })

  await test.step('back on the dashboard, signing out leads to the login page', async () => {
    await activate(page, page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }), 'Shift+Tab')
    await expect(page).toHaveURL(/\/dashboard$/)
    await activate(page, page.getByRole('button', { name: 'Cerrar sesión', exact: true }))
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  })
})

test('sign in from /login: a wrong password is refused, the right one opens the dashboard', async ({ page }) => {
  const account = await signUpThroughApi(page, { name: 'Tomás Ortega' })
  await page.context().clearCookies()

  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  const email = page.getByLabel('Correo electrónico')
  const password = page.getByLabel('Contraseña', { exact: true })
  await typeInto(page, email, account.email)
  await typeInto(page, password, 'no-es-mi-clave')
  // Enter in a field sends the form, as it does in any form.
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
  await expect(page).toHaveURL(/\/login$/)

  await typeInto(page, password, account.password, 'Shift+Tab')
  await activate(page, page.getByRole('button', { name: 'Iniciar sesión', exact: true }))
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
})

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

test('the contact form is filled in and sent', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Legado' })).toBeVisible()
  // The footer's link, reached from the top of the page.
  await activate(page, page.getByRole('contentinfo').getByRole('link', { name: 'Contáctanos' }), 'Shift+Tab')
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible()

  const send = page.getByRole('button', { name: 'Enviar mensaje' })
  await test.step('sent empty, each field says what it needs', async () => {
    await activate(page, send)
    await expect(page.getByLabel('Nombre completo')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Mensaje')).toHaveAttribute('aria-invalid', 'true')
  })

  await test.step('filled in, it is sent, the thanks shown and the form cleared', async () => {
    await typeInto(page, page.getByLabel('Nombre completo'), 'Rosa Martínez', 'Shift+Tab')
    await typeInto(page, page.getByLabel('Correo electrónico'), 'rosa@example.org')
    await typeInto(page, page.getByLabel('Mensaje'), 'Quisiera saber cómo compartir mi árbol con mis nietos.')
    await activate(page, send)
    await expect(page.getByRole('status')).toHaveText('¡Gracias! Tu mensaje fue enviado; pronto nos pondremos en contacto contigo.')
    await expect(page.getByLabel('Nombre completo')).toHaveValue('')
    await expect(page.getByLabel('Mensaje')).toHaveValue('')
    await expect(page.getByLabel('Nombre completo')).not.toHaveAttribute('aria-invalid', 'true')
  })
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

test('on a phone, going back up a long diary with Shift+Tab keeps each control clear of the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  await signUpThroughApi(page)
  for (const title of ['El faro', 'La casa azul', 'El tren nocturno'])
    await createDreamThroughApi(page, { title, content: 'Un sueño que quiero recordar, con todos sus detalles.' })
  await page.goto('/my-dreams')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()

  await tabTo(page, page.getByRole('button', { name: 'Eliminar «El faro»' }))
  const description = page.getByRole('region', { name: 'Anota un sueño' }).getByLabel('Descripción')
  for (let presses = 0; presses < 20 && !(await description.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Shift+Tab')
    await expectVisibleFocus(page.locator(':focus'))
  }
  await expectVisibleFocus(description)
})
