import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TreeRole } from '../../../shared/contracts/family-circle.ts'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import type { GedcomImportJob, GedcomImportReport, GedcomPreview } from '../../../shared/contracts/gedcom.ts'
import { buildTree } from '../../features/family-tree/test/fake-circle-api.ts'
import { answerTreeRead, buildMember, fakeFamilyApi } from '../../features/family-tree/test/fake-family-api.ts'
import { fakeApi, jsonResponse, testMe } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { FamilyTreeRoute } from './family-tree.tsx'

// The chart has its own tests; here it only has to receive the tree's members.
vi.mock('../../features/family-tree/chart/family-chart-section.tsx', () => ({
  FamilyChartBody: ({ members }: { members: Member[] }) => <p data-testid="chart">{members.map((member) => member.firstName).join(', ')}</p>,
}))

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

function renderRoute() {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/family-tree" element={<FamilyTreeRoute />} />
      <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
    </Routes>,
    { route: '/family-tree' },
  )
  return { user }
}

describe('/family-tree', () => {
  it('is titled "Mi Legado Familiar", with add person and back at the top', async () => {
    fakeFamilyApi([])
    const { user } = renderRoute()
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Legado Familiar' })).toBeInTheDocument()
    expect(document.title).toBe('Mi Legado Familiar · Legado')
    expect(screen.getByRole('button', { name: 'Añadir persona' })).toBeInTheDocument()
    expect(await screen.findByText('Todavía no hay nadie en tu árbol familiar.')).toBeInTheDocument()
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Volver al dashboard' }))
    expect(screen.getByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
  })

  it('shows the chart of the people around one of them once there are some, never reading the whole tree', async () => {
    const ana = buildMember({ firstName: 'Ana', lastName: 'A' })
    const api = fakeFamilyApi([ana, buildMember({ firstName: 'Luis', lastName: 'B', parentMemberIds: [ana.memberId] }), buildMember({ firstName: 'Eva', lastName: 'C' })])
    renderRoute()
    // Eva is nobody's relative: the chart around Ana does not draw her; the list has everyone.
    expect(await screen.findByTestId('chart')).toHaveTextContent(/^Ana, Luis$/)
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Las personas de tu árbol' })).getAllByRole('article')).toHaveLength(3))
    expect(api.requests.filter((request) => request.path === '/api/family-tree')).toEqual([])
  })

  it('keeps importing and exporting folded away under a plain title, with no export of an empty tree', async () => {
    fakeFamilyApi([])
    const { user } = renderRoute()
    await screen.findByText('Todavía no hay nadie en tu árbol familiar.')
    const section = (await screen.findByRole('heading', { level: 2, name: 'Importar o exportar tu árbol' })).closest('details')!
    expect(section).not.toHaveAttribute('open')

    await user.click(within(section).getByText('Importar o exportar tu árbol'))
    expect(section).toHaveAttribute('open')
    expect(within(section).getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)')).toBeInTheDocument()
    expect(within(section).queryByRole('heading', { name: 'Llevar tu árbol a otro programa' })).not.toBeInTheDocument()
    expect(within(section).queryAllByRole('link')).toEqual([])
    expect(document.body).not.toHaveTextContent(/GEDZIP|GEDCOM|5\.5\.1|7\.0/)
  })

  it('offers the tree’s export by what each file is for, once it has people', async () => {
    fakeFamilyApi([buildMember({ firstName: 'Ana', lastName: 'A' })])
    renderRoute()
    const section = (await screen.findByRole('heading', { level: 2, name: 'Importar o exportar tu árbol' })).closest('details')!
    const links = within(section).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Descargar con las fotos', '/api/family-tree/gedcom?version=7.0&format=gdz'],
      ['Descargar sin las fotos', '/api/family-tree/gedcom?version=7.0'],
      ['Descargar para programas antiguos', '/api/family-tree/gedcom?version=5.5.1'],
    ])
    expect(links[0]).toHaveAccessibleDescription('Para abrirlo en otro programa de genealogía, con las fotos y documentos de cada persona dentro (.gdz).')
    expect(links[2]).toHaveAccessibleDescription('Si tu programa no abre los anteriores (versión 5.5.1 del formato).')
  })

  it('speaks English too', async () => {
    await i18n.changeLanguage('en')
    fakeFamilyApi([])
    renderRoute()
    expect(screen.getByRole('heading', { level: 1, name: 'My Family Legacy' })).toBeInTheDocument()
    expect(await screen.findByText('There is nobody in your family tree yet.')).toBeInTheDocument()
  })
})

