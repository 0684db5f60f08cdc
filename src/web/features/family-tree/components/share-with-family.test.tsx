import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SharedWith, TreeList, TreeSummary } from '../../../../shared/contracts/family-circle.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { ShareWithFamily } from './share-with-family.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

const tree = (overrides: Partial<TreeSummary>): TreeSummary => ({
  treeId: 'tree-rosa',
  treeName: 'Árbol de Rosa',
  role: 'contributor',
  ownerName: 'Rosa Pérez',
  isActive: true,
  isOwn: false,
  ...overrides,
})

/** The control as a page holds it: what the server answered becomes the memory's `sharedWith`. */
function Shared({ change }: { change: (treeId: string, share: boolean) => Promise<void> }) {
  const [sharedWith, setSharedWith] = useState<SharedWith[]>([])
  return (
    <ShareWithFamily
      itemName="El tiple"
      sharedWith={sharedWith}
      onChange={async (treeId, share) => {
        await change(treeId, share)
        setSharedWith(share ? [{ treeId, treeName: 'Árbol de Rosa' }] : [])
      }}
    />
  )
}

function withTrees(trees: TreeSummary[]) {
  const list: TreeList = { trees, hasOwnTree: false }
  fakeApi(({ path }) => (path === '/api/trees' ? jsonResponse(200, list) : jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } })))
}

describe('sharing a memory with the family', () => {
  it('shares with the one tree and takes it back, from the keyboard, saying where it is shared', async () => {
    withTrees([tree({})])
    const change = vi.fn(async () => undefined)
    const user = userEvent.setup()
    renderWithProviders(<Shared change={change} />)

    expect(await screen.findByRole('group', { name: 'Compartir con la familia' })).toHaveTextContent('Solo tú lo ves.')
    const share = screen.getByRole('button', { name: 'Compartir «El tiple» con «Árbol de Rosa»' })
    expect(share).toHaveTextContent('Compartir con «Árbol de Rosa»')
    share.focus()
    await user.keyboard('{Enter}')
    expect(change).toHaveBeenLastCalledWith('tree-rosa', true)
    expect(await screen.findByText('Compartido con «Árbol de Rosa».')).toBeInTheDocument()
    const unshare = screen.getByRole('button', { name: 'Dejar de compartir «El tiple» con «Árbol de Rosa»' })
    expect(unshare).toHaveTextContent(/^Dejar de compartir$/)
    await user.click(unshare)
    expect(change).toHaveBeenLastCalledWith('tree-rosa', false)
    expect(await screen.findByText('Solo tú lo ves.')).toBeInTheDocument()
  })

  it('offers nothing to someone who only reads their tree', async () => {
    withTrees([tree({ role: 'viewer' })])
    const { container, queryClient } = renderWithProviders(<Shared change={async () => undefined} />)
    await waitFor(() => expect(queryClient.getQueryState(['trees'])?.status).toBe('success'))
    expect(container).toBeEmptyDOMElement()
  })

  it('says so when the share could not be changed', async () => {
    withTrees([tree({ role: 'owner', isOwn: true })])
    const user = userEvent.setup()
    renderWithProviders(<Shared change={() => Promise.reject(new Error('offline'))} />)
    await user.click(await screen.findByRole('button', { name: 'Compartir «El tiple» con «Árbol de Rosa»' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cambiarlo. Inténtalo de nuevo en un momento.')
  })
})
