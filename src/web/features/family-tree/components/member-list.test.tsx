import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember, errorResponse, fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderTree() {
  const user = userEvent.setup()
  renderWithProviders(<FamilyTreeManager />)
  return { user }
}

const card = (name: string) => screen.getByRole('article', { name })
/** The value shown under a caption of a card's facts, e.g. "Padres". */
const fact = (article: HTMLElement, caption: string) => within(article).getByText(caption, { selector: 'dt' }).nextElementSibling

describe('the member list', () => {
  it('shows each person with relationship, dates, gender, relatives, biography and key moments', async () => {
    const { rosa, carmen, members } = rosasFamily()
    fakeFamilyApi(members)
    renderTree()

    expect(screen.getByText('Cargando tu árbol familiar...')).toHaveAttribute('role', 'status')
    const list = await screen.findByRole('list', { name: 'Las personas de tu árbol' })
    const articles = within(list).getAllByRole('article')
    expect(articles.map((article) => within(article).getByRole('heading', { level: 3 }).textContent)).toEqual(['Rosa Díaz', 'Carmen López', 'Luis Martín'])

    const rosaCard = card('Rosa Díaz')
    expect(within(rosaCard).getByText('Yo')).toHaveClass('member-self-badge')
    expect(within(rosaCard).getByText('Yo mismo/a')).toBeInTheDocument()
    expect(within(rosaCard).getByText('12 de abril de 1950')).toHaveAttribute('dateTime', '1950-04-12')
    expect(fact(rosaCard, 'Género')).toHaveTextContent('Femenino')
    expect(fact(rosaCard, 'Padres')).toHaveTextContent('Carmen López')
    expect(fact(rosaCard, 'Cónyuges')).toHaveTextContent('Luis Martín')
    expect(within(rosaCard).getByText('Maestra en Sevilla.')).toBeInTheDocument()
    expect(
      within(rosaCard)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Boda con Luis', 'Nacimiento de Ana'])
    expect(within(rosaCard).getByRole('link', { name: 'Entrevistar sobre Rosa Díaz' })).toHaveAttribute('href', `/interview/${rosa.memberId}`)

    const carmenCard = card('Carmen López')
    expect(within(carmenCard).queryByText('Yo')).not.toBeInTheDocument()
    expect(within(carmenCard).getByText('Madre')).toBeInTheDocument()
    expect(fact(carmenCard, 'Fallecimiento')).toHaveTextContent('30 de noviembre de 2001')
    expect(fact(carmenCard, 'Hijos')).toHaveTextContent('Rosa Díaz')
    expect(fact(card('Luis Martín'), 'Cónyuges')).toHaveTextContent('Rosa Díaz')
    expect(within(carmenCard).getByRole('link', { name: 'Entrevistar sobre Carmen López' })).toHaveAttribute('href', `/interview/${carmen.memberId}`)
  })

  it('shows a surname nobody knows (GEDCOM blanks, "N.N.") as "apellido desconocido", and lists those people last', async () => {
    const pedro = buildMember({ firstName: 'Pedro', lastName: '____' })
    const juana = buildMember({ firstName: 'Juana', lastName: 'N.N.' })
    const ana = buildMember({ firstName: 'Ana', lastName: 'Ruiz', parentMemberIds: [pedro.memberId] })
    const tomas = buildMember({ firstName: 'Tomás', lastName: '_____' })
    const luis = buildMember({ firstName: 'Luis', lastName: 'Díaz' })
    fakeFamilyApi([pedro, juana, ana, tomas, luis])
    renderTree()

    const list = await screen.findByRole('list', { name: 'Las personas de tu árbol' })
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Luis Díaz', 'Ana Ruiz', 'Pedro (apellido desconocido)', 'Tomás (apellido desconocido)', 'Juana (apellido desconocido)'])
    expect(fact(card('Ana Ruiz'), 'Padres')).toHaveTextContent('Pedro (apellido desconocido)')
    expect(list).not.toHaveTextContent(/____|N\.N\./)
  })

  it('says that adding and viewing media is coming soon, without leaving the page', async () => {
    fakeFamilyApi(rosasFamily().members)
    const { user } = renderTree()

    const addMedia = await screen.findByRole('button', { name: 'Añadir multimedia de Carmen López' })
    expect(addMedia).toHaveAttribute('aria-disabled', 'true')
    await user.click(addMedia)
    expect(within(card('Carmen López')).getByText(/^Próximamente: .* de Carmen López\.$/)).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByRole('button', { name: 'Ver multimedia de Carmen López' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('shows a big tree a hundred people at a time, with a button for the next ones', async () => {
    const members = Array.from({ length: 230 }, (_, i) => buildMember({ firstName: `Persona${String(i).padStart(3, '0')}`, lastName: 'Grande', relationshipToOwner: '' }))
    fakeFamilyApi(members)
    const { user } = renderTree()
    const list = await screen.findByRole('list', { name: 'Las personas de tu árbol' })
    // The first cards come at once, the rest of the page a few at a time (counted by a cheap query
    // while they arrive, then as a screen reader finds them).
    expect(within(list).getAllByRole('article').length).toBeGreaterThan(0)
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(100), { timeout: 10_000 })
    expect(within(list).getAllByRole('article')).toHaveLength(100)
    expect(screen.getByText('Se muestran 100 de 230 personas.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mostrar 100 personas más' }))
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(200), { timeout: 10_000 })
    expect(within(list).getAllByRole('article')).toHaveLength(200)
    await user.click(screen.getByRole('button', { name: 'Mostrar 30 personas más' }))
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(230), { timeout: 10_000 })
    expect(within(list).getAllByRole('article')).toHaveLength(230)
    expect(screen.queryByRole('button', { name: /personas más/ })).not.toBeInTheDocument()
    // Hundreds of cards in a simulated DOM, counted by role three times: slow on a busy machine.
  }, 45_000)

  it('finds people by name, surname or a nickname written with the name, accents and case ignored', async () => {
    const members = [
      ...Array.from({ length: 150 }, (_, i) => buildMember({ firstName: `Persona${i}`, lastName: 'Grande', relationshipToOwner: '' })),
      buildMember({ firstName: 'Abraham', lastName: 'Lincoln', relationshipToOwner: '' }),
      buildMember({ firstName: 'José «Pepe»', lastName: 'Núñez', relationshipToOwner: '' }),
      buildMember({ firstName: 'Josefa', lastName: 'Ruiz', relationshipToOwner: '' }),
    ]
    fakeFamilyApi(members)
    const { user } = renderTree()
    const list = await screen.findByRole('list', { name: 'Las personas de tu árbol' })
    const search = within(screen.getByRole('search', { name: 'Buscar por nombre' })).getByRole('searchbox', { name: 'Buscar por nombre' })
    // Lincoln is past the first hundred: the search finds him without "show more".
    await user.type(search, 'LINCOLN')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['Abraham Lincoln']),
    )
    expect(search).toHaveAccessibleDescription(/Una persona coincide con «LINCOLN»\.$/)

    await user.clear(search)
    await user.type(search, 'pepe nunez')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['José «Pepe» Núñez']),
    )
    await user.clear(search)
    await user.type(search, 'jos')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['José «Pepe» Núñez', 'Josefa Ruiz']),
    )
    expect(screen.getByText('2 personas coinciden con «jos».')).toBeInTheDocument()

    await user.type(search, 'xyz')
    expect(await screen.findByText('Nadie en tu árbol se llama «josxyz».')).toBeInTheDocument()
    expect(within(list).queryAllByRole('article')).toEqual([])
    // Escape empties the search, and the whole tree is back a hundred at a time.
    await user.keyboard('{Escape}')
    expect(search).toHaveValue('')
    expect(await screen.findByText('Se muestran 100 de 153 personas.')).toBeInTheDocument()
  }, 30_000)

  it('invites the first person when the tree is empty', async () => {
    fakeFamilyApi([])
    renderTree()
    expect(await screen.findByText('Todavía no hay nadie en tu árbol familiar.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Las personas de tu árbol' })).not.toBeInTheDocument()
  })

  it('says when the tree cannot be loaded, and tries again on request', async () => {
    const api = fakeFamilyApi(rosasFamily().members)
    api.answerNext('GET', '/api/family-tree/index', () => errorResponse(500, 'internal'))
    const { user } = renderTree()

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar el árbol familiar.')
    expect(screen.getByRole('button', { name: 'Añadir persona' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { name: 'Rosa Díaz' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('deleting a member', () => {
  it('asks first, naming the person and saying it cannot be undone; cancelling keeps them', async () => {
    const api = fakeFamilyApi(rosasFamily().members)
    const { user } = renderTree()

    const deleteButton = await screen.findByRole('button', { name: 'Eliminar a Carmen López' })
    await user.click(deleteButton)
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar a esta persona?' })
    expect(dialog).toHaveAccessibleDescription(/^Carmen López se eliminará de tu árbol.*Esta acción no se puede deshacer\.$/)
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(deleteButton).toHaveFocus()
    expect(screen.getByRole('heading', { name: 'Carmen López' })).toBeInTheDocument()
    expect(api.writes()).toEqual([])
  })

  it('removes the person and every link to them once confirmed, and says so', async () => {
    const { carmen, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    const { user } = renderTree()

    await user.click(await screen.findByRole('button', { name: 'Eliminar a Carmen López' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Se eliminó a Carmen López de tu árbol.')
    expect(screen.queryByRole('heading', { name: 'Carmen López' })).not.toBeInTheDocument()
    expect(within(card('Rosa Díaz')).queryByText('Padres')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Las personas de tu árbol' })).toHaveFocus()
    expect(api.writes()).toEqual([{ method: 'DELETE', path: `/api/family-tree/members/${carmen.memberId}`, body: undefined }])
  })

  it('keeps the dialog open with the spec’s message when deleting fails', async () => {
    const { carmen, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    api.answerNext('DELETE', `/api/family-tree/members/${carmen.memberId}`, () => errorResponse(500, 'internal'))
    const { user } = renderTree()

    await user.click(await screen.findByRole('button', { name: 'Eliminar a Carmen López' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo eliminar el miembro.')
    expect(screen.getByRole('heading', { name: 'Carmen López' })).toBeInTheDocument()
  })
})
