import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { openAddForm } from '../test/add-form.tsx'
import { renderWithProviders } from '../../../test/render.tsx'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

describe('a word of kinship typed as the relationship', () => {
  it('offers to link the new person as the owner’s mother, and links her only once accepted', async () => {
    const { rosa } = rosasFamily()
    const api = fakeFamilyApi([{ ...rosa, parentMemberIds: [] }])
    const { user, form, firstName, lastName, relationship, save } = await openAddForm()
    await user.type(firstName, 'Carmen')
    await user.type(lastName, 'López')
    await user.type(relationship()!, 'Madre')

    const offer = within(form).getByRole('group', { name: '¿Enlazar a Carmen como tu madre?' })
    // Nothing is linked silently: the children group has nobody ticked until the offer is accepted.
    expect(within(within(form).getByRole('group', { name: 'Hijos' })).getByRole('checkbox', { name: 'Rosa Díaz (n. 1950)' })).not.toBeChecked()
    await user.click(within(offer).getByRole('button', { name: 'Sí, enlazar' }))
    expect(within(form).getByText('Al guardar, se enlazará a Carmen como tu madre.')).toBeInTheDocument()
    expect(within(within(form).getByRole('group', { name: 'Hijos' })).getByRole('checkbox', { name: 'Rosa Díaz (n. 1950)' })).toBeChecked()

    await user.click(save)
    await screen.findByText('Carmen López ya forma parte de tu árbol.')
    expect(api.writes()[0]?.body).toMatchObject({ relationshipToOwner: 'Madre', childLinks: [{ childId: rosa.memberId, kind: 'birth' }] })
    expect(api.tree().members.find((member) => member.memberId === rosa.memberId)?.parentMemberIds).toHaveLength(1)
  })

  it('links nobody when the offer is declined', async () => {
    fakeFamilyApi(rosasFamily().members)
    const { user, form, firstName, relationship } = await openAddForm()
    await user.type(firstName, 'Ana')
    await user.type(relationship()!, 'hija')
    await user.click(within(within(form).getByRole('group', { name: '¿Enlazar a Ana como tu hija?' })).getByRole('button', { name: 'No, gracias' }))
    expect(within(form).queryByRole('group', { name: /¿Enlazar/ })).not.toBeInTheDocument()
    expect(within(within(form).getByRole('group', { name: 'Padres' })).getByRole('checkbox', { name: /Rosa Díaz/ })).not.toBeChecked()
  })

  it('asks through which parent a grandmother comes when the owner has two', async () => {
    const { rosa, carmen, luis } = rosasFamily()
    const pedro = buildMember({ firstName: 'Pedro', lastName: 'Díaz', relationshipToOwner: 'Padre', gender: 'Masculino' })
    fakeFamilyApi([{ ...rosa, parentMemberIds: [carmen.memberId, pedro.memberId] }, carmen, luis, pedro])
    const { user, form, firstName, relationship } = await openAddForm()
    await user.type(firstName, 'Elena')
    await user.type(relationship()!, 'Abuela')
    const offer = within(form).getByRole('group', { name: '¿Enlazar a Elena como tu abuela?' })
    expect(within(offer).getByText('Elige por parte de quién:')).toBeInTheDocument()
    await user.click(within(offer).getByRole('button', { name: 'Sí, por parte de Pedro Díaz' }))
    expect(within(form).getByText('Al guardar, se enlazará a Elena como tu abuela, por parte de Pedro Díaz.')).toBeInTheDocument()
    expect(within(within(form).getByRole('group', { name: 'Hijos' })).getByRole('checkbox', { name: /Pedro Díaz/ })).toBeChecked()
  })

  it('says a grandparent needs the owner’s parents first, and marks a wife as married, in English', async () => {
    await i18n.changeLanguage('en')
    const { rosa, luis } = rosasFamily()
    fakeFamilyApi([{ ...rosa, parentMemberIds: [] }, luis])
    const user = userEvent.setup()
    renderWithProviders(<FamilyTreeManager />)
    const add = await screen.findByRole('button', { name: 'Add person' })
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'false'))
    await user.click(add)
    const form = await screen.findByRole('form', { name: 'Add person' })
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Elena')
    await user.type(within(form).getByRole('textbox', { name: /^Relationship to you/ }), 'grandmother')
    expect(within(form).getByText('To link Elena as your grandmother, first add your parents to the tree.')).toBeInTheDocument()

    await user.clear(within(form).getByRole('textbox', { name: /^Relationship to you/ }))
    await user.type(within(form).getByRole('textbox', { name: /^Relationship to you/ }), 'wife')
    await user.click(within(within(form).getByRole('group', { name: 'Link Elena as your wife?' })).getByRole('button', { name: 'Yes, link them' }))
    expect(within(within(form).getByRole('group', { name: 'Spouses or partners' })).getByRole('checkbox', { name: /Rosa Díaz/ })).toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'They married' })).toBeChecked()
  })
})
