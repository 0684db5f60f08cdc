import { expect, test } from '@playwright/test'
import { createDreamThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

/**
 * axe-core (WCAG 2.0 and 2.1, levels A and AA) on the main pages, each in the state a reader
 * meets it: no serious or critical violation may remain.
 */

test('landing page', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Legado' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Crear mi cuenta' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the landing page (/)')
})

test('login page, also with its error banner', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the login page (/login)')

  // Field errors from submitting it empty.
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page, 'the login page with field errors')

  // The banner after a refused sign-in.
  await page.getByLabel('Correo electrónico').fill('nadie@example.org')
  await page.getByLabel('Contraseña', { exact: true }).fill('no-es-mi-clave')
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
  await expectNoSeriousA11yViolations(page, 'the login page with its error banner')
})

test('dashboard', async ({ page }) => {
  const account = await signUpThroughApi(page, { name: 'Lucía Fernández' })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${account.name}` })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the dashboard (/dashboard)')
})

test('dream diary with dreams listed', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Andrés Gil' })
  await createDreamThroughApi(page, { title: 'El tren nocturno', content: 'Un tren sin estaciones cruzaba el mar.', dreamDate: '2025-11-02' })
  await createDreamThroughApi(page, { content: 'Volaba sobre el río de mi pueblo.' })
  await page.goto('/my-dreams')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi diario de sueños' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Tus sueños' }).getByRole('article')).toHaveCount(2)
  await expectNoSeriousA11yViolations(page, 'the dream diary (/my-dreams)')

  // The form's own error: a dream needs a description.
  await page.getByRole('button', { name: 'Guardar sueño' }).click()
  await expect(page.getByText('La descripción del sueño es obligatoria.')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the dream diary with a form error')
})

test('AI lab, each tab, in the guided mode', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Marta Ríos' })
  await createDreamThroughApi(page, { title: 'La casa del río', content: 'La casa de mi abuela flotaba sobre el río.' })
  await page.goto('/ai-lab')
  await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the AI lab, Tell a Memory (/ai-lab)')

  // The form's own error: a memory is needed to keep one.
  await page.getByRole('button', { name: 'Guardar tal como lo conté' }).click()
  await expect(page.getByRole('alert')).toHaveText('No hay recuerdo original para guardar.')
  await expectNoSeriousA11yViolations(page, 'Tell a Memory with its error')

  for (const [tab, heading] of [
    ['dreams', 'Sueños revelados'],
    ['constellations', 'Constelaciones'],
    ['game', 'Juego de memoria'],
  ] as const) {
    await page.goto(`/ai-lab?tab=${tab}`)
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expectNoSeriousA11yViolations(page, `the AI lab, ${heading} (/ai-lab?tab=${tab})`)
  }
})
