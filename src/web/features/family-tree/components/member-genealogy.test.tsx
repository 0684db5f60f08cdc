import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from 'i18next'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'
import { openAddForm } from '../test/add-form.tsx'
import { asStoredDate, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const grandpa = () => buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Abuelo' })

describe('dates and places as people know them', () => {
  it('takes a date as written with its place, a marriage and notes, and shows them on the card', async () => {
    const api = fakeFamilyApi([grandpa()])
    const { user, form, field } = await openAddForm()
    expect(field(/^Fecha de nacimiento/)).toHaveAccessibleDescription(/hacia 1920, antes de 1948, entre 1920 y 1925/)
    await user.type(field(/^Nombre$/), 'Carmen')
    await user.type(field(/^Apellido$/), 'Ruiz')
    await user.type(field(/^Relación contigo/), 'Abuela')
    await user.type(field(/^Fecha de nacimiento/), 'hacia 1920')
    await user.type(field(/^Lugar de nacimiento/), 'Pasto')
    await user.type(field(/^Notas/), 'Según su partida de bautismo.')
    await user.click(within(within(form).getByRole('group', { name: 'Cónyuges o parejas' })).getByRole('checkbox', { name: 'Luis Díaz' }))
    const marriage = within(form).getByRole('group', { name: 'Matrimonio con Luis Díaz' })
    await user.type(within(marriage).getByRole('textbox', { name: /^Fecha de la boda/ }), 'antes de 1948')
    await user.type(within(marriage).getByRole('textbox', { name: /^Lugar de la boda/ }), 'Ipiales')
    await user.click(within(form).getByRole('button', { name: 'Guardar persona' }))

    const card = await screen.findByRole('article', { name: 'Carmen Ruiz' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        birthDate: 'hacia 1920',
        birthPlace: 'Pasto',
        notes: 'Según su partida de bautismo.',
        spouseMemberIds: ['luis'],
        unions: [{ spouseId: 'luis', marriageDate: 'antes de 1948', marriagePlace: 'Ipiales', isMarried: false, divorceDate: null, divorcePlace: '', notes: '' }],
        language: 'es',
      }),
    )
    expect(within(card).getByText('Nacimiento', { selector: 'dt' }).nextElementSibling).toHaveTextContent('hacia 1920, Pasto')
    expect(within(card).getByText('Cónyuges', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Luis Díaz (antes de 1948, Ipiales)')
    expect(within(card).getByRole('heading', { name: 'Notas' }).nextElementSibling).toHaveTextContent('Según su partida de bautismo.')
    const luis = screen.getByRole('article', { name: 'Luis Díaz' })
    expect(within(luis).getByText('Cónyuges', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Carmen Ruiz (antes de 1948, Ipiales)')
  })

  it('shows the same stored date in the reader’s language', async () => {
    fakeFamilyApi([
      buildMember({
        firstName: 'Carmen',
        lastName: 'Ruiz',
        birthDate: asStoredDate('ABT 1920'),
        birthPlace: 'Pasto',
        isDeceased: true,
        deathDate: asStoredDate('BET 1990 AND 1995'),
      }),
    ])
    for (const [language, born, died] of [
      ['es', 'hacia 1920, Pasto', 'entre 1990 y 1995'],
      ['en', 'circa 1920, Pasto', 'between 1990 and 1995'],
      ['fr', 'vers 1920, Pasto', 'entre 1990 et 1995'],
    ] as const) {
      await i18n.changeLanguage(language)
      const view = renderWithProviders(<FamilyTreeManager />)
      const card = await screen.findByRole('article', { name: 'Carmen Ruiz' })
      const facts = [...within(card).getAllByRole('definition')].map((dd) => dd.textContent)
      expect(facts).toEqual(expect.arrayContaining([born, died]))
      view.unmount()
    }
  })

  it('refuses a range written back to front before sending, next to the field', async () => {
    const api = fakeFamilyApi([])
    const { user, form, field } = await openAddForm()
    await user.type(field(/^Nombre$/), 'Ana')
    await user.type(field(/^Apellido$/), 'Paz')
    await user.type(field(/^Relación contigo/), 'Tía')
    await user.type(field(/^Fecha de nacimiento/), 'entre 1925 y 1920')
    await user.click(within(form).getByRole('button', { name: 'Guardar persona' }))
    expect(field(/^Fecha de nacimiento/)).toHaveAccessibleDescription(/El final del intervalo es anterior a su comienzo/)
    expect(api.writes()).toEqual([])
  })

  /** Carmen's form open, she married to grandpa Luis (`marriage`), and her marriage's fields. */
  async function editCarmen(marriage: { marriageDate: StoredGenealogyDate; marriagePlace: string }) {
    const carmen = buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', spouseMemberIds: ['luis'], unionIds: ['u1'] })
    const union = {
      unionId: 'u1',
      firstPartnerId: 'luis',
      secondPartnerId: 'carmen',
      ...marriage,
      isMarried: true,
      marriageDateSortKey: 1,
      divorceDate: null,
      divorcePlace: '',
      notes: '',
      sourceId: null,
      position: 0,
      children: [],
    }
    const api = fakeFamilyApi([grandpa(), carmen], [union])
    const user = userEvent.setup()
    renderWithProviders(<FamilyTreeManager />)
    await user.click(await screen.findByRole('button', { name: 'Editar a Carmen Ruiz' }))
    const form = await screen.findByRole('form', { name: 'Editar a Carmen Ruiz' })
    return { api, user, form, marriage: within(form).getByRole('group', { name: 'Matrimonio con Luis Díaz' }) }
  }

  it('refuses a divorce dated before the wedding beside the divorce date, without a request', async () => {
    const { api, user, form, marriage } = await editCarmen({ marriageDate: asStoredDate('1945'), marriagePlace: '' })
    const divorce = within(marriage).getByRole('textbox', { name: /^Fecha del divorcio/ })
    await user.type(divorce, 'mayo de 1944')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    expect(divorce).toHaveAccessibleDescription(/La fecha del divorcio no puede ser anterior a la boda\.$/)
    expect(api.writes()).toEqual([])
  })

  it('opens an edit with the marriage’s date in the reader’s words and keeps the union it edits', async () => {
    const { api, user, form, marriage } = await editCarmen({ marriageDate: asStoredDate('ABT 1945'), marriagePlace: 'Ipiales' })
    const date = within(marriage).getByRole('textbox', { name: /^Fecha de la boda/ })
    expect(date).toHaveValue('hacia 1945')
    await user.clear(date)
    await user.type(date, '3 de marzo de 1945')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    await screen.findByRole('article', { name: 'Carmen Ruiz' })
    expect(api.writes()[0]?.body).toEqual(
      expect.objectContaining({
        unions: [
          {
            unionId: 'u1',
            spouseId: 'luis',
            marriageDate: asStoredDate('3 de marzo de 1945'),
            marriagePlace: 'Ipiales',
            isMarried: true,
            divorceDate: null,
            divorcePlace: '',
            notes: '',
          },
        ],
      }),
    )
  })
})
