import { expect, test, type Page } from '@playwright/test'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './page-checks.ts'

// Lucía brings in a tree of three hundred people: a line of a hundred and fifty couples, each the
// parents of the next husband. The tree page reads the part around her, everyone's names, and the
// cards it shows; never the whole tree, not even after a save.
const people = 300
const couples = people / 2

function lineage(): string {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
  for (let n = 0; n < people; n += 1) {
    const couple = Math.floor(n / 2)
    lines.push(`0 @I${n}@ INDI`, `1 NAME Persona${String(n).padStart(3, '0')} /Herrera/`, `1 SEX ${n % 2 === 0 ? 'M' : 'F'}`, '1 BIRT', `2 DATE ${1700 + couple}`)
    lines.push(`1 FAMS @F${couple}@`)
    // The husband of each couple is the son of the couple before.
    if (n % 2 === 0 && couple > 0) lines.push(`1 FAMC @F${couple - 1}@`)
  }
  for (let couple = 0; couple < couples; couple += 1) {
    lines.push(`0 @F${couple}@ FAM`, `1 HUSB @I${couple * 2}@`, `1 WIFE @I${couple * 2 + 1}@`)
    if (couple + 1 < couples) lines.push(`1 CHIL @I${(couple + 1) * 2}@`)
  }
  lines.push('0 TRLR', '')
  return lines.join('\n')
}

type IndexEntry = [string, string, string, number | null, number | null, number]

/** A new account with the tree imported through the API, and Persona100 marked as her own card. */
async function importLineage(page: Page) {
  await signUpThroughApi(page, { name: 'Lucía Herrera' })
  const started = await page.request.post('/api/family-tree/gedcom', {
    multipart: { file: { name: 'linaje.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(lineage()) } },
  })
  expect(started.status()).toBe(202)
  const job = (await started.json()).job as { id: string }
  await expect.poll(async () => (await (await page.request.get(`/api/family-tree/gedcom/imports/${job.id}`)).json()).job.status, { timeout: 60_000 }).toBe('done')
  const index = (await (await page.request.get('/api/family-tree/index')).json()) as { people: IndexEntry[] }
  const self = index.people.find((entry) => entry[1] === 'Persona100')!
  expect((await page.request.post(`/api/family-tree/members/${self[0]}/is-me`, { data: {} })).status()).toBe(200)
}

test('a tree of three hundred: read around her, re-centred, an edit saved from its answer, the list growing as it scrolls, at 375 px', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 812 })
  await importLineage(page)
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/family-tree')) reads.push(`${request.method()} ${url.pathname}${url.search}`)
  })

  await page.goto('/family-tree?lng=es')
  // The chart starts from her own card, with her parents and her husband's… a few people, not three hundred.
  const chartOf = (name: string) => page.getByRole('group', { name: `Árbol familiar de ${name}` })
  const chart = chartOf('Persona100 Herrera')
  await expect(chart.getByRole('button', { name: /^Persona100 Herrera/ })).toBeVisible({ timeout: 30_000 })
  const list = page.getByRole('list', { name: 'Las personas de tu árbol' })
  await expect(list.getByRole('article').first()).toBeVisible()
  await expect(page.getByText(`Se muestran 100 de ${people} personas.`)).toBeAttached()
  await expectNoHorizontalOverflow(page, 'the tree page of three hundred, at 375 px')
  await expectNoSeriousA11yViolations(page, 'the tree page of three hundred')

  // Her husband's father opens from the chart, and the chart is drawn around him.
  await chart.getByRole('button', { name: /^Persona098 Herrera/ }).click()
  const opened = page.getByRole('region', { name: 'La ficha de Persona098 Herrera, abierta desde el árbol' })
  await expect(opened.getByRole('heading', { name: 'Persona098 Herrera' })).toBeFocused()
  await opened.getByRole('button', { name: 'Centrar aquí a Persona098 Herrera' }).click()
  const around = chartOf('Persona098 Herrera')
  await expect(around.getByRole('button', { name: /^Persona098 Herrera/ })).toBeFocused()
  expect(reads.some((read) => /^GET \/api\/family-tree\/view\?centre=[^&]+&generations=3$/.test(read))).toBe(true)

  // An edit of his name, saved: the chart and his card show it from the save's answer alone.
  const beforeSave = reads.length
  await opened.getByRole('button', { name: 'Editar a Persona098 Herrera' }).click()
  const form = page.getByRole('form', { name: 'Editar a Persona098 Herrera' })
  await form.getByLabel('Nombre', { exact: true }).fill('Tobías')
  await form.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Se guardaron los cambios de Tobías Herrera.')).toBeVisible()
  await expect(chartOf('Tobías Herrera').getByRole('button', { name: /^Tobías Herrera/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'La ficha de Tobías Herrera, abierta desde el árbol' }).getByRole('heading', { name: 'Tobías Herrera' })).toBeVisible()
  // His new name sorts him to the end of the list: the person who moves up into its first hundred
  // is read (once, checked below); neither the view, nor the index, nor anyone else is.
  const afterSave = reads.slice(beforeSave)
  expect(afterSave.filter((read) => !read.startsWith('GET /api/family-tree/members?'))).toEqual([expect.stringMatching(/^PATCH \/api\/family-tree\/members\//)])

  // The list grows as it is scrolled: its next hundred are read and drawn without a button.
  await page.getByRole('button', { name: 'Cerrar la ficha de Tobías Herrera' }).click()
  await expect(list.getByRole('article')).toHaveCount(100, { timeout: 30_000 })
  await page.getByText(`Se muestran 100 de ${people} personas.`).scrollIntoViewIfNeeded()
  await expect(page.getByText(`Se muestran 200 de ${people} personas.`)).toBeAttached({ timeout: 30_000 })
  await expect(list.getByRole('article')).toHaveCount(200, { timeout: 30_000 })
  await expectNoHorizontalOverflow(page, 'the tree page grown to two hundred cards, at 375 px')

  // Never the whole tree; each card read once.
  expect(reads.filter((read) => read === 'GET /api/family-tree')).toEqual([])
  const idsRead = reads.filter((read) => read.startsWith('GET /api/family-tree/members?')).flatMap((read) => decodeURIComponent(read.split('ids=')[1]!).split(','))
  expect(new Set(idsRead).size).toBe(idsRead.length)
})
