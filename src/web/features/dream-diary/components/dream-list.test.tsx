import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildDream, errorResponse, fakeDreamApi } from '../test/fake-dream-api.ts'
import { DreamList } from './dream-list.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderList() {
  const user = userEvent.setup()
  renderWithProviders(<DreamList />)
  return { user }
}

const dreamArticles = () => within(screen.getByRole('list')).getAllByRole('article')

describe('the dream list', () => {
  it('shows the dreams newest first, with title, dates and content', async () => {
    const older = buildDream({ title: 'El jardín', dreamDate: '2024-01-01', content: 'Primera línea\nSegunda línea' })
    const newer = buildDream({ title: '', dreamDate: null, content: 'Un mar de niebla.' })
    fakeDreamApi([newer, older])
    renderList()

    expect(screen.getByText('Cargando tus sueños...')).toHaveAttribute('role', 'status')
    await screen.findByRole('list')
    const [first, second] = dreamArticles()
    expect(within(first!).getByRole('heading')).toHaveTextContent('Sin título')
    expect(within(first!).queryByText('Fecha del sueño')).not.toBeInTheDocument()
    expect(within(second!).getByRole('heading')).toHaveTextContent('El jardín')
    expect(within(second!).getByText('1 de enero de 2024')).toHaveAttribute('dateTime', '2024-01-01')
    expect(within(second!).getByText(/Primera línea/).textContent).toBe('Primera línea\nSegunda línea')
    const registered = within(second!).getByText(/2024/, { selector: `time[datetime="${older.entryDate}"]` })
    expect(registered.textContent).toMatch(/^1 de marzo de 2024.*\d{1,2}:\d{2}$/)
    expect(within(second!).getByRole('button', { name: 'Editar «El jardín»' })).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: /^Eliminar «Sin título, 1 de marzo de 2024/ })).toBeInTheDocument()
  })

  it('opens on the dream a link names (a search result), focused and marked, and only that one', async () => {
    const named = buildDream({ title: 'El mar de Tumaco' })
    const other = buildDream({ title: 'La finca' })
    fakeDreamApi([other, named])
    renderWithProviders(<DreamList />, { route: `/my-dreams#dream-${named.id}` })

    const heading = await screen.findByRole('heading', { name: 'El mar de Tumaco' })
    const item = heading.closest('li')!
    await vi.waitFor(() => expect(item).toHaveFocus())
    expect(item).toHaveClass('found-item')
    expect(screen.getByRole('heading', { name: 'La finca' }).closest('li')).not.toHaveClass('found-item')
  })

  it('invites the first dream when the diary is empty', async () => {
    fakeDreamApi([])
    renderList()
    expect(await screen.findByText('Tu diario todavía está en blanco.')).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('says when the dreams cannot be loaded, and tries again on request', async () => {
    const api = fakeDreamApi([buildDream({ title: 'De vuelta' })])
    api.answerNext('GET', '/api/dreams', () => errorResponse(500, 'internal'))
    const { user } = renderList()

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los sueños.')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { name: 'De vuelta' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('deleting a dream', () => {
  it('asks first, naming the dream; cancelling keeps it', async () => {
    const api = fakeDreamApi([buildDream({ title: 'El faro' })])
    const { user } = renderList()

    const deleteButton = await screen.findByRole('button', { name: 'Eliminar «El faro»' })
    await user.click(deleteButton)
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este sueño?' })
    expect(dialog).toHaveAccessibleDescription('«El faro» se borrará de tu diario. Esta acción no se puede deshacer.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(deleteButton).toHaveFocus()
    expect(screen.getByRole('heading', { name: 'El faro' })).toBeInTheDocument()
    expect(api.writes()).toEqual([])
  })

  it('removes the dream once confirmed, says so and moves focus to the list heading', async () => {
    const kept = buildDream({ title: 'El jardín' })
    const doomed = buildDream({ title: 'El faro' })
    const api = fakeDreamApi([doomed, kept])
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Eliminar «El faro»' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Se eliminó «El faro» de tu diario.')
    expect(screen.queryByRole('heading', { name: 'El faro' })).not.toBeInTheDocument()
    expect(dreamArticles()).toHaveLength(1)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Tus sueños' })).toHaveFocus()
    expect(api.writes()).toEqual([{ method: 'DELETE', path: `/api/dreams/${doomed.id}`, body: undefined }])
  })

  it('keeps the dialog open with the reason when deleting fails', async () => {
    const dream = buildDream({ title: 'El faro' })
    const api = fakeDreamApi([dream])
    api.answerNext('DELETE', `/api/dreams/${dream.id}`, () => errorResponse(500, 'internal'))
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Eliminar «El faro»' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo eliminar el sueño.')
    expect(screen.getByRole('heading', { name: 'El faro' })).toBeInTheDocument()
  })
})
