import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Union } from '../../../../shared/contracts/family-tree.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, errorResponse, fakeFamilyApi } from '../test/fake-family-api.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const union = (overrides: Partial<Union> & Pick<Union, 'unionId'>): Union => ({
  firstPartnerId: null,
  secondPartnerId: null,
  marriageDate: null,
  marriageDateSortKey: null,
  marriagePlace: '',
  isMarried: false,
  divorceDate: null,
  divorcePlace: '',
  notes: '',
  sourceId: null,
  position: 0,
  children: [],
  ...overrides,
})

/**
 * As a GEDCOM import leaves them: Ana born to Pedro and María, adopted by Luis and Marta; Luis
 * married Rosa (divorced, with notes) and then Marta; Marta alone with her son Tomás. No one has a
 * stated relationship to the owner.
 */
function importedFamily() {
  const imported = (memberId: string, firstName: string, lastName: string, extra = {}) =>
    buildMember({ memberId, firstName, lastName, relationshipToOwner: '', sourceId: `@${memberId}@`, ...extra })
  const members = [
    imported('luis', 'Luis', 'Díaz', { unionIds: ['f1', 'f2'], spouseMemberIds: ['rosa', 'marta'] }),
    imported('rosa', 'Rosa', 'Gil', { unionIds: ['f1'], spouseMemberIds: ['luis'] }),
    imported('marta', 'Marta', 'Paz', { unionIds: ['f2', 'f4'], spouseMemberIds: ['luis'] }),
    imported('pedro', 'Pedro', 'Ruiz'),
    imported('maria', 'María', 'Vega'),
    imported('ana', 'Ana', 'Ruiz', {
      gender: 'Femenino',
      parentMemberIds: ['pedro', 'maria', 'luis', 'marta'],
      parentLinks: [
        { parentId: 'pedro', unionId: 'f3', kind: 'birth' },
        { parentId: 'maria', unionId: 'f3', kind: 'birth' },
        { parentId: 'luis', unionId: 'f2', kind: 'adopted' },
        { parentId: 'marta', unionId: 'f2', kind: 'adopted' },
      ],
    }),
    imported('tomas', 'Tomás', 'Paz', { parentMemberIds: ['marta'] }),
  ]
  const unions = [
    union({
      unionId: 'f1',
      firstPartnerId: 'luis',
      secondPartnerId: 'rosa',
      marriageDate: asStoredDate('1950'),
      marriagePlace: 'Pasto',
      divorceDate: asStoredDate('ABT 1962'),
      divorcePlace: 'Quito',
      notes: 'Se separaron en paz.',
      sourceId: 'F1',
    }),
    union({ unionId: 'f2', firstPartnerId: 'luis', secondPartnerId: 'marta', marriageDate: asStoredDate('1965-03-03'), marriagePlace: 'Cali', position: 1, sourceId: 'F2' }),
    union({ unionId: 'f4', firstPartnerId: null, secondPartnerId: 'marta', position: 1, sourceId: 'F4', children: [{ childId: 'tomas', kind: 'birth' }] }),
  ]
  return { members, unions }
}

const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling

async function openEditor(name: string) {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: new RegExp(`^(Editar a|Edit) ${name}$`) }))
  const form = await screen.findByRole('form', { name: new RegExp(name) })
  return { user, form }
}

