import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildMember, errorResponse, fakeFamilyApi } from '../test/fake-family-api.ts'
import { deferred } from '../../../test/http.ts'
import { rosasFamily } from '../test/family.ts'
import { openAddForm } from '../test/add-form.tsx'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const required = 'Por favor, completa al menos el nombre y el apellido.'

describe('adding a person', () => {
  it('opens with the cursor in the first name; cancelling gives focus back to the add button', async () => {
    fakeFamilyApi([])
    const { user, addButton, firstName, form } = await openAddForm()
    expect(addButton).toHaveAttribute('aria-expanded', 'true')
    expect(firstName).toHaveFocus()
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(addButton).toHaveFocus()
  })

  it('refuses missing names with the spec’s message, beside the fields, without a request', async () => {
    const api = fakeFamilyApi([])
    const { user, firstName, lastName, save } = await openAddForm()
    await user.type(lastName, '   ')
    await user.click(save)

    for (const field of [firstName, lastName]) {
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(required)
    }
    expect(firstName).toHaveFocus()
    expect(api.writes()).toEqual([])
  })

  it('requires the relationship unless the profile represents the user, which hides it and sends isSelf', async () => {
    const api = fakeFamilyApi([])
    const { user, addButton, firstName, lastName, relationship, isSelf, save } = await openAddForm()
    await user.type(firstName, ' Rosa ')
    await user.type(lastName, 'Díaz')
    await user.click(save)
    expect(relationship()).toHaveAccessibleDescription(/Por favor, especifica la relación o marca la casilla "Este perfil me representa"\.$/)
    expect(api.writes()).toEqual([])

    await user.click(isSelf)
    expect(relationship()).not.toBeInTheDocument()
    await user.click(save)

    expect(await screen.findByRole('status')).toHaveTextContent('Rosa Díaz ya forma parte de tu árbol.')
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/family-tree/members',
        body: expect.objectContaining({ firstName: 'Rosa', lastName: 'Díaz', isSelf: true, relationshipToOwner: 'Yo mismo/a' }),
      },
    ])
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(addButton).toHaveFocus()
    // The list follows the new index in a transition, just after the message.
    expect(within(await screen.findByRole('article', { name: 'Rosa Díaz' })).getByText('Yo')).toBeInTheDocument()
  })

  it('cannot mark a second person as the user, and says who already is', async () => {
    fakeFamilyApi(rosasFamily().members)
    const { isSelf, relationship } = await openAddForm()
    expect(isSelf).toBeDisabled()
    expect(isSelf).toHaveAccessibleDescription('Ya hay un perfil que te representa: Rosa Díaz.')
    expect(relationship()).toBeInTheDocument()
  })

  it('shows the death date only for someone who has passed away, and forgets it when unticked', async () => {
    const api = fakeFamilyApi([])
    const { user, form, firstName, lastName, relationship, isDeceased, save } = await openAddForm()
    const deathDate = () => within(form).queryByLabelText(/^Fecha de fallecimiento/)
    expect(deathDate()).not.toBeInTheDocument()

    await user.click(isDeceased)
    await user.type(deathDate()!, '2001-11-30')
    await user.click(isDeceased)
    expect(deathDate()).not.toBeInTheDocument()
    await user.click(isDeceased)
    expect(deathDate()).toHaveValue('')

    await user.type(within(form).getByLabelText(/^Fecha de nacimiento/), '1920-01-05')
    await user.type(deathDate()!, '1919-01-01')
    await user.type(firstName, 'Carmen')
    await user.type(lastName, 'López')
    await user.type(relationship()!, 'Madre')
    await user.click(save)
    expect(deathDate()).toHaveAccessibleDescription(
      'Como la sepas: 17 de mayo de 1948, mayo de 1948, 1948, hacia 1920, antes de 1948, entre 1920 y 1925. La fecha de fallecimiento no puede ser anterior al nacimiento.',
    )
    expect(api.writes()).toEqual([])

    await user.click(isDeceased)
    await user.click(save)
    await screen.findByRole('article', { name: 'Carmen López' })
    expect(api.writes()[0]?.body).toEqual(expect.objectContaining({ isDeceased: false, birthDate: '1920-01-05', deathDate: null, language: 'es' }))
  })

  it('takes a third parent as an adoptive one and says so, and refuses three of one kind before sending', async () => {
    const [ana, luis, pedro] = [
      buildMember({ firstName: 'Ana', lastName: 'Ruiz' }),
      buildMember({ firstName: 'Luis', lastName: 'Soto' }),
      buildMember({ firstName: 'Pedro', lastName: 'Vega' }),
    ]
    const api = fakeFamilyApi([ana!, luis!, pedro!])
    const { user, form, firstName, lastName, relationship, save, group } = await openAddForm()
    await user.type(firstName, 'Eva')
    await user.type(lastName, 'Soto')
    await user.type(relationship()!, 'Prima')
    const parents = group('Padres')
    expect(parents).toHaveAccessibleDescription('Hasta 2 de cada tipo: por ejemplo, sus padres biológicos y sus padres adoptivos.')

    await user.click(within(parents).getByRole('checkbox', { name: 'Ana Ruiz' }))
    await user.click(within(parents).getByRole('checkbox', { name: 'Luis Soto' }))
    const kinds = group('Vínculo con cada padre o madre')
    expect(within(kinds).getByRole('combobox', { name: 'Vínculo con Ana Ruiz' })).toHaveDisplayValue('Biológico (de nacimiento)')
    await user.click(within(parents).getByRole('checkbox', { name: 'Pedro Vega' }))
    const third = within(kinds).getByRole('combobox', { name: 'Vínculo con Pedro Vega' })
    expect(third).toHaveDisplayValue('Adoptivo')
    expect(within(kinds).getByRole('status')).toHaveTextContent('Como ya hay 2 padres biológicos, Pedro Vega figura como «Adoptivo». Cámbialo si no es así.')

    // Back to "by birth": the rule is said at once, and nothing is sent.
    await user.selectOptions(third, 'Biológico (de nacimiento)')
    expect(within(kinds).getByRole('alert')).toHaveTextContent('Puedes elegir como máximo 2 padres de cada tipo (biológicos, adoptivos, de acogida…).')
    expect(kinds).toHaveAccessibleDescription(/Puedes elegir como máximo 2 padres de cada tipo/)
    await user.click(save)
    expect(api.writes()).toEqual([])
    expect(within(kinds).getByRole('combobox', { name: 'Vínculo con Ana Ruiz' })).toHaveFocus()

    await user.selectOptions(third, 'De acogida')
    expect(within(kinds).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(save)
    await screen.findByRole('article', { name: 'Eva Soto' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        parentLinks: [
          { parentId: ana!.memberId, kind: 'birth' },
          { parentId: luis!.memberId, kind: 'birth' },
          { parentId: pedro!.memberId, kind: 'foster' },
        ],
      }),
    )
    expect(form).not.toBeInTheDocument()
  })

  it('sends every field, with the relatives chosen, and shows the links on both sides', async () => {
    const { rosa, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    const { user, form, firstName, lastName, relationship, save, group } = await openAddForm()
    await user.type(firstName, 'Ana')
    await user.type(lastName, 'Díaz')
    await user.type(relationship()!, 'Hija')
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Género (opcional)' }), 'Femenino')
    await user.type(within(form).getByRole('textbox', { name: 'Breve biografía (opcional)' }), 'Médica.')
    await user.type(within(form).getByRole('textbox', { name: 'Momentos importantes (opcional)' }), 'Grado{enter}{enter} Boda ')
    await user.click(within(group('Padres')).getByRole('checkbox', { name: 'Rosa Díaz (n. 1950)' }))
    expect(within(group('Hijos')).queryByRole('checkbox', { name: 'Rosa Díaz (n. 1950)' })).not.toBeInTheDocument()
    await user.click(save)

    const ana = await screen.findByRole('article', { name: 'Ana Díaz' })
    expect(api.writes()[0]?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Díaz',
      isSelf: false,
      relationshipToOwner: 'Hija',
      isDeceased: false,
      birthDate: null,
      birthPlace: '',
      deathDate: null,
      deathPlace: '',
      gender: 'Femenino',
      bioSummary: 'Médica.',
      keyLifeEvents: ['Grado', 'Boda'],
      notes: '',
      parentMemberIds: [rosa.memberId],
      parentLinks: [{ parentId: rosa.memberId, kind: 'birth' }],
      spouseMemberIds: [],
      unions: [],
      childrenMemberIds: [],
      childLinks: [],
      language: 'es',
    })
    expect(within(ana).getByText('Rosa Díaz', { selector: 'dd' })).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Rosa Díaz' })).getByText('Hijos', { selector: 'dt' })).toBeInTheDocument()
  })

  it('shows that it is saving, does not send twice, and keeps everything when saving fails', async () => {
    const api = fakeFamilyApi([])
    const answer = deferred<Response>()
    api.answerNext('POST', '/api/family-tree/members', () => answer.promise)
    const { user, firstName, lastName, isSelf, save } = await openAddForm()
    await user.type(firstName, 'Rosa')
    await user.type(lastName, 'Díaz')
    await user.click(isSelf)
    await user.click(save)

    const pending = await screen.findByRole('button', { name: 'Guardando...' })
    expect(pending).toHaveAttribute('aria-disabled', 'true')
    await user.click(pending)
    expect(api.writes()).toHaveLength(1)

    answer.resolve(errorResponse(500, 'internal'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar el miembro.')
    expect(firstName).toHaveValue('Rosa')
    expect(lastName).toHaveValue('Díaz')
    expect(isSelf).toBeChecked()
    expect(screen.getByRole('button', { name: 'Guardar persona' })).toBeInTheDocument()
  })

  it('shows the server’s field issues, with their values, beside their fields or in the summary', async () => {
    const members = [buildMember({ firstName: 'Ana', lastName: 'Ruiz' }), buildMember({ firstName: 'Luis', lastName: 'Soto' })]
    const api = fakeFamilyApi(members)
    api.answerNext('POST', '/api/family-tree/members', () =>
      errorResponse(400, 'validation_failed', [
        { path: 'parentMemberIds', code: 'member.cycle', params: { names: 'Ana → Luis → Ana' } },
        { path: 'tree', code: 'member.unknown_relative' },
      ]),
    )
    const { user, firstName, lastName, relationship, save, group } = await openAddForm()
    await user.type(firstName, 'Eva')
    await user.type(lastName, 'Ruiz')
    await user.type(relationship()!, 'Prima')
    await user.click(within(group('Padres')).getByRole('checkbox', { name: 'Ana Ruiz' }))
    await user.click(save)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error al guardar el miembro. Revisa los datos marcados e inténtalo de nuevo.')
    expect(alert).toHaveTextContent('Esa persona no está en tu árbol.')
    expect(group('Padres')).toHaveAccessibleDescription(
      'Hasta 2 de cada tipo: por ejemplo, sus padres biológicos y sus padres adoptivos. Con este cambio, una persona sería su propio antepasado: Ana → Luis → Ana.',
    )
    expect(within(group('Padres')).getByRole('checkbox', { name: 'Ana Ruiz' })).toHaveFocus()
    expect(firstName).toHaveValue('Eva')
  })
})

describe('choosing relatives', () => {
  it('tells people of the same name apart by their years and places', async () => {
    const elizabeth = (birth: string, death: string, place: string) =>
      buildMember({
        firstName: 'Elizabeth',
        lastName: 'Smith',
        relationshipToOwner: '',
        isDeceased: true,
        birthDate: asStoredDate(birth),
        deathDate: asStoredDate(death),
        birthPlace: place,
      })
    fakeFamilyApi([elizabeth('1820', '1890', 'Boston'), elizabeth('1851', '1920', 'Salem'), buildMember({ firstName: 'Elizabeth', lastName: '____', relationshipToOwner: '' })])
    const { group } = await openAddForm()
    expect(
      within(group('Padres'))
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)
        .sort(),
    ).toEqual(['Elizabeth (apellido desconocido)', 'Elizabeth Smith (1820–1890, Boston)', 'Elizabeth Smith (1851–1920, Salem)'])
  })
})