describe('/family-tree, once a tree has come in from another program', () => {
  const at = '2026-11-25T09:00:00.000Z'
  const preview: GedcomPreview = {
    version: '5.5.1',
    encoding: 'UTF-8',
    counts: { people: 1, families: 0, notes: 0, mediaReferences: 0 },
    warnings: [],
    skippedTags: {},
    keptTags: {},
  }
  const report: GedcomImportReport = {
    members: { created: 1, updated: 0 },
    unions: { created: 0, updated: 0 },
    links: { created: 0, updated: 0 },
    problems: [],
    moreProblems: 0,
    warnings: [],
    skippedTags: {},
    keptTags: {},
    media: { attached: 0, alreadyThere: 0, skipped: [], moreSkipped: 0 },
  }
  const job = (overrides: Partial<GedcomImportJob>): GedcomImportJob => ({
    id: 'job-1',
    fileName: 'familia.ged',
    status: 'queued',
    progress: 0,
    counts: null,
    report: null,
    errorCode: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  })

  /**
   * Rosa keeps the tree (account u1) with only the card sign-up made her; Luis reads it linked to his
   * own card (u2). The import adds Joaquín.
   */
  function importServer(reader: { userId: string; role: TreeRole }) {
    const rosa = buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Pérez', isSelf: true, relationshipToOwner: 'Yo misma' })
    const luis = buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Hijo', linkedUserAccountId: 'u2' })
    const joaquin = buildMember({ memberId: 'joaquin', firstName: 'Joaquín', lastName: 'Pérez', relationshipToOwner: '' })
    let isImported = false
    const tree = (): FamilyTree => ({
      tree: { ownerId: 'u1', treeName: 'Árbol de Rosa', createdAt: at, lastModified: at },
      members: isImported ? [rosa, luis, joaquin] : [rosa, luis],
      unions: [],
    })
    const isKeeper = reader.userId === 'u1'
    return fakeApi((request, url) => {
      if (url.pathname === '/api/session') return jsonResponse(200, { user: testMe({ id: reader.userId }) })
      if (url.pathname === '/api/trees') return jsonResponse(200, { trees: [buildTree({ role: reader.role, isOwn: isKeeper })], hasOwnTree: isKeeper })
      const read = request.method === 'GET' ? answerTreeRead(tree(), url, reader.userId) : undefined
      if (read) return read
      if (request.method === 'POST' && url.search === '?preview=1') return jsonResponse(200, preview)
      if (request.method === 'POST' && url.pathname === '/api/family-tree/gedcom') {
        isImported = true
        return jsonResponse(202, { job: job({}) })
      }
      if (url.pathname === '/api/family-tree/gedcom/imports/job-1') return jsonResponse(200, { job: job({ status: 'done', progress: 100, report }) })
      return jsonResponse(404, { error: { code: 'not_found', message: 'nope' } })
    })
  }

  async function importFile() {
    const { user } = renderRoute()
    const section = (await screen.findByRole('heading', { level: 2, name: 'Importar o exportar tu árbol' })).closest('details')!
    await user.click(within(section).getByText('Importar o exportar tu árbol'))
    await user.upload(within(section).getByLabelText('Archivo del árbol (.ged, o .gdz con sus fotos)'), new File(['0 HEAD\n0 TRLR\n'], 'familia.ged'))
    await user.click(await screen.findByRole('button', { name: 'Importar' }))
    await screen.findByText('Importación terminada.')
    // Everyone is read again once the import has ended: Joaquín has his card in the list.
    expect(await screen.findByRole('article', { name: 'Joaquín Pérez' })).toBeInTheDocument()
  }

  it('asks the keeper who she is in it, from the card sign-up made her', async () => {
    importServer({ userId: 'u1', role: 'owner' })
    await importFile()
    expect(await screen.findByRole('heading', { level: 2, name: '¿Quién eres tú en este árbol?' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Busca tu nombre' })).toHaveValue('Rosa Pérez')
  })

  it('does not ask an editor who is already linked to his own card, nor take the keeper’s card for his', async () => {
    importServer({ userId: 'u2', role: 'editor' })
    await importFile()
    expect(screen.queryByRole('heading', { name: '¿Quién eres tú en este árbol?' })).not.toBeInTheDocument()
  })
})
