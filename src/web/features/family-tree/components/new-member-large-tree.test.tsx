import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { openAddForm } from '../test/add-form.tsx'

// A tree brought in from another program can hold thousands of people: each relation group of the
// member form then shows a search and its first matches instead of a checkbox per person.
describe('adding a person to a large tree', () => {
  // More people than a group lists as checkboxes: each group shows a search instead.
  const crowd = () => [
    buildMember({ firstName: 'José', lastName: 'Núñez' }),
    ...Array.from({ length: 60 }, (_, n) => buildMember({ firstName: `Persona ${n + 1}`, lastName: 'Díaz' })),
  ]

  it('lists a few people per group and finds the others by name, keeping those ticked', async () => {
    const members = crowd()
    const api = fakeFamilyApi(members)
    const { user, firstName, lastName, isSelf, save, group } = await openAddForm()
    const parents = group('Padres')
    expect(within(parents).getAllByRole('checkbox')).toHaveLength(30)
    const search = within(parents).getByRole('searchbox', { name: 'Buscar por nombre' })
    expect(search).toHaveAccessibleDescription('Se muestran 30 de 61 personas. Escribe parte de un nombre para encontrar a las demás.')

    await user.type(search, 'nunez{Enter}')
    expect(screen.getByRole('form', { name: 'Añadir persona' })).toBeInTheDocument()
    await waitFor(() => expect(within(parents).getAllByRole('checkbox')).toHaveLength(1))
    expect(search).toHaveAccessibleDescription('Una persona coincide.')
    await user.click(within(parents).getByRole('checkbox', { name: 'José Núñez' }))

    await user.clear(search)
    await user.type(search, 'persona 4')
    // Both words, anywhere: Persona 4, 14, 24, 34, 40–49 and 54. José stays listed first, ticked,
    // so he can be unticked.
    await waitFor(() => expect(search).toHaveAccessibleDescription('15 personas coinciden.'))
    expect(
      within(parents)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value'))[0],
    ).toBe(members[0]!.memberId)
    expect(within(parents).getByRole('checkbox', { name: 'José Núñez' })).toBeChecked()
    await user.type(search, 'x')
    await waitFor(() => expect(search).toHaveAccessibleDescription('Nadie en tu árbol coincide con «persona 4x».'))

    await user.type(firstName, 'Rosa')
    await user.type(lastName, 'Núñez')
    await user.click(isSelf)
    await user.click(save)
    await screen.findByText('Rosa Núñez ya forma parte de tu árbol.')
    expect(api.writes()[0]).toMatchObject({ method: 'POST', body: { parentMemberIds: [members[0]!.memberId] } })
  })
})
