import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { FamilyTreeManager } from '../components/family-tree-manager.tsx'
import type { TreeAccess } from '../lib/tree-access.ts'
import { fakeFamilyApi, treeKeptByRosa } from '../test/fake-family-api.ts'
import { FamilyChartBody } from './family-chart-section.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

// Rosa keeps the tree (account u1); Tomás, her grandson, joined linked to his card (account u2).
function rosasTree(readerUserId: string | undefined) {
  fakeFamilyApi(treeKeptByRosa(), [], readerUserId ? { readerUserId } : {})
}

/** The tree page's working area with its chart, as the page composes them, read by `access`. */
async function renderTree(access: TreeAccess) {
  rosasTree(access.userId)
  renderWithProviders(<FamilyTreeManager access={access} renderChart={(members, hooks) => <FamilyChartBody members={members} hooks={hooks} />} />)
  return screen.findByRole('group', { name: /^Árbol familiar de / })
}

const box = (chart: HTMLElement, name: RegExp) => within(chart).getByRole('button', { name })
const relationOn = (name: string) => within(screen.getByRole('article', { name })).getByText((_, element) => element?.classList.contains('member-relationship') ?? false)
const centreChoice = () => screen.getByRole('combobox', { name: 'Persona en el centro del árbol' })

describe('«(tú)» in the chart, for whoever reads the tree', () => {
  it('marks the keeper’s own card for the keeper, and starts from it, as always', async () => {
    const chart = await renderTree({ role: 'owner', userId: 'u1' })
    expect(chart).toHaveAccessibleName('Árbol familiar de Rosa Pérez')
    expect(box(chart, /^Rosa Pérez \(tú\)/)).toHaveAttribute('aria-current', 'true')
    expect(box(chart, /^Rosa Pérez/)).toHaveTextContent('Tú')
    expect(box(chart, /^Tomás Gómez/)).toHaveAccessibleName('Tomás Gómez')
    expect(within(centreChoice()).getByRole('option', { name: 'Rosa Pérez (tú)' })).toBeInTheDocument()
  })

  it('marks a linked grandson’s own card as him, starts from it, and shows the keeper as his grandmother', async () => {
    const chart = await renderTree({ role: 'contributor', userId: 'u2' })
    expect(chart).toHaveAccessibleName('Árbol familiar de Tomás Gómez')
    const tomas = box(chart, /^Tomás Gómez/)
    expect(tomas).toHaveAccessibleName('Tomás Gómez (tú)')
    expect(tomas).toHaveAttribute('aria-current', 'true')
    expect(tomas).toHaveTextContent('Tú')
    const rosa = box(chart, /^Rosa Pérez/)
    expect(rosa).toHaveAccessibleName('Rosa Pérez')
    expect(rosa).not.toHaveTextContent('Tú')
    expect(centreChoice()).toHaveValue('tomas')
    expect(within(centreChoice()).getByRole('option', { name: 'Tomás Gómez (tú)' })).toBeInTheDocument()
    expect(within(centreChoice()).getByRole('option', { name: 'Rosa Pérez' })).toBeInTheDocument()
    // The cards come with everyone's names, after the chart.
    await waitFor(() => expect(relationOn('Rosa Pérez')).toHaveTextContent('Tu abuela'))
  })

  it('marks nobody for a reader linked to no card, and starts from the keeper’s card as an ordinary relative', async () => {
    const chart = await renderTree({ role: 'viewer', userId: 'u3' })
    expect(chart).toHaveAccessibleName('Árbol familiar de Rosa Pérez')
    expect(
      within(chart)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Rosa Pérez', 'Luis Gómez', 'Tomás Gómez'])
    expect(chart).not.toHaveTextContent('Tú')
    expect(screen.queryByRole('option', { name: /\(tú\)/ })).not.toBeInTheDocument()
  })
})
