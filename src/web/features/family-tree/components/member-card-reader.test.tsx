import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

// Rosa keeps the tree (account u1) and typed her words; Tomás, her grandson, reads it linked to his card.
function rosasTree() {
  fakeFamilyApi([
    buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Pérez', isSelf: true, relationshipToOwner: 'Yo misma', gender: 'Femenino', parentMemberIds: ['joaquin'] }),
    buildMember({ memberId: 'joaquin', firstName: 'Joaquín', lastName: 'Pérez', relationshipToOwner: 'Padre', gender: 'Masculino' }),
    buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Hijo', gender: 'Masculino', parentMemberIds: ['rosa'] }),
    buildMember({ memberId: 'tomas', firstName: 'Tomás', lastName: 'Gómez', relationshipToOwner: 'Nieto', parentMemberIds: ['luis'], linkedUserAccountId: 'u2' }),
    buildMember({ memberId: 'marta', firstName: 'Marta', lastName: 'Ruiz', relationshipToOwner: 'Vecina', gender: 'Femenino' }),
  ])
}
const relationOn = (name: string) => within(screen.getByRole('article', { name })).getByText((_, element) => element?.classList.contains('member-relationship') ?? false)

describe('a card’s relationship, read by someone who does not keep the tree', () => {
  it('says how each person stands to the reader, and the keeper’s word as hers where the tree cannot tell', async () => {
    rosasTree()
    renderWithProviders(<FamilyTreeManager access={{ role: 'contributor', userId: 'u2' }} />)
    await screen.findByRole('article', { name: 'Joaquín Pérez' })
    expect(relationOn('Joaquín Pérez')).toHaveTextContent('Tu bisabuelo')
    expect(relationOn('Rosa Pérez')).toHaveTextContent('Tu abuela')
    expect(relationOn('Luis Gómez')).toHaveTextContent('Tu padre')
    expect(relationOn('Tomás Gómez')).toHaveTextContent('Eres tú')
    expect(relationOn('Marta Ruiz')).toHaveTextContent('Vecina de Rosa Pérez, quien guarda el árbol')
    // Rosa's card is not "me" to him.
    expect(within(screen.getByRole('article', { name: 'Rosa Pérez' })).queryByText('Yo')).not.toBeInTheDocument()
  })

  it('keeps the keeper’s own words for the keeper', async () => {
    rosasTree()
    renderWithProviders(<FamilyTreeManager access={{ role: 'owner', userId: 'u1' }} />)
    await screen.findByRole('article', { name: 'Joaquín Pérez' })
    expect(relationOn('Joaquín Pérez')).toHaveTextContent('Padre')
    expect(relationOn('Marta Ruiz')).toHaveTextContent(/^Vecina$/)
    expect(within(screen.getByRole('article', { name: 'Rosa Pérez' })).getByText('Yo')).toBeInTheDocument()
  })
})
