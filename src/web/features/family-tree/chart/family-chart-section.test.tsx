import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FamilyChartSection } from './family-chart-section.tsx'
import { suggestionLimit } from './centre-picker.tsx'
import { buildMember, generateFamilyTree, smallFamily } from './test/family-builders.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

/** Renders the section and waits for the chart, which is drawn in a deferred render. */
async function renderChart(members = smallFamily()) {
  const user = userEvent.setup()
  const view = render(<FamilyChartSection members={members} />)
  if (members.length > 0) await screen.findByRole('group', { name: /^Árbol familiar de / })
  return { user, ...view }
}

const chart = () => screen.getByRole('group', { name: /^Árbol familiar de / })
const people = () => within(chart()).getAllByRole('button')
const person = (name: string | RegExp) => within(chart()).getByRole('button', { name })
const layer = () => screen.getByTestId('family-chart-layer')

describe('the family chart', () => {
  it('shows the owner with parents, grandparents, partner and children, named with their years', async () => {
    await renderChart()
    expect(screen.getByRole('heading', { name: 'Árbol interactivo' })).toBeInTheDocument()
    expect(chart()).toHaveAccessibleName('Árbol familiar de Ana Pérez')
    expect(people().map((button) => button.getAttribute('aria-label'))).toEqual([
      // Top to bottom, left to right.
      'Jorge Pérez, 1920–1990',
      'Rosa Díaz, nació en 1925, fallecida',
      'Luis García',
      'Carmen Ruiz, nació en 1930',
      'Juan Pérez, nació en 1950',
      'María García, 1952–2020',
      'Ana Pérez (tú), nació en 1980',
      'Pablo Soto, nació en 1978',
      'Lucía Soto, nació en 2010',
      'Mateo Soto, nació en 2012',
    ])
    const ana = person(/^Ana Pérez/)
    expect(ana).toHaveAttribute('aria-current', 'true')
    expect(ana).toHaveTextContent('Tú')
    expect(person(/^María García/)).toHaveTextContent('María García †1952 – 2020')
    expect(screen.getByRole('status')).toHaveTextContent('La familia de Ana Pérez')
    expect(screen.getByRole('combobox', { name: 'Persona en el centro del árbol' })).toHaveValue('ana')
  })

  it('starts from the first member when nobody is marked as the owner', async () => {
    const members = smallFamily().map((member) => ({ ...member, isSelf: false, relationshipToOwner: '' }))
    await renderChart(members)
    expect(chart()).toHaveAccessibleName('Árbol familiar de Jorge Pérez')
  })

  it('draws nothing for a tree without members', async () => {
    const { container } = await renderChart([])
    expect(container).toBeEmptyDOMElement()
  })

  it('puts a person in the centre when they are clicked, and keeps focus on them', async () => {
    const { user } = await renderChart()
    await user.click(person(/^Juan Pérez/))

    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Juan Pérez'))
    expect(person(/^Juan Pérez/)).toHaveAttribute('aria-current', 'true')
    expect(person(/^Juan Pérez/)).toHaveFocus()
    // Juan's chart: his parents above, his wife beside him, Ana and her family below.
    expect(people().map((button) => button.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Jorge Pérez',
      'Rosa Díaz',
      'Juan Pérez',
      'María García',
      'Ana Pérez (tú)',
      'Pablo Soto',
      'Lucía Soto',
      'Mateo Soto',
    ])
    expect(screen.getByRole('status')).toHaveTextContent('La familia de Juan Pérez')
    expect(screen.getByRole('combobox', { name: 'Persona en el centro del árbol' })).toHaveValue('juan')
  })

  it('reaches every person from one tab stop with the arrow keys, and centres with Enter or Space', async () => {
    const { user } = await renderChart()
    const tabStops = people().filter((button) => button.tabIndex === 0)
    expect(tabStops).toEqual([person(/^Ana Pérez/)])

    person(/^Ana Pérez/).focus()
    await user.keyboard('{ArrowUp}')
    const parent = document.activeElement as HTMLElement
    expect(parent.getAttribute('aria-label')).toMatch(/^(Juan Pérez|María García)/)
    expect(parent.tabIndex).toBe(0)
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^(Jorge|Rosa|Luis|Carmen)/)
    await user.keyboard('{Home}')
    expect(person(/^Ana Pérez/)).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(person(/^Mateo Soto/)).toHaveFocus()

    await user.keyboard('{Enter}')
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Mateo Soto'))
    expect(person(/^Mateo Soto/)).toHaveFocus()

    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Ana Pérez/)
    await user.keyboard(' ')
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Ana Pérez'))
  })

  it('centres on the person chosen in the list of members', async () => {
    const { user } = await renderChart()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Persona en el centro del árbol' }), 'Rosa Díaz, nació en 1925, fallecida')
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Rosa Díaz'))
    expect(person(/^Elena Pérez/)).toBeInTheDocument()
  })

  it('offers a search with suggestions instead of a select in a large tree', async () => {
    const members = generateFamilyTree(450)
    const { user } = await renderChart(members)
    expect(screen.queryByRole('combobox', { name: 'Persona en el centro del árbol' })).not.toBeInTheDocument()
    const search = screen.getByRole('combobox', { name: 'Busca a una persona para ponerla en el centro' })
    const suggestions = () => [...document.getElementById(search.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.value)
    // Suggestions follow what is typed: the people whose name holds it, a bounded number of them.
    expect(suggestions()).toEqual([])
    await user.type(search, 'Nombre0')
    await waitFor(() => expect(suggestions()).toEqual(['Nombre0 Linaje0, 1700–1770']))
    await user.type(search, '{Backspace}1')
    await waitFor(() => expect(suggestions()).toHaveLength(suggestionLimit))
    expect(suggestions().every((label) => /^Nombre1\d* Linaje\d+/.test(label))).toBe(true)

    await user.clear(search)
    await user.type(search, 'Nadie Conestenombre{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('No hay nadie con ese nombre en el árbol.')
    expect(search).toHaveAttribute('aria-invalid', 'true')

    await user.clear(search)
    await user.type(search, 'nombre1 linaje0')
    await user.click(screen.getByRole('button', { name: 'Ver su familia' }))
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Nombre1 Linaje0'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('lists close family, siblings included, and centres on the one chosen there', async () => {
    const { user } = await renderChart()
    await user.click(person(/^Juan Pérez/))
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Juan Pérez'))

    const summary = screen.getByText('Familia cercana de Juan Pérez, en lista')
    await user.click(summary)
    const siblings = screen.getByText('Hermanos').parentElement!
    await user.click(within(siblings).getByRole('button', { name: 'Elena Pérez, nació en 1953' }))

    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Elena Pérez'))
    expect(screen.getByText('Familia cercana de Elena Pérez, en lista')).toHaveFocus()
  })

  it('draws adoptive parents beside the birth ones, says what a dashed line means, and names the bond in the list', async () => {
    const adopted = (id: string) => ({ parentId: id, unionId: null, kind: 'adopted' as const })
    const birth = (id: string) => ({ parentId: id, unionId: null, kind: 'birth' as const })
    const members = [
      buildMember({ memberId: 'pedro', firstName: 'Pedro', lastName: 'Ruiz', gender: 'Masculino' }),
      buildMember({ memberId: 'maria', firstName: 'María', lastName: 'Vega', gender: 'Femenino' }),
      buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Díaz', gender: 'Masculino' }),
      buildMember({
        memberId: 'ana',
        firstName: 'Ana',
        lastName: 'Ruiz',
        isSelf: true,
        parentMemberIds: ['pedro', 'maria', 'luis'],
        parentLinks: [birth('pedro'), birth('maria'), adopted('luis')],
      }),
    ]
    const { user } = await renderChart(members)
    expect(people().map((button) => button.getAttribute('aria-label'))).toEqual(['Pedro Ruiz', 'María Vega', 'Luis Díaz', 'Ana Ruiz (tú)'])
    expect(screen.getByText('Una línea discontinua une a un hijo con quienes lo son por adopción, acogida u otro vínculo que no es el de nacimiento.')).toBeInTheDocument()
    await user.click(screen.getByText('Familia cercana de Ana Ruiz, en lista'))
    const parents = screen.getByText('Padres').parentElement!
    expect(
      within(parents)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pedro Ruiz', 'María Vega', 'Luis Díaz (por adopción)'])
  })

  it('marks a divorced couple with two strokes across their line, says what they mean, and names it in the list', async () => {
    const members = [
      buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Díaz', gender: 'Masculino', isSelf: true, spouseMemberIds: ['rosa', 'marta'] }),
      buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Gil', spouseMemberIds: ['luis'] }),
      buildMember({ memberId: 'marta', firstName: 'Marta', lastName: 'Paz', spouseMemberIds: ['luis'] }),
    ]
    const union = (unionId: string, secondPartnerId: string, divorce: string | null) => ({
      unionId,
      firstPartnerId: 'luis',
      secondPartnerId,
      marriageDate: null,
      marriageDateSortKey: null,
      marriagePlace: '',
      isMarried: true,
      divorceDate: divorce === null ? null : asStoredDate(divorce),
      divorcePlace: '',
      notes: '',
      sourceId: null,
      position: 0,
      children: [],
    })
    const user = userEvent.setup()
    const { container } = render(<FamilyChartSection members={members} unions={[union('u1', 'rosa', 'ABT 1962'), union('u2', 'marta', null)]} />)
    await screen.findByRole('group', { name: /^Árbol familiar de / })
    expect(container.querySelectorAll('.family-chart-link-couple')).toHaveLength(2)
    expect(container.querySelectorAll('.family-chart-link-divorce')).toHaveLength(1)
    expect(screen.getByText('Dos rayas sobre la línea de una pareja: se divorciaron o se separaron.')).toBeInTheDocument()
    await user.click(screen.getByText('Familia cercana de Luis Díaz, en lista'))
    const partners = screen.getByText('Pareja').parentElement!
    expect(
      within(partners)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Rosa Gil (divorciados)', 'Marta Paz (casados)'])
  })

  it('zooms in and out with the buttons, and resets the view', async () => {
    const { user } = await renderChart()
    expect(layer().style.transform).toBe('translate(0px, 0px) scale(1)')
    await user.click(screen.getByRole('button', { name: 'Acercar' }))
    expect(layer().style.transform).toBe('translate(0px, 0px) scale(1.25)')
    await user.click(screen.getByRole('button', { name: 'Alejar' }))
    await user.click(screen.getByRole('button', { name: 'Alejar' }))
    expect(layer().style.transform).toBe('translate(0px, 0px) scale(0.8)')
    expect(within(screen.getByRole('group', { name: 'Tamaño del árbol' })).getAllByRole('button')).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Restablecer la vista' }))
    expect(layer().style.transform).toBe('translate(0px, 0px) scale(1)')
  })

  it('zooms with the mouse wheel around the pointer', async () => {
    await renderChart()
    fireEvent.wheel(layer().parentElement!, { deltaY: -200, clientX: 0, clientY: 0 })
    expect(layer().style.transform).toMatch(/^translate\(0px, 0px\) scale\(1\.49\d*\)$/)
  })

  it('pans when dragged, and a drag that ends on a person does not centre them', async () => {
    await renderChart()
    const viewport = layer().parentElement!
    const juan = person(/^Juan Pérez/)
    fireEvent.pointerDown(juan, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100, clientY: 100 })
    fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'mouse', clientX: 140, clientY: 90 })
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'mouse', clientX: 140, clientY: 90 })
    // fireEvent runs inside act, which renders a centring transition before it returns: had the
    // click got through, Juan would already be in the centre here.
    fireEvent.click(juan)
    expect(layer().style.transform).toBe('translate(40px, -10px) scale(1)')
    expect(chart()).toHaveAccessibleName('Árbol familiar de Ana Pérez')
  })

  it('draws only the part of a very large chart near the view, and still reaches anyone with the arrow keys', async () => {
    const members = generateFamilyTree(3000).map((member) => (member.memberId === 'p0' ? { ...member, isSelf: true } : member))
    const { user } = await renderChart(members)
    // Every generation of the founder's descendants is 2,116 people, more than are laid out at
    // once: the generations stop short of the last one, and the chart says why.
    const more = screen.getByRole('button', { name: 'Más generaciones' })
    for (let generations = 4; !screen.queryByText(/^Se ven \d+ personas/); generations += 1) {
      expect(generations).toBeLessThan(8)
      await user.click(more)
      await waitFor(() => expect(screen.queryByText(`Generaciones hacia arriba y hacia abajo: ${generations}`) ?? screen.queryByText(/^Se ven \d+ personas/)).toBeInTheDocument())
    }
    expect(more).toHaveAttribute('aria-disabled', 'true')
    // Of those laid out, only the people in sight are drawn.
    expect(people().length).toBeGreaterThan(2)
    expect(people().length).toBeLessThan(300)

    const founder = person(/^Nombre0 Linaje0/)
    founder.focus()
    await user.keyboard('{ArrowDown}')
    // The nearest box in the row below: one of the founder's children, or a child's partner.
    await waitFor(() => expect(document.activeElement).not.toBe(founder))
    const below = document.activeElement as HTMLElement
    const byId = new Map(members.map((member) => [member.memberId, member]))
    const reached = byId.get(below.dataset.memberId!)!
    const isChildOrPartner = [reached, ...reached.spouseMemberIds.map((id) => byId.get(id)!)].some((member) => member.parentMemberIds.includes('p0'))
    expect(isChildOrPartner).toBe(true)
    expect(below.tabIndex).toBe(0)
  })

  it('shows more or fewer generations on request', async () => {
    const members = [
      buildMember({ memberId: 'g0', firstName: 'Bisabuela', gender: 'Femenino' }),
      buildMember({ memberId: 'g1', firstName: 'Abuela', parentMemberIds: ['g0'] }),
      buildMember({ memberId: 'g2', firstName: 'Madre', parentMemberIds: ['g1'] }),
      buildMember({ memberId: 'g3', firstName: 'Hija', parentMemberIds: ['g2'] }),
      buildMember({ memberId: 'g4', firstName: 'Nieta', parentMemberIds: ['g3'] }),
    ]
    const { user } = await renderChart(members.map((member, position) => ({ ...member, isSelf: position === 4 })))
    expect(people()).toHaveLength(4)
    const more = screen.getByRole('button', { name: 'Más generaciones' })
    await user.click(more)
    await waitFor(() => expect(people()).toHaveLength(5))
    expect(more).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Menos generaciones' }))
    await waitFor(() => expect(people()).toHaveLength(4))
    expect(screen.getByText('Generaciones hacia arriba y hacia abajo: 3')).toBeInTheDocument()
  })
})
