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

  it('speaks English too', async () => {
    await i18n.changeLanguage('en')
    fakeFamilyApi([])
    renderRoute()
    expect(screen.getByRole('heading', { level: 1, name: 'My Family Legacy' })).toBeInTheDocument()
    expect(await screen.findByText('There is nobody in your family tree yet.')).toBeInTheDocument()
  })
})
