import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildTree, fakeCircleApi } from '../test/fake-circle-api.ts'
import { TreeSwitcher } from './tree-switcher.tsx'

afterEach(() => vi.restoreAllMocks())

const rosas = buildTree({ treeId: 'tree-rosa', treeName: 'Árbol de Rosa', role: 'contributor', ownerName: 'Rosa Pérez', isActive: true, isOwn: false })
const own = buildTree({ treeId: 'tree-tomas', treeName: 'Árbol de Tomás', role: 'owner', ownerName: 'Tomás Pérez', isActive: false, isOwn: true })

describe('the tree switcher', () => {
  it('shows nothing to someone alone in their own tree, who has nothing to choose', async () => {
    const api = fakeCircleApi({ trees: { trees: [buildTree()], hasOwnTree: true } })
    const { container } = renderWithProviders(<TreeSwitcher onChosen={async () => {}} />)
    await vi.waitFor(() => expect(api.requestsTo('GET', '/api/trees')).toHaveLength(1))
    expect(container).toBeEmptyDOMElement()
  })

  it('shows nothing, and keeps the page, for someone who belongs to no tree yet', async () => {
    const api = fakeCircleApi({ trees: { trees: [], hasOwnTree: false } })
    renderWithProviders(
      <header>
        <TreeSwitcher onChosen={async () => {}} />
        <p>Legado</p>
      </header>,
    )
    await vi.waitFor(() => expect(api.requestsTo('GET', '/api/trees')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getByRole('banner')).toHaveTextContent(/^Legado$/)
  })

  it('lists the trees by keyboard, shows the one chosen and reads the pages again', async () => {
    const api = fakeCircleApi({ trees: { trees: [rosas, own], hasOwnTree: true } })
    const onChosen = vi.fn(async () => {})
    const user = userEvent.setup()
    renderWithProviders(<TreeSwitcher onChosen={onChosen} />)

    const toggle = await screen.findByRole('button', { name: 'Árbol que ves: Árbol de Rosa (Aporta recuerdos). Cambiar de árbol' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const current = screen.getByRole('button', { name: 'Árbol de Rosa, de Rosa Pérez (Aporta recuerdos)' })
    expect(current).toHaveFocus()
    expect(current).toHaveAttribute('aria-current', 'true')

    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()

    await user.keyboard('{Enter}')
    await user.tab()
    const mine = screen.getByRole('button', { name: 'Árbol de Tomás, de Tomás Pérez (Cuida el árbol)' })
    expect(mine).toHaveFocus()
    expect(within(mine).getByText('Mi propio árbol')).toBeInTheDocument()
    await user.keyboard('{Enter}')

    expect(await screen.findByRole('button', { name: /^Árbol que ves: Árbol de Tomás \(Cuida el árbol\)/ })).toHaveFocus()
    expect(api.requestsTo('PUT', '/api/trees/active').map((request) => request.body)).toEqual([{ treeId: 'tree-tomas' }])
    expect(onChosen).toHaveBeenCalledTimes(1)
  })

  it('offers to start one’s own tree to someone who only belongs to another’s', async () => {
    const api = fakeCircleApi({ trees: { trees: [rosas], hasOwnTree: false } })
    const user = userEvent.setup()
    renderWithProviders(<TreeSwitcher onChosen={async () => {}} />)
    await user.click(await screen.findByRole('button', { name: /Cambiar de árbol/ }))
    await user.click(screen.getByRole('button', { name: 'Mi propio árbol' }))
    expect(api.requestsTo('PUT', '/api/trees/active').map((request) => request.body)).toEqual([{ own: true }])
  })
})
