import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, errorResponse, fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Cards live in the list, which shows them again from the refetched tree after a save. */
async function openEditor(name: string) {
  const user = userEvent.setup()
  renderWithProviders(<FamilyTreeManager />)
  const editButton = await screen.findByRole('button', { name: `Editar a ${name}` })
  await user.click(editButton)
  const form = await screen.findByRole('form', { name: `Editar a ${name}` })
  const choices = (group: string) =>
    within(within(form).getByRole('group', { name: group }))
      .getAllByRole('checkbox')
      .map((box) => `${(box as HTMLInputElement).labels?.[0]?.textContent}${(box as HTMLInputElement).checked ? ' ✓' : ''}`)
  return { user, form, editButton, choices }
}

describe('editing a member in place', () => {
  it('opens filled in, with the cursor in the first name, never offering the person as their own relative', async () => {
    fakeFamilyApi(rosasFamily().members)
    const { form, choices } = await openEditor('Rosa Díaz')

    const firstName = within(form).getByRole('textbox', { name: 'Nombre' })
    expect(firstName).toHaveFocus()
    expect(firstName).toHaveValue('Rosa')
    expect(within(form).getByRole('checkbox', { name: 'Este perfil me representa' })).toBeChecked()
    expect(within(form).queryByRole('textbox', { name: /^Relación contigo/ })).not.toBeInTheDocument()
    // A stored day is shown in the reader's words, which the server reads back to the same day.
    expect(within(form).getByLabelText(/^Fecha de nacimiento/)).toHaveValue('12 de abril de 1950')
    expect(within(form).getByRole('textbox', { name: 'Momentos importantes (opcional)' })).toHaveValue('Boda con Luis\nNacimiento de Ana')
    expect(choices('Padres')).toEqual(['Carmen López (1920–2001) ✓', 'Luis Martín'])
    expect(choices('Cónyuges o parejas')).toEqual(['Carmen López (1920–2001)', 'Luis Martín ✓'])
    // Carmen is Rosa's mother: she cannot also be her child.
    expect(choices('Hijos')).toEqual(['Luis Martín'])
  })

  it('offers no descendant as a parent, and updates the choices as relatives are ticked', async () => {
    const { members } = rosasFamily()
    const grandma = buildMember({ firstName: 'Abuela', lastName: 'Zamora' })
    fakeFamilyApi([...members, grandma])
    const { user, form, choices } = await openEditor('Carmen López')

    expect(choices('Padres')).toEqual(['Luis Martín', 'Abuela Zamora'])
    expect(choices('Hijos')).toEqual(['Rosa Díaz (n. 1950) ✓', 'Luis Martín', 'Abuela Zamora'])
    await user.click(within(within(form).getByRole('group', { name: 'Padres' })).getByRole('checkbox', { name: 'Abuela Zamora' }))
    expect(choices('Hijos')).toEqual(['Rosa Díaz (n. 1950) ✓', 'Luis Martín'])
  })

  it('offers a child who already has two birth parents as adopted, says so, and sends the kind chosen', async () => {
    const [mum, dad, other] = ['Marta', 'Jorge', 'Inés'].map((firstName) => buildMember({ firstName, lastName: 'Gil' }))
    const kid = buildMember({ firstName: 'Leo', lastName: 'Gil', parentMemberIds: [mum!.memberId, dad!.memberId] })
    const api = fakeFamilyApi([mum!, dad!, other!, kid])
    const { user, form } = await openEditor('Inés Gil')

    const leo = within(within(form).getByRole('group', { name: 'Hijos' })).getByRole('checkbox', { name: 'Leo Gil' })
    expect(leo).toHaveAccessibleDescription('(ya tiene 2 padres biológicos)')
    await user.click(leo)
    const kinds = within(form).getByRole('group', { name: 'Vínculo con cada hijo o hija' })
    const kind = within(kinds).getByRole('combobox', { name: 'Vínculo con Leo Gil' })
    expect(kind).toHaveDisplayValue('Adoptivo')
    expect(within(kinds).getByRole('status')).toHaveTextContent('Leo Gil ya tiene 2 padres biológicos: figura como hijo «Adoptivo». Cámbialo si no es así.')

    // A third birth parent is refused on the spot; foster is fine.
    await user.selectOptions(kind, 'Biológico (de nacimiento)')
    expect(within(kinds).getByRole('alert')).toHaveTextContent('Leo Gil ya tiene 2 padres de ese tipo')
    await user.selectOptions(kind, 'De acogida')
    expect(within(kinds).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('button', { name: 'Editar a Inés Gil' })
    expect(api.writes()[0]?.body).toMatchObject({ childrenMemberIds: [kid.memberId], childLinks: [{ childId: kid.memberId, kind: 'foster' }] })
  })

  it('saves the changes, shows them and gives focus back to the edit button', async () => {
    const { luis, rosa, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    const { user, form } = await openEditor('Luis Martín')

    const relationship = within(form).getByRole('textbox', { name: /^Relación contigo/ })
    await user.clear(relationship)
    await user.type(relationship, 'Marido')
    await user.click(within(form).getByRole('checkbox', { name: 'Ha fallecido' }))
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    const editButton = await screen.findByRole('button', { name: 'Editar a Luis Martín' })
    expect(editButton).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('Se guardaron los cambios de Luis Martín.')
    const card = screen.getByRole('article', { name: 'Luis Martín' })
    expect(within(card).getByText('Marido')).toBeInTheDocument()
    expect(within(card).getByText('Fecha desconocida')).toBeInTheDocument()
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/family-tree/members/${luis.memberId}`,
        body: expect.objectContaining({ relationshipToOwner: 'Marido', isDeceased: true, deathDate: null, spouseMemberIds: [rosa.memberId] }),
      },
    ])
  })

  it('names a renamed relative on the other cards at once', async () => {
    fakeFamilyApi(rosasFamily().members)
    const { user, form } = await openEditor('Carmen López')
    const firstName = within(form).getByRole('textbox', { name: 'Nombre' })
    await user.clear(firstName)
    await user.type(firstName, 'Carmela')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    await screen.findByRole('button', { name: 'Editar a Carmela López' })
    expect(within(screen.getByRole('article', { name: 'Rosa Díaz' })).getByText(/Carmela López/)).toBeInTheDocument()
  })

  it('keeps the edits when saving fails, and cancels without saving', async () => {
    const { luis, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    api.answerNext('PATCH', `/api/family-tree/members/${luis.memberId}`, () => errorResponse(500, 'internal'))
    const { user, form } = await openEditor('Luis Martín')

    const lastName = within(form).getByRole('textbox', { name: 'Apellido' })
    await user.type(lastName, ' Ruiz')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Error al guardar el miembro.')
    expect(lastName).toHaveValue('Martín Ruiz')

    await user.click(within(form).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar a Luis Martín' })).toHaveFocus()
    expect(api.writes()).toHaveLength(1)
  })
})

describe('the conversations about a member', () => {
  it('says how many there are and opens them, and says nothing when there are none', async () => {
    fakeFamilyApi([
      buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'López', interviewSegments: ['s1'] }),
      buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Martín', interviewSegments: ['s2', 's3', 's4'] }),
      buildMember({ firstName: 'Ana', lastName: 'Ruiz' }),
    ])
    renderWithProviders(<FamilyTreeManager />)

    const carmen = await screen.findByRole('article', { name: 'Carmen López' })
    expect(within(carmen).getByText(/^Una conversación con Carmen —/)).toBeInTheDocument()
    expect(within(carmen).getByRole('link', { name: 'Ver la conversación sobre Carmen López' })).toHaveAttribute('href', '/interview/carmen')
    const luis = screen.getByRole('article', { name: 'Luis Martín' })
    expect(within(luis).getByText(/^3 conversaciones con Luis —/)).toHaveTextContent('3 conversaciones con Luis — ver')
    expect(within(luis).getByRole('link', { name: 'Ver las 3 conversaciones sobre Luis Martín' })).toHaveAttribute('href', '/interview/luis')
    const ana = screen.getByRole('article', { name: 'Ana Ruiz' })
    expect(within(ana).queryByText(/conversaci/)).not.toBeInTheDocument()
    expect(within(ana).getByRole('link', { name: 'Entrevistar sobre Ana Ruiz' })).toBeInTheDocument()
  })
})
