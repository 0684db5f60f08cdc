import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { buildMember, fakeFamilyApi } from '../../features/family-tree/test/fake-family-api.ts'
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

  it('shows the chart of the tree’s members once there are some', async () => {
    fakeFamilyApi([buildMember({ firstName: 'Ana', lastName: 'A' }), buildMember({ firstName: 'Luis', lastName: 'B' })])
    renderRoute()
    expect(await screen.findByTestId('chart')).toHaveTextContent('Ana, Luis')
    expect(within(screen.getByRole('list', { name: 'Las personas de tu árbol' })).getAllByRole('article')).toHaveLength(2)
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