describe('parent kinds and divorces in the member form', () => {
  it('shows parents by kind, adopted children and a divorce on the cards, and each stored kind in the form', async () => {
    const { members, unions } = importedFamily()
    fakeFamilyApi(members, unions)
    renderWithProviders(<FamilyTreeManager />)

    const ana = await screen.findByRole('article', { name: 'Ana Ruiz' })
    expect(fact(ana, 'Padres biológicos')).toHaveTextContent('Pedro Ruiz, María Vega')
    expect(fact(ana, 'Padres adoptivos')).toHaveTextContent('Luis Díaz, Marta Paz')
    const luis = screen.getByRole('article', { name: 'Luis Díaz' })
    expect(fact(luis, 'Hijos')).toHaveTextContent('Ana Ruiz (por adopción)')
    expect(fact(luis, 'Cónyuges')).toHaveTextContent('Rosa Gil (1950, Pasto; divorcio: hacia 1962, Quito), Marta Paz (3 de marzo de 1965, Cali)')
    // The couple's notes show on both partners' cards, under a heading that names the other.
    expect(within(luis).getByRole('heading', { name: 'Notas sobre la pareja con Rosa Gil' }).nextElementSibling).toHaveTextContent('Se separaron en paz.')
    expect(within(screen.getByRole('article', { name: 'Rosa Gil' })).getByRole('heading', { name: 'Notas sobre la pareja con Luis Díaz' })).toBeInTheDocument()
    expect(within(luis).queryByRole('heading', { name: /con Marta Paz/ })).not.toBeInTheDocument()
    // Birth parents alone keep the plain word.
    expect(fact(screen.getByRole('article', { name: 'Tomás Paz' }), 'Padres')).toHaveTextContent('Marta Paz')

    const { form } = await openEditor('Ana Ruiz')
    const kinds = within(form).getByRole('group', { name: 'Vínculo con cada padre o madre' })
    for (const [name, kind] of [
      ['Pedro Ruiz', 'Biológico (de nacimiento)'],
      ['María Vega', 'Biológico (de nacimiento)'],
      ['Luis Díaz', 'Adoptivo'],
      ['Marta Paz', 'Adoptivo'],
    ]) {
      expect(within(kinds).getByRole('combobox', { name: `Vínculo con ${name}` })).toHaveDisplayValue(kind!)
    }
    expect(within(kinds).getAllByRole('option', { name: 'De acogida' })).toHaveLength(4)
  })

  it('saves an imported person’s form without losing a family, a kind, a divorce or the notes', async () => {
    const { members, unions } = importedFamily()
    const api = fakeFamilyApi(members, unions)
    renderWithProviders(<FamilyTreeManager />)
    const { user, form } = await openEditor('Luis Díaz')
    // An imported relative may keep an unsaid relationship to the owner.
    expect(within(form).getByRole('textbox', { name: /^Relación contigo/ })).toHaveValue('')
    const first = within(form).getByRole('group', { name: 'Matrimonio con Rosa Gil' })
    expect(within(first).getByRole('textbox', { name: /^Fecha del divorcio/ })).toHaveValue('hacia 1962')
    expect(within(first).getByRole('textbox', { name: /^Lugar del divorcio/ })).toHaveValue('Quito')
    expect(within(first).getByRole('textbox', { name: /^Notas sobre la pareja/ })).toHaveValue('Se separaron en paz.')
    await user.type(within(form).getByRole('textbox', { name: 'Nombre' }), ' Alberto')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('article', { name: 'Luis Alberto Díaz' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        firstName: 'Luis Alberto',
        relationshipToOwner: '',
        unions: [
          {
            unionId: 'f1',
            spouseId: 'rosa',
            marriageDate: asStoredDate('1950'),
            marriagePlace: 'Pasto',
            isMarried: false,
            divorceDate: asStoredDate('hacia 1962'),
            divorcePlace: 'Quito',
            notes: 'Se separaron en paz.',
          },
          {
            unionId: 'f2',
            spouseId: 'marta',
            marriageDate: asStoredDate('3 de marzo de 1965'),
            marriagePlace: 'Cali',
            isMarried: false,
            divorceDate: null,
            divorcePlace: '',
            notes: '',
          },
        ],
        childrenMemberIds: ['ana'],
      }),
    )

    // Marta's one-parent family with Tomás travels with her form, and Ana's kinds with hers.
    const marta = await openEditor('Marta Paz')
    await marta.user.click(within(marta.form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('button', { name: 'Editar a Marta Paz' })
    const martaUnions = (api.writes()[1]?.body as { unions: object[] }).unions
    expect(martaUnions).toHaveLength(2)
    expect(martaUnions).toEqual(expect.arrayContaining([expect.objectContaining({ unionId: 'f2', spouseId: 'luis' }), expect.objectContaining({ unionId: 'f4', spouseId: null })]))
    const ana = await openEditor('Ana Ruiz')
    await ana.user.click(within(ana.form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('button', { name: 'Editar a Ana Ruiz' })
    expect(api.writes()[2]?.body).toEqual(
      expect.objectContaining({
        parentLinks: [
          { parentId: 'pedro', kind: 'birth' },
          { parentId: 'maria', kind: 'birth' },
          { parentId: 'luis', kind: 'adopted' },
          { parentId: 'marta', kind: 'adopted' },
        ],
      }),
    )
  })

  it('shows a step-father as one on the cards, offers the kind in the form and saves it as step', async () => {
    const { members, unions } = importedFamily()
    // Tomás, Marta's son, raised by her husband Luis.
    const tomas = members.find((member) => member.memberId === 'tomas')!
    tomas.parentMemberIds = ['marta', 'luis']
    tomas.parentLinks = [
      { parentId: 'marta', unionId: 'f2', kind: 'birth' },
      { parentId: 'luis', unionId: 'f2', kind: 'step' },
    ]
    const api = fakeFamilyApi(members, unions)
    renderWithProviders(<FamilyTreeManager />)

    const card = await screen.findByRole('article', { name: 'Tomás Paz' })
    expect(fact(card, 'Padres biológicos')).toHaveTextContent('Marta Paz')
    expect(fact(card, 'Padrastros')).toHaveTextContent('Luis Díaz')
    expect(fact(screen.getByRole('article', { name: 'Luis Díaz' }), 'Hijos')).toHaveTextContent('Tomás Paz (hijastro/a)')

    const { user, form } = await openEditor('Tomás Paz')
    const kinds = within(form).getByRole('group', { name: 'Vínculo con cada padre o madre' })
    expect(within(kinds).getByRole('combobox', { name: 'Vínculo con Luis Díaz' })).toHaveDisplayValue('Por afinidad (padrastro, madrastra, hijastro/a)')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('button', { name: 'Editar a Tomás Paz' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        parentLinks: [
          { parentId: 'marta', kind: 'birth' },
          { parentId: 'luis', kind: 'step' },
        ],
      }),
    )
  })

  it('tells a marriage with no date or place from partners on the cards, and marks a marriage in the form', async () => {
    const { members, unions } = importedFamily()
    // Luis and Marta married, nobody knows when or where; Marta and Tomás's father were partners.
    const f2 = unions.find((u) => u.unionId === 'f2')!
    Object.assign(f2, { marriageDate: null, marriagePlace: '', isMarried: true })
    const pedro = members.find((m) => m.memberId === 'pedro')!
    pedro.spouseMemberIds = ['maria']
    const maria = members.find((m) => m.memberId === 'maria')!
    maria.spouseMemberIds = ['pedro']
    unions.push(union({ unionId: 'f3', firstPartnerId: 'pedro', secondPartnerId: 'maria', sourceId: 'F3' }))
    pedro.unionIds = ['f3']
    maria.unionIds = ['f3']
    const api = fakeFamilyApi(members, unions)
    renderWithProviders(<FamilyTreeManager />)

    const marta = await screen.findByRole('article', { name: 'Marta Paz' })
    expect(fact(marta, 'Cónyuges')).toHaveTextContent('Luis Díaz (casados)')
    expect(fact(screen.getByRole('article', { name: 'Pedro Ruiz' }), 'Cónyuges')).toHaveTextContent('María Vega (pareja)')

    const { user, form } = await openEditor('Pedro Ruiz')
    const couple = within(form).getByRole('group', { name: 'Matrimonio con María Vega' })
    const married = within(couple).getByRole('checkbox', { name: 'Se casaron' })
    expect(married).not.toBeChecked()
    await user.click(married)
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByRole('article', { name: 'Pedro Ruiz' })).toBeInTheDocument()
    expect(api.writes()[0]?.body).toEqual(expect.objectContaining({ unions: [expect.objectContaining({ unionId: 'f3', spouseId: 'maria', isMarried: true, marriageDate: null })] }))
    await waitFor(() => expect(fact(screen.getByRole('article', { name: 'Pedro Ruiz' }), 'Cónyuges')).toHaveTextContent('María Vega (casados)'))
  })

  it('records an adoptive father and a divorce in English, and shows them in English', async () => {
    await i18n.changeLanguage('en')
    const [luis, rosa] = [
      buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Grandfather' }),
      buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Gil', relationshipToOwner: 'Grandmother' }),
    ]
    const api = fakeFamilyApi([luis!, rosa!])
    renderWithProviders(<FamilyTreeManager />)
    const user = userEvent.setup()
    const add = await screen.findByRole('button', { name: 'Add person' })
    // The form opens once everyone's names have come: it offers them as relatives.
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'false'))
    await user.click(add)
    const form = screen.getByRole('form', { name: 'Add person' })
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Ana')
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Ruiz')
    await user.type(within(form).getByRole('textbox', { name: /^Relationship to you/ }), 'Mother')
    await user.click(within(within(form).getByRole('group', { name: 'Parents' })).getByRole('checkbox', { name: 'Luis Díaz' }))
    const kinds = within(form).getByRole('group', { name: 'Link with each parent' })
    await user.selectOptions(within(kinds).getByRole('combobox', { name: 'Link with Luis Díaz' }), 'Adoptive')
    await user.click(within(within(form).getByRole('group', { name: 'Spouses or partners' })).getByRole('checkbox', { name: 'Rosa Gil' }))
    const marriage = within(form).getByRole('group', { name: /Rosa Gil/ })
    await user.type(within(marriage).getByRole('textbox', { name: /^Date of divorce/ }), 'about 1962')
    await user.type(within(marriage).getByRole('textbox', { name: /^Place of divorce/ }), 'Quito')
    await user.type(within(marriage).getByRole('textbox', { name: /^Notes about the couple/ }), 'They stayed friends.')
    await user.click(within(form).getByRole('button', { name: 'Save person' }))

    const ana = await screen.findByRole('article', { name: 'Ana Ruiz' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        parentLinks: [{ parentId: 'luis', kind: 'adopted' }],
        unions: [
          {
            spouseId: 'rosa',
            marriageDate: null,
            marriagePlace: '',
            isMarried: false,
            divorceDate: asStoredDate('about 1962'),
            divorcePlace: 'Quito',
            notes: 'They stayed friends.',
          },
        ],
        language: 'en',
      }),
    )
    expect(fact(ana, 'Adoptive parents')).toHaveTextContent('Luis Díaz')
    expect(fact(ana, 'Spouses')).toHaveTextContent('Rosa Gil (divorced: circa 1962, Quito)')
    expect(fact(screen.getByRole('article', { name: 'Luis Díaz' }), 'Children')).toHaveTextContent('Ana Ruiz (adopted)')
  })

  it('puts the server’s issues on a divorce date and on the parents’ kinds beside them', async () => {
    const { members, unions } = importedFamily()
    const api = fakeFamilyApi(members, unions)
    api.answerNext('PATCH', '/api/family-tree/members/luis', () =>
      errorResponse(400, 'validation_failed', [
        { path: 'unions.0.divorceDate', code: 'member.date_range_reversed' },
        { path: 'parentLinks.0.kind', code: 'validation.invalid' },
      ]),
    )
    renderWithProviders(<FamilyTreeManager />)
    const { user, form } = await openEditor('Luis Díaz')
    await user.click(within(within(form).getByRole('group', { name: /^Padres/ })).getByRole('checkbox', { name: 'Pedro Ruiz' }))
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    const divorce = within(within(form).getByRole('group', { name: 'Matrimonio con Rosa Gil' })).getByRole('textbox', { name: /^Fecha del divorcio/ })
    await waitFor(() => expect(divorce).toHaveAccessibleDescription(/El final del intervalo es anterior a su comienzo/))
    expect(divorce).toHaveFocus()
    const kinds = within(form).getByRole('group', { name: 'Vínculo con cada padre o madre' })
    expect(within(kinds).getByRole('alert')).toHaveTextContent('Este valor no es válido.')
  })
})
