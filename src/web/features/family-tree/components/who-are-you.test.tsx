import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember } from '../test/fake-family-api.ts'
import { WhoAreYou } from './who-are-you.tsx'

afterEach(() => vi.restoreAllMocks())

const ownCard = buildMember({ firstName: 'Carmen', lastName: 'López', isSelf: true, relationshipToOwner: 'Yo mismo/a' })
const grandmother = buildMember({ firstName: 'Carmen', lastName: 'López', birthDate: '1890' as never, deathDate: '1962' as never, isDeceased: true, sourceId: '@I1@' })
const carmen = buildMember({ firstName: 'Carmen', lastName: 'López Ruiz', birthDate: '1948-05-17' as never, sourceId: '@I2@' })
const rosa = buildMember({ firstName: 'Rosa', lastName: 'García', sourceId: '@I3@' })
const members = [ownCard, grandmother, carmen, rosa]

describe('WhoAreYou', () => {
  it('finds the namesakes of the own card at once, years beside each, and never the card itself', async () => {
    fakeApi(() => jsonResponse(200, {}))
    renderWithProviders(<WhoAreYou members={members} ownCard={ownCard} onDone={vi.fn()} />)
    expect(screen.getByRole('heading', { level: 2, name: '¿Quién eres tú en este árbol?' })).toHaveFocus()
    expect(screen.getByRole('searchbox', { name: 'Busca tu nombre' })).toHaveValue('Carmen López')
    const results = within(screen.getByRole('list', { name: 'Personas con ese nombre' })).getAllByRole('button')
    expect(results.map((button) => button.textContent)).toEqual(['Carmen López (1890–1962)', 'Carmen López Ruiz (nació en 1948)'])
  })

  it('searches by any part of the name, accents aside, and says when nobody matches', async () => {
    fakeApi(() => jsonResponse(200, {}))
    const user = userEvent.setup()
    renderWithProviders(<WhoAreYou members={members} ownCard={undefined} onDone={vi.fn()} />)
    const search = screen.getByRole('searchbox', { name: 'Busca tu nombre' })
    await user.type(search, 'garcia')
    expect(screen.getByRole('button', { name: 'Rosa García (sin fechas)' })).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'Tomás')
    expect(screen.getByText('No hay nadie con ese nombre en el árbol. Prueba solo con tu nombre o tu apellido.')).toBeInTheDocument()
  })

  it('says who the person is on the server, then hands the choice back', async () => {
    const api = fakeApi(({ method, path }) =>
      method === 'POST' && path === `/api/family-tree/members/${carmen.memberId}/is-me`
        ? jsonResponse(200, { member: { ...carmen, isSelf: true } })
        : jsonResponse(200, { tree: null, members: [], unions: [] }),
    )
    const onDone = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<WhoAreYou members={members} ownCard={ownCard} onDone={onDone} />)
    await user.click(screen.getByRole('button', { name: 'Carmen López Ruiz (nació en 1948)' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(carmen))
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', path: `/api/family-tree/members/${carmen.memberId}/is-me`, body: {} }])
  })

  it('lets the person say they are not in the tree', async () => {
    fakeApi(() => jsonResponse(200, {}))
    const onDone = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<WhoAreYou members={members} ownCard={ownCard} onDone={onDone} />)
    await user.click(screen.getByRole('button', { name: 'No estoy en este árbol' }))
    expect(onDone).toHaveBeenCalledWith()
  })
})
