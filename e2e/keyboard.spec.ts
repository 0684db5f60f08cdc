import { expect, test } from '@playwright/test'
import { createDreamThroughApi, newAccount, signUpThroughApi, statusMessage } from './fixtures.ts'
import { expectVisibleFocus, tabTo } from './page-checks.ts'
import { activate, typeInto, waitForScrollToSettle } from './keyboard-steps.ts'

/**
 * The journeys of someone who uses no mouse: the focus only moves with Tab, Shift+Tab, the arrows,
 * Enter and Space, and text is typed. At each step the focus ring shows on the control reached
 * and the result is on screen. (The tree, the biography and the AI lab are in
 * keyboard-features.spec.ts; the interview and the memory game have journeys of their own.)
 */

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
