import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { pretendTouchScreen } from '../../../test/touch-screen.ts'
import { FamilyChartBody } from '../chart/family-chart-section.tsx'
import { fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The tree page's working area with the chart in its slot, as the route composes them. */
async function renderPage(family = rosasFamily(), route = '/family-tree') {
  const user = userEvent.setup()
  const api = fakeFamilyApi(family.members)
  renderWithProviders(<FamilyTreeManager renderChart={(members, hooks) => <FamilyChartBody members={members} hooks={hooks} />} />, { route })
  await screen.findByRole('group', { name: /^Árbol familiar de / })
  return { user, api }
}

const chart = () => screen.getByRole('group', { name: /^Árbol familiar de / })
const person = (name: RegExp) => within(chart()).getByRole('button', { name })

describe('the chart on the tree page', () => {
  it('opens the card of a person chosen in it, centres on them from the card, and gives the keyboard back on closing', async () => {
    const { user } = await renderPage()
    expect(chart()).toHaveAccessibleName('Árbol familiar de Rosa Díaz')
    await user.click(person(/^Carmen López/))

    const opened = screen.getByRole('region', { name: 'La ficha de Carmen López, abierta desde el árbol' })
    const heading = within(opened).getByRole('heading', { name: 'Carmen López' })
    expect(heading).toHaveFocus()
    expect(within(opened).getByRole('link', { name: 'Entrevistar sobre Carmen López' })).toBeInTheDocument()
    // Opening is not centring: the chart still shows Rosa's family.
    expect(chart()).toHaveAccessibleName('Árbol familiar de Rosa Díaz')

    await user.click(within(opened).getByRole('button', { name: 'Centrar aquí a Carmen López' }))
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Carmen López'))
    await waitFor(() => expect(person(/^Carmen López/)).toHaveFocus())

    await user.click(within(opened).getByRole('button', { name: 'Cerrar la ficha de Carmen López' }))
    expect(screen.queryByRole('region', { name: /abierta desde el árbol/ })).not.toBeInTheDocument()
    expect(person(/^Carmen López/)).toHaveFocus()
  })

  it('opens the card a link names (/family-tree?member=…), as the dashboard’s news links to it', async () => {
    const family = rosasFamily()
    const carmen = family.members.find((member) => member.firstName === 'Carmen')!
    await renderPage(family, `/family-tree?member=${carmen.memberId}`)
    const opened = await screen.findByRole('region', { name: 'La ficha de Carmen López, abierta desde el árbol' })
    expect(within(opened).getByRole('heading', { name: 'Carmen López' })).toHaveFocus()
  })

  it('opens a card with Enter, and says so in its keyboard help', async () => {
    const { user } = await renderPage()
    expect(chart()).toHaveAccessibleDescription(/Intro abre su ficha/)
    person(/^Rosa Díaz/).focus()
    await user.keyboard('{ArrowUp}{Enter}')
    expect(within(screen.getByRole('region', { name: 'La ficha de Carmen López, abierta desde el árbol' })).getByRole('heading', { name: 'Carmen López' })).toHaveFocus()
  })

  it('offers the centre person’s missing father and a child, and opens the form already linked', async () => {
    const family = rosasFamily()
    const { user, api } = await renderPage(family)
    const add = screen.getByRole('group', { name: 'Añadir a la familia de Rosa Díaz' })
    // Rosa has her mother in the tree: only her father and a child are offered.
    expect(
      within(add)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Añadir padre', 'Añadir hijo/a'])

    await user.click(within(add).getByRole('button', { name: 'Añadir padre a Rosa Díaz' }))
    const form = await screen.findByRole('form', { name: 'Añadir el padre de Rosa Díaz' })
    expect(within(form).getByRole('textbox', { name: /^Relación contigo/ })).toHaveValue('Padre')
    expect(within(within(form).getByRole('group', { name: 'Hijos' })).getByRole('checkbox', { name: /^Rosa Díaz/ })).toBeChecked()
    // Already linked: nothing more to offer for the word "Padre".
    expect(within(form).queryByRole('group', { name: /¿Enlazar/ })).not.toBeInTheDocument()

    await user.type(within(form).getByRole('textbox', { name: 'Nombre' }), 'Pedro')
    await user.type(within(form).getByRole('textbox', { name: 'Apellido' }), 'Díaz')
    await user.click(within(form).getByRole('button', { name: 'Guardar persona' }))
    await screen.findByText('Pedro Díaz ya forma parte de tu árbol.')
    // (The gender chosen for him is checked in a browser: happy-dom's select drops a value set before its first paint.)
    expect(api.writes()[0]?.body).toMatchObject({ relationshipToOwner: 'Padre', childLinks: [{ childId: family.rosa.memberId, kind: 'birth' }] })
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Añadir a la familia de Rosa Díaz' })).queryByRole('button', { name: /padre/ })).not.toBeInTheDocument())
  })

  it('speaks of touch on a touch screen', async () => {
    pretendTouchScreen()
    await renderPage()
    expect(chart()).toHaveAccessibleDescription(/^Toca una persona para abrir su ficha\..*pellizca con dos dedos para acercarlo o alejarlo/)
    expect(chart()).not.toHaveAccessibleDescription(/teclado|rueda|ratón/)
  })

  it('shows the first photo of a person as their portrait, on their card and in their box, fetched lazily', async () => {
    const family = rosasFamily()
    const carmen = { ...family.carmen, portraitURL: '/api/media/foto-1/thumbnail' }
    await renderPage({ ...family, members: [family.rosa, carmen, family.luis] })
    const inChart = person(/^Carmen López/).querySelector('img')
    expect(inChart).toHaveAttribute('src', '/api/media/foto-1/thumbnail')
    expect(inChart).toHaveAttribute('loading', 'lazy')
    const card = await screen.findByRole('article', { name: 'Carmen López' })
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/media/foto-1/thumbnail')
    // Without a photo, no empty frame.
    expect(person(/^Luis Martín/).querySelector('img')).toBeNull()
    expect(screen.getByRole('article', { name: 'Luis Martín' }).querySelector('img')).toBeNull()
  })
})
