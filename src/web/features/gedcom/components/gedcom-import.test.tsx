import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../../shared/contracts/gedcom.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { useFamilyTree, useRefetchFamilyTree } from '../../family-tree/api/family-tree-queries.ts'
import { GedcomImport } from './gedcom-import.tsx'
import { GedcomImportReportView } from './gedcom-import-report.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

const preview: GedcomPreview = {
  version: '5.5.1',
  encoding: 'ANSEL',
  counts: { people: 3010, families: 1422, notes: 12, mediaReferences: 4 },
  warnings: [{ code: 'missing_trailer', count: 1, line: 9001 }],
  skippedTags: { SUBN: 1, _FREL: 1245, _MREL: 1201 },
  keptTags: { SOUR: 120, BURI: 40, _MILITARY: 2, MAP: 7, _ZZZ: 1, QQQQ: 3 },
}

const job = (overrides: Partial<GedcomImportJob>): GedcomImportJob => ({
  id: 'job-1',
  fileName: 'royal92.ged',
  status: 'queued',
  progress: 0,
  counts: null,
  report: null,
  errorCode: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
})

/** The tree page as its route composes it: the list reads the tree, and the import fetches it again when it ends. */
function TreePage() {
  useFamilyTree()
  return <GedcomImport onImportEnded={useRefetchFamilyTree()} />
}

const nothingToRefetch = async () => {}

const file = () => new File(['0 HEAD\n0 TRLR\n'], 'royal92.ged', { type: 'application/octet-stream' })

