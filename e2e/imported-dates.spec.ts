import { expect, test, type Page, type Request } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'

// A family brought in from another program, with its dates as such programs write them (about,
// before, after, between, a month, a bare year, a phrase), opened on every page that shows a
// member, in the three languages: each page shows the date in the reader's words, the same words
// everywhere, and nothing on it is a broken date or a script error.

const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Rosa /Díaz/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE ABT 1920',
  '2 PLAC Pasto',
  '1 DEAT',
  '2 DATE AFT 1980',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Luis /Ruiz/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE BET 1850 AND 1860',
  '1 DEAT',
  '2 DATE BEF 1900',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Ana /Ruiz/',
  '1 BIRT',
  '2 DATE MAY 1920',
  '1 FAMC @F1@',
  '0 @I4@ INDI',
  '1 NAME Pedro /Ruiz/',
  '1 BIRT',
  '2 DATE 1946',
  '1 DEAT',
  '2 DATE (poco después de la guerra)',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 CHIL @I3@',
  '1 CHIL @I4@',
  '1 MARR',
  '0 TRLR',
  '',
].join('\n')

/** Every console error and uncaught exception of the page, to assert there were none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function expectNoBrokenDates(page: Page, where: string) {
  const text = await page.locator('body').innerText()
  expect(text, where).not.toMatch(/Invalid Date|\bNaN\b|\bundefined\b|\bABT\b|\bBEF\b|\bAFT\b/)
}

async function importFamily(page: Page) {
  const started = await page.request.post('/api/family-tree/gedcom', {
    multipart: { file: { name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(gedcom) } },
  })
  expect(started.status(), await started.text()).toBe(202)
  let job = (await started.json()).job as { id: string; status: string }
  await expect
    .poll(
      async () => {
        job = (await (await page.request.get(`/api/family-tree/gedcom/imports/${job.id}`)).json()).job
        return job.status
      },
      { timeout: 30_000 },
    )
    .toBe('done')
  const tree = (await (await page.request.get('/api/family-tree')).json()) as { members: { memberId: string; firstName: string }[] }
  return Object.fromEntries(tree.members.map((member) => [member.firstName, member.memberId]))
}

const words = {
  es: { rosa: 'hacia 1920', luis: 'entre 1850 y 1860', ana: 'mayo de 1920', pedro: 'poco después de la guerra' },
  en: { rosa: 'circa 1920', luis: 'between 1850 and 1860', ana: 'May 1920', pedro: 'poco después de la guerra' },
  fr: { rosa: 'vers 1920', luis: 'entre 1850 et 1860', ana: 'mai 1920', pedro: 'poco después de la guerra' },
} as const

test('an imported family’s approximate dates read the same on the tree, the chart and the interview, in every language', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await signUpThroughApi(page, { name: 'Diego Ruiz' }, { ownCard: false })
  const ids = await importFamily(page)

  for (const language of ['es', 'en', 'fr'] as const) {
    const expected = words[language]
    await page.goto(`/family-tree?lng=${language}`)
    const rosaCard = page.getByRole('article', { name: 'Rosa Díaz' })
    await expect(rosaCard).toContainText(expected.rosa)
    await expect(page.getByRole('article', { name: 'Luis Ruiz' })).toContainText(expected.luis)
    await expect(page.getByRole('article', { name: 'Ana Ruiz' })).toContainText(expected.ana)
    await expect(page.getByRole('article', { name: 'Pedro Ruiz' })).toContainText(expected.pedro)
    await expectNoBrokenDates(page, `tree page (${language})`)

    await page.goto(`/interview/${ids.Rosa}?lng=${language}`)
    const header = page.locator('.interview-header')
    await expect(header).toContainText(expected.rosa)
    await expect(page.getByRole('log').locator('[data-speaker=model]').first()).toContainText('Rosa')
    await expectNoBrokenDates(page, `interview (${language})`)
  }

  // A message in the guided mode is answered and saved for a relative with a range and a "before".
  // The page reads Luis alone, never the whole tree.
  const treeReads: string[] = []
  const watchTreeReads = (request: Request) => void (new URL(request.url()).pathname === '/api/family-tree' && treeReads.push(request.url()))
  page.on('request', watchTreeReads)
  await page.goto(`/interview/${ids.Luis}?lng=es`)
  await expect(page.locator('.interview-header')).toContainText('entre 1850 y 1860')
  await page.getByLabel('Tu mensaje para Ana').fill('Era carpintero y silbaba tangos.')
  await page.getByLabel('Tu mensaje para Ana').press('Enter')
  await expect(page.getByText('Guardado en las entrevistas sobre Luis.')).toBeVisible({ timeout: 15_000 })
  await expectNoBrokenDates(page, 'interview after a message')
  page.off('request', watchTreeReads)
  expect(treeReads).toEqual([])

  // The memory game draws its cards from the imported relatives.
  await page.goto('/ai-lab?lng=es')
  await page.getByRole('tab', { name: 'Juego de memoria' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Juego de memoria' })).toBeVisible()
  await expectNoBrokenDates(page, 'memory game')

  for (const path of ['/ai-lab', '/my-biography', '/dashboard']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoBrokenDates(page, path)
  }
  expect(errors).toEqual([])
})
