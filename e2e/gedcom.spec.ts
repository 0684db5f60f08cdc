import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { signUpThroughApi } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './page-checks.ts'

// A family that keeps its tree in another program brings it in as GEDCOM and takes it out again.
// The file is written here (the public sample files never ship with the repository).
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
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Luis /Ruiz/',
  '1 SEX M',
  '1 FAMS @F1@',
  '1 OCCU Carpintero',
  '0 @I3@ INDI',
  '1 NAME Ana /Ruiz/',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 CHIL @I3@',
  '1 MARR',
  '2 DATE 1945',
  '2 PLAC Ipiales',
  '0 TRLR',
  '',
].join('\n')

/** Opens the folded "import or export" section of the tree page and gives its import panel. */
async function openImport(page: Page) {
  await page.getByText('Importar o exportar tu árbol').click()
  const panel = page.getByRole('region', { name: 'Traer un árbol desde otro programa' })
  await expect(panel).toBeVisible()
  return panel
}

test('imports a GEDCOM file after a preview, follows its progress, reads the report and exports the tree', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' }, { ownCard: false })
  await page.goto('/family-tree')
  const panel = await openImport(page)
  // An empty tree has nothing to export, and the page speaks of programs and files, not of formats.
  await expect(page.getByRole('link', { name: /^Descargar/ })).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText(/GEDZIP|GEDCOM|5\.5\.1/)

  await panel.getByLabel('Archivo del árbol (.ged, o .gdz con sus fotos)').setInputFiles({ name: 'familia.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(gedcom) })
  await expect(panel.getByRole('heading', { name: 'Lo que contiene familia.ged' })).toBeVisible()
  await expect(panel.getByText('Personas: 3')).toBeVisible()
  await expect(panel.getByText('Familias: 1')).toBeVisible()
  await expect(panel.getByText('Oficios: 1')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'GEDCOM preview')

  // Keyboard only: the import button is reachable and starts it.
  await panel.getByRole('button', { name: 'Importar', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(panel.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 })
  await expect(panel.getByRole('status')).toHaveText('Importación terminada.')
  await expect(panel.getByText('Personas: 3 añadidas, 0 actualizadas')).toBeVisible()
  await expect(panel.getByText('Familias: 1 añadidas, 0 actualizadas')).toBeVisible()
  await expect(panel.getByText('Legado guardó 1 dato sin mostrarlo (oficios); vuelve al exportar.')).toBeVisible()
  await expect(panel.getByText('Todo lo que traía el archivo está ahora en tu árbol.')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Ana Ruiz' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Rosa Díaz' })).toBeVisible()

  for (const [name, version] of [
    ['Descargar sin las fotos', '2 VERS 7.0'],
    ['Descargar para programas antiguos', '2 VERS 5.5.1'],
  ] as const) {
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name }).click()
    const file = await download
    const text = readFileSync((await file.path())!, 'utf8')
    // A byte-order mark first, so programs that guess the encoding read the accents right.
    expect(text.startsWith('\uFEFF0 HEAD')).toBe(true)
    expect(text).toContain(version)
    expect(text).toContain('1 NAME Rosa /Díaz/')
    expect(text).toContain('2 PLAC Ipiales')
    expect(text.trimEnd().endsWith('0 TRLR')).toBe(true)
  }
})

test('imports a GEDZIP with a letter for Rosa, lists the file it lacks, and downloads the tree as a GEDZIP', async ({ page }) => {
  await signUpThroughApi(page, { name: 'Rosa Martínez' }, { ownCard: false })
  await page.goto('/family-tree')
  const panel = await openImport(page)
  const withFiles = gedcom.replace(
    '1 FAMS @F1@\n0 @I2@',
    '1 FAMS @F1@\n1 OBJE\n2 FILE media/carta.txt\n3 FORM text/plain\n1 OBJE\n2 FILE media/perdida.jpg\n3 FORM image/jpeg\n0 @I2@',
  )
  const gdz = zipSync({ 'gedcom.ged': strToU8(withFiles), 'media/carta.txt': strToU8('Querida Rosa:\nTe escribo desde Pasto.\n') })

  await panel.getByLabel('Archivo del árbol (.ged, o .gdz con sus fotos)').setInputFiles({ name: 'familia.gdz', mimeType: 'application/zip', buffer: Buffer.from(gdz) })
  await expect(panel.getByText('Las fotos y documentos de este archivo se importan con sus personas, revisados como cualquier subida.')).toBeVisible()
  await panel.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(panel.getByRole('status')).toHaveText('Importación terminada.', { timeout: 30_000 })
  await expect(panel.getByText('1 importados, 0 ya estaban')).toBeVisible()
  await expect(panel.getByText('media/perdida.jpg (Rosa Díaz): no está dentro del archivo .gdz')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'report of a tree with its files')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Descargar con las fotos' }).click()
  const entries = unzipSync(new Uint8Array(readFileSync((await (await download).path())!)))
  expect(strFromU8(entries['gedcom.ged']!)).toContain('1 NAME Rosa /Díaz/')
  expect(Object.values(entries).some((bytes) => strFromU8(bytes).startsWith('Querida Rosa'))).toBe(true)
})