describe('importing a GEDCOM file', () => {
  it('previews what the file holds, imports it on confirmation with a progress bar, and reports what was skipped', async () => {
    const user = userEvent.setup()
    const polls = [
      job({ status: 'writing', progress: 40 }),
      job({
        status: 'done',
        progress: 100,
        report: {
          members: { created: 3009, updated: 0 },
          unions: { created: 1422, updated: 0 },
          links: { created: 4000, updated: 0 },
          problems: [
            { item: 'member', index: 7, ref: 'I8', path: 'firstName', code: 'member.first_name_required', outcome: 'skipped' },
            { item: 'member', index: 9, ref: 'I10', name: 'Rosa Díaz', path: 'deathDate', code: 'member.death_before_birth', outcome: 'kept' },
          ],
          moreProblems: 0,
          warnings: [],
          skippedTags: {},
          keptTags: { OCCU: 12 },
          media: { attached: 0, alreadyThere: 0, skipped: [{ file: 'fotos/rosa.jpg', reason: 'not_included', person: 'Rosa Díaz' }], moreSkipped: 0 },
        },
      }),
    ]
    const api = fakeApi((request, url) => {
      if (request.method === 'POST' && url.search === '?preview=1') return jsonResponse(200, preview)
      if (request.method === 'POST') return jsonResponse(202, { job: job({}) })
      if (url.pathname === '/api/family-tree/gedcom/imports/job-1') return jsonResponse(200, { job: polls.length > 1 ? polls.shift() : polls[0] })
      return jsonResponse(200, { tree: null, members: [], unions: [] })
    })
    renderWithProviders(<TreePage />)

    await user.upload(screen.getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)'), file())
    const shown = await screen.findByRole('heading', { name: 'Lo que contiene royal92.ged' })
    expect(shown.closest('[tabindex="-1"]')).toHaveFocus()
    expect(screen.getByText('Personas: 3010')).toBeInTheDocument()
    expect(screen.getByText('Familias: 1422')).toBeInTheDocument()
    expect(screen.getByText('Referencias a fotos y documentos: 4')).toBeInTheDocument()
    expect(screen.getByText('El archivo parece cortado: falta su final: 1 (la primera en la línea 9001)')).toBeInTheDocument()
    // What the tree does not show, by kind in words, with the program's own and the unknown last; never the file's tags.
    const kept = screen.getByRole('heading', { name: 'Lo que Legado guarda sin mostrarlo (vuelve al exportar)' }).nextElementSibling!
    expect(
      within(kept as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fuentes y citas: 120', 'Entierros: 40', 'Coordenadas de lugares: 7', 'Datos propios de otro programa: 3', 'Otros datos: 3'])
    const skipped = screen.getByRole('heading', { name: 'Lo que Legado no guarda (no se importará)' }).nextElementSibling!
    expect(
      within(skipped as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Parentescos por padre y madre: 2446', 'Datos de quien preparó el archivo: 1'])
    expect(document.body).not.toHaveTextContent(/\b(SOUR|BURI|MAP|SUBN|TRLR|_[A-Z]+)\b/)
    // Nothing has been written: only the preview was asked for.
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/family-tree/gedcom?preview=1'])

    await waitFor(() => expect(api.requestsTo('GET', '/api/family-tree')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Importar' }))
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la importación' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 5000 })
    expect(screen.getByRole('status')).toHaveTextContent('Importación terminada.')
    const report = screen.getByRole('heading', { name: 'Resultado de la importación' }).parentElement!
    expect(within(report).getByText('Personas: 3009 añadidas, 0 actualizadas')).toBeInTheDocument()
    expect(within(report).getByText('Persona I8: Por favor, completa al menos el nombre y el apellido. (omitido)', { exact: false })).toBeInTheDocument()
    // A person the file names is shown by name, not by the file's identifier.
    expect(within(report).getByText(/^Persona Rosa Díaz: /)).toBeInTheDocument()
    expect(within(report).getByText('Oficios: 12')).toBeInTheDocument()
    expect(within(report).getByText('fotos/rosa.jpg (Rosa Díaz): no incluido: sube el archivo .gdz con las fotos')).toBeInTheDocument()
    // It never says everything came in: it says what was kept unshown, and what did not come in as it was.
    expect(report).not.toHaveTextContent('Todo lo que traía el archivo está ahora en tu árbol.')
    expect(within(report).getByText('No todo lo que traía el archivo se ve en tu árbol:')).toBeInTheDocument()
    expect(within(report).getByText('Legado guardó 12 datos sin mostrarlos (oficios); vuelven al exportar.')).toBeInTheDocument()
    expect(within(report).getByText('2 personas, familias o vínculos no se pudieron tomar tal cual; abajo se dice por qué.')).toBeInTheDocument()
    expect(within(report).getByText('1 foto o documento no se trajo; abajo se dice por qué.')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/family-tree/gedcom')).toHaveLength(1)
    // The tree is fetched again once the import has ended.
    await waitFor(() => expect(api.requestsTo('GET', '/api/family-tree')).toHaveLength(2))

    // Another file can be chosen once it has ended.
    expect(screen.getByLabelText('Importar otro archivo')).toBeEnabled()
  })

  it('says plainly when the file is not GEDCOM, and offers nothing to import', async () => {
    const user = userEvent.setup()
    const api = fakeApi(() => jsonResponse(422, { error: { code: 'gedcom.not_gedcom', message: 'The file is not GEDCOM' } }))
    renderWithProviders(<GedcomImport onImportEnded={nothingToRefetch} />)
    await user.upload(screen.getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)'), new File(['hola'], 'carta.ged'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este archivo no parece un GEDCOM.')
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/family-tree/gedcom')).toHaveLength(0)
  })
})

describe('cancelling a preview', () => {
  it('writes nothing and gives the focus back to the file field', async () => {
    const user = userEvent.setup()
    const api = fakeApi(() => jsonResponse(200, preview))
    renderWithProviders(<GedcomImport onImportEnded={nothingToRefetch} />)
    await user.upload(screen.getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)'), file())
    await screen.findByRole('heading', { name: 'Lo que contiene royal92.ged' })
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('heading', { name: 'Lo que contiene royal92.ged' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)')).toHaveFocus()
    expect(api.requestsTo('POST', '/api/family-tree/gedcom')).toHaveLength(0)
  })
})

describe('the import report', () => {
  const report = (overrides: Partial<GedcomImportReport>): GedcomImportReport => ({
    members: { created: 2, updated: 0 },
    unions: { created: 1, updated: 0 },
    links: { created: 2, updated: 0 },
    problems: [],
    moreProblems: 0,
    warnings: [],
    skippedTags: {},
    keptTags: {},
    ...overrides,
  })

  it('says everything came in only when nothing was kept unshown, left out or refused', () => {
    renderWithProviders(<GedcomImportReportView report={report({})} />)
    expect(screen.getByText('Todo lo que traía el archivo está ahora en tu árbol.')).toBeInTheDocument()
  })

  it.each([
    [
      'data kept without being shown',
      { keptTags: { BURI: 431, SOUR: 80, MAP: 3, OCCU: 2 } },
      'Legado guardó 516 datos sin mostrarlos (entierros, fuentes y citas, coordenadas de lugares…); vuelven al exportar.',
    ],
    ['data not kept', { skippedTags: { _FREL: 1 } }, '1 dato no se guardó (parentescos por padre y madre).'],
    ['items beyond the ones listed', { moreProblems: 4 }, '4 personas, familias o vínculos no se pudieron tomar tal cual; abajo se dice por qué.'],
  ])('says in words what did not come in as it was when there is %s', (_case, overrides, sentence) => {
    renderWithProviders(<GedcomImportReportView report={report(overrides)} />)
    expect(screen.queryByText('Todo lo que traía el archivo está ahora en tu árbol.')).not.toBeInTheDocument()
    expect(screen.getByText('No todo lo que traía el archivo se ve en tu árbol:')).toBeInTheDocument()
    expect(screen.getByText(sentence)).toBeInTheDocument()
  })
})
