import { expect, test } from '@playwright/test'
import { addMemberThroughApi, createBiographyEntryThroughApi, signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './page-checks.ts'

// Rosa's grandmother Aurora was born «hacia 1920»; Rosa kept a memory of this very day some
// years ago, and her great-aunt Pilar (long gone) was born three days from now. Everything is
// seeded through the API; the browser reads the dashboard's card and Aurora's timeline, by keyboard.

/** A day as the browser sees it: the journeys' browser is in Madrid. */
const madridDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000))

test('a life on a timeline with an approximate birth, and a memory of this day on the dashboard', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  const auroraId = await addMemberThroughApi(page, { firstName: 'Aurora', lastName: 'Gómez', relationshipToOwner: 'Abuela', isDeceased: true, birthDate: 'hacia 1920' })
  const today = madridDay()
  // 2012 had a 29 February, so the memory is a real day whatever today is.
  await createBiographyEntryThroughApi(page, { content: 'Aurora Gómez me llevó a ver el mar por primera vez.', eventDate: `2012-${today.slice(5)}` })
  const soon = madridDay(3)
  await addMemberThroughApi(page, { firstName: 'Pilar', lastName: 'Gómez', relationshipToOwner: 'Tía abuela', isDeceased: true, birthDate: `1932-${soon.slice(5)}` })
  const years = Number(soon.slice(0, 4)) - 1932

  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Tal día como hoy' })
  await expect(card.getByText(`Hace ${Number(today.slice(0, 4)) - 2012} años: Aurora Gómez me llevó a ver el mar por primera vez.`)).toBeVisible()
  await expect(card.getByText(new RegExp(`^Pilar Gómez habría cumplido ${years} el `))).toBeVisible()
  // The card filled in, as the sweep (whose account has no memory of this day) never sees it.
  await expectNoSeriousA11yViolations(page, 'the dashboard with a memory of this day and a coming birthday')

  await page.goto(`/timeline/${auroraId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'La vida de Aurora Gómez' })).toBeVisible()
  const life = page.getByRole('list', { name: 'Momentos de la vida de Aurora Gómez, en orden' })
  const moments = life.getByRole('listitem')
  await expect(moments.first()).toContainText('hacia 1920')
  await expect(moments.first()).toContainText('fecha aproximada')
  await expect(moments.first()).toContainText('Nace')
  await expect(moments.nth(1)).toContainText('Aurora Gómez me llevó a ver el mar por primera vez.')
  await expect(moments.nth(1)).toContainText('hacia los 92 años')
  await expectNoSeriousA11yViolations(page, 'a timeline with an approximate birth')

  // From the keyboard: the memory's link opens where the memory lives.
  await moments.nth(1).getByRole('link', { name: 'Leer el recuerdo' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/my-story#memory-[\w-]+$/)
  await expect(page.locator('.found-item')).toBeFocused()
  await expect(page.locator('.found-item')).toContainText('Aurora Gómez me llevó a ver el mar por primera vez.')

  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/dashboard')
  await expect(card.getByText(new RegExp(`^Pilar Gómez habría cumplido ${years} el `))).toBeVisible()
  await expectNoHorizontalOverflow(page, 'the on-this-day card at 375 px')
  await page.goto(`/timeline/${auroraId}`)
  await expect(moments.first()).toBeVisible()
  await expectNoHorizontalOverflow(page, 'the timeline at 375 px')
})

test('the family timeline narrowed to one branch, its person found by name, without reading the whole tree', async ({ page }) => {
  const wholeTreeReads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/family-tree') wholeTreeReads.push(request.url())
  })
  await signUpThroughApi(page, { name: 'Rosa Martínez' })
  const auroraId = await addMemberThroughApi(page, { firstName: 'Aurora', lastName: 'Gómez', relationshipToOwner: 'Abuela', isDeceased: true, birthDate: 'hacia 1920' })
  await addMemberThroughApi(page, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Madre', birthDate: '1950-03-02', parentMemberIds: [auroraId] })
  await addMemberThroughApi(page, { firstName: 'Tomás', lastName: 'Peña', relationshipToOwner: 'Vecino', birthDate: '1931-07-09' })

  await page.goto('/timeline')
  await expect(page.getByRole('heading', { level: 1, name: 'La familia en el tiempo' })).toBeVisible()
  const moments = page.getByRole('list', { name: 'La familia en el tiempo' })
  await expect(moments).toContainText('Tomás Peña')
  await expect(moments).toContainText('Carmen Ruiz')

  // By keyboard: a few letters without the accent find Aurora, and Enter shows her branch alone.
  await page.getByLabel('Ver solo la rama de una persona').fill('auro')
  await expect(page.getByText('Una persona se llama así')).toBeVisible()
  await page.getByRole('button', { name: 'Ver la rama de Aurora Gómez' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('La rama de Aurora Gómez: sus antepasados, su descendencia y su propia vida.')).toBeVisible()
  await expect(moments).toContainText('Carmen Ruiz')
  await expect(moments).not.toContainText('Tomás Peña')
  expect(wholeTreeReads).toEqual([])
})
