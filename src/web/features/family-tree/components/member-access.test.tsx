import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TreeRole } from '../../../../shared/family-tree/roles.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => vi.restoreAllMocks())

const abuela = () => buildMember({ memberId: 'member-rosa', firstName: 'Rosa', lastName: 'Pérez', relationshipToOwner: 'Abuela' })
const tomas = (overrides = {}) => buildMember({ memberId: 'member-tomas', firstName: 'Tomás', lastName: 'Pérez', relationshipToOwner: 'Nieto', ...overrides })

function renderAs(role: TreeRole, userId = 'u-rosa') {
  renderWithProviders(<FamilyTreeManager access={{ role, userId }} />)
}

const card = async (name: string) => screen.findByRole('article', { name })

describe('a member card and the person’s role in the tree', () => {
  it('says who has an account, and offers the owner to invite those without', async () => {
    fakeFamilyApi([abuela(), tomas({ linkedUserAccountId: 'u-tomas', connectionStatus: 'accepted' })])
    renderAs('owner')
    const tomasCard = await card('Tomás Pérez')
    expect(within(tomasCard).getByText('Es Tomás (tiene cuenta)')).toBeInTheDocument()
    expect(within(tomasCard).queryByRole('link', { name: /Invitar/ })).not.toBeInTheDocument()
    expect(within(tomasCard).getByRole('button', { name: 'Desvincular la tarjeta de Tomás Pérez de su cuenta' })).toBeInTheDocument()
    expect(within(await card('Rosa Pérez')).getByRole('link', { name: 'Invitar a Rosa Pérez a compartir el árbol' })).toHaveAttribute('href', '/family?invite=member-rosa')
  })

  it('says an invitation was sent while one waits for the card', async () => {
    fakeFamilyApi([tomas({ connectionStatus: 'pending' })])
    renderAs('editor')
    const tomasCard = await card('Tomás Pérez')
    expect(within(tomasCard).getByText('Invitación enviada')).toBeInTheDocument()
    expect(within(tomasCard).queryByRole('link', { name: /Invitar/ })).not.toBeInTheDocument()
  })

  it('hides adding, changing and deleting from a viewer', async () => {
    fakeFamilyApi([abuela(), tomas()])
    renderAs('viewer', 'u-someone')
    const rosaCard = await card('Rosa Pérez')
    expect(screen.queryByRole('button', { name: 'Añadir persona' })).not.toBeInTheDocument()
    for (const name of [/^Editar/, /^Eliminar/, /^Añadir multimedia/, /^Desvincular/]) expect(within(rosaCard).queryByRole('button', { name })).not.toBeInTheDocument()
    expect(within(rosaCard).queryByRole('link', { name: /Entrevistar|Invitar/ })).not.toBeInTheDocument()
    expect(within(rosaCard).getByRole('button', { name: /^Ver multimedia/ })).toBeInTheDocument()
  })

  it('lets a contributor add memories and files but not people', async () => {
    fakeFamilyApi([abuela()])
    renderAs('contributor', 'u-someone')
    const rosaCard = await card('Rosa Pérez')
    expect(screen.queryByRole('button', { name: 'Añadir persona' })).not.toBeInTheDocument()
    expect(within(rosaCard).getByRole('button', { name: /^Añadir multimedia/ })).toBeInTheDocument()
    expect(within(rosaCard).queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument()
  })

  it('lets a linked viewer correct the facts of their own card, not its links, and unlink it', async () => {
    const api = fakeFamilyApi([abuela(), tomas({ linkedUserAccountId: 'u-tomas', connectionStatus: 'accepted', parentMemberIds: ['member-rosa'] })])
    const user = userEvent.setup()
    renderAs('viewer', 'u-tomas')
    const tomasCard = await card('Tomás Pérez')
    expect(within(tomasCard).getByText('Eres tú (tienes cuenta)')).toBeInTheDocument()
    expect(within(tomasCard).getByRole('button', { name: 'Desvincular la tarjeta de Tomás Pérez de su cuenta' })).toBeInTheDocument()
    expect(within(await card('Rosa Pérez')).queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument()

    await user.click(within(tomasCard).getByRole('button', { name: 'Editar a Tomás Pérez' }))
    const form = await screen.findByRole('form', { name: 'Editar a Tomás Pérez' })
    expect(within(form).queryByRole('group', { name: 'Padres' })).not.toBeInTheDocument()
    expect(within(form).queryByRole('checkbox', { name: 'Este perfil me representa' })).not.toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: 'Nombre' }), ' José')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    await screen.findByRole('article', { name: 'Tomás José Pérez' })
    const [patch] = api.writes()
    expect(patch?.body).toMatchObject({ firstName: 'Tomás José' })
    for (const field of ['parentMemberIds', 'parentLinks', 'childrenMemberIds', 'spouseMemberIds', 'unions', 'isSelf', 'relationshipToOwner'])
      expect(patch?.body).not.toHaveProperty(field)
  })
})
