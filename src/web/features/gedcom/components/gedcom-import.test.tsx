import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GedcomImportJob, GedcomPreview } from '../../../../shared/contracts/gedcom.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { useFamilyTree, useRefetchFamilyTree } from '../../family-tree/api/family-tree-queries.ts'
import { GedcomExport } from './gedcom-export.tsx'
import { GedcomImport } from './gedcom-import.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

const preview: GedcomPreview = {
  version: '5.5.1',
  encoding: 'ANSEL',
  counts: { people: 3010, families: 1422, notes: 12, mediaReferences: 4 },
  warnings: [{ code: 'missing_trailer', count: 1, line: 9001 }],
  skippedTags: { SUBN: 1 },
  keptTags: { SOUR: 120, BURI: 40, _MILITARY: 2 },
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

    await user.upload(screen.getByLabelText('Archivo GEDCOM (.ged) o GEDZIP con sus archivos (.gdz)'), file())
    const shown = await screen.findByRole('heading', { name: 'Lo que contiene royal92.ged' })
    expect(shown.closest('[tabindex="-1"]')).toHaveFocus()
    expect(screen.getByText('Personas: 3010')).toBeInTheDocument()
    expect(screen.getByText('Familias: 1422')).toBeInTheDocument()
    expect(screen.getByText('Referencias a fotos y documentos: 4')).toBeInTheDocument()
    expect(screen.getByText('El archivo parece cortado: falta su final (TRLR): 1 (la primera en la línea 9001)')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Datos que Legado guarda sin mostrarlos (vuelven al exportar)' })).toBeInTheDocument()
    expect(screen.getByText('Fuentes y citas (SOUR): 120')).toBeInTheDocument()
    expect(screen.getByText('Entierros (BURI): 40')).toBeInTheDocument()
    expect(screen.getByText('Datos propios de otro programa (_MILITARY): 2')).toBeInTheDocument()
    expect(screen.getByText('SUBN: 1')).toBeInTheDocument()
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
    expect(within(report).getByText('Oficios (OCCU): 12')).toBeInTheDocument()
    expect(within(report).getByText('fotos/rosa.jpg (Rosa Díaz): no incluido: sube un GEDZIP (.gdz) con los archivos')).toBeInTheDocument()
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
    await user.upload(screen.getByLabelText('Archivo GEDCOM (.ged) o GEDZIP con sus archivos (.gdz)'), new File(['hola'], 'carta.ged'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este archivo no parece un GEDCOM.')
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/family-tree/gedcom')).toHaveLength(0)
  })
})

describe('exporting the tree', () => {
  it('offers GEDCOM 7.0, GEDZIP and 5.5.1 downloads', () => {
    renderWithProviders(<GedcomExport />)
    expect(screen.getByRole('link', { name: 'Descargar GEDZIP (GEDCOM 7.0 con fotos)' })).toHaveAttribute('href', '/api/family-tree/gedcom?version=7.0&format=gdz')
    expect(screen.getByRole('link', { name: 'Descargar GEDCOM 7.0' })).toHaveAttribute('href', '/api/family-tree/gedcom?version=7.0')
    expect(screen.getByRole('link', { name: 'Descargar GEDCOM 5.5.1' })).toHaveAttribute('href', '/api/family-tree/gedcom?version=5.5.1')
  })
})

describe('cancelling a preview', () => {
  it('writes nothing and gives the focus back to the file field', async () => {
    const user = userEvent.setup()
    const api = fakeApi(() => jsonResponse(200, preview))
    renderWithProviders(<GedcomImport onImportEnded={nothingToRefetch} />)
    await user.upload(screen.getByLabelText('Archivo GEDCOM (.ged) o GEDZIP con sus archivos (.gdz)'), file())
    await screen.findByRole('heading', { name: 'Lo que contiene royal92.ged' })
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('heading', { name: 'Lo que contiene royal92.ged' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Archivo GEDCOM (.ged) o GEDZIP con sus archivos (.gdz)')).toHaveFocus()
    expect(api.requestsTo('POST', '/api/family-tree/gedcom')).toHaveLength(0)
  })
})
