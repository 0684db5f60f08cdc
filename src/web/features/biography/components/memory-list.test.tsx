import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildEntry, errorResponse, fakeBiographyApi } from '../test/fake-biography-api.ts'
import { MemoryList } from './memory-list.tsx'
import type { MemoryMediaSlot } from './slots.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderList(props: { renderMedia?: MemoryMediaSlot; currentUserId?: string } = {}) {
  const user = userEvent.setup()
  renderWithProviders(<MemoryList {...props} />)
  return { user }
}

const articles = () => within(screen.getByTestId('memory-list')).getAllByRole('article')

describe('the saved memories', () => {
  it('shows each memory newest first: title or else the day it was saved, event date, the question above the answer, the reply and its files', async () => {
    const titled = buildEntry({
      title: 'La boda',
      eventDate: asStoredDate('1972-05-20'),
      question: '¿Cuándo te casaste?',
      answer: 'Nos casamos en mayo.',
      acknowledgement: '¡Qué alegría! ¿Cómo fue la fiesta?',
      mediaAssetIds: ['0190e5a1-aaaa-7000-8000-000000000001', '0190e5b2-bbbb-7000-8000-000000000002'],
    })
    const untitled = buildEntry({ title: '', eventDate: null, entryDate: '2024-03-05T15:30:00.000Z' })
    fakeBiographyApi({ entries: [untitled, titled] })
    renderList()

    expect(screen.getByText('Cargando tu biografía...')).toHaveAttribute('role', 'status')
    await screen.findByTestId('memory-list')
    const [first, second] = articles()

    expect(within(first!).getByRole('heading', { level: 4 }).textContent).toMatch(/^5 de marzo de 2024.*\d{1,2}:30$/)
    expect(within(first!).queryByText('Cuándo ocurrió')).not.toBeInTheDocument()
    expect(within(first!).getByText('Sin archivos adjuntos.')).toBeInTheDocument()

    expect(within(second!).getByRole('heading', { level: 4, name: 'La boda' })).toBeInTheDocument()
    expect(within(second!).getByText('Cuándo ocurrió')).toBeInTheDocument()
    expect(within(second!).getByText('20 de mayo de 1972')).toBeInTheDocument()
    const exchange = within(second!).getByRole('group', { name: 'Conversación' })
    const question = within(exchange).getByTestId('kept-question')
    const answer = within(exchange).getByTestId('kept-answer')
    expect(question).toHaveTextContent('Cronos preguntó: ¿Cuándo te casaste?')
    expect(answer).toHaveTextContent('Nos casamos en mayo.')
    // The question is read before the answer it got, and the reply after it.
    expect(question.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(exchange).getByText('¡Qué alegría! ¿Cómo fue la fiesta?')).toBeInTheDocument()
    // The files themselves are the media feature's to show (the page hands them in); never their ids.
    expect(within(second!).getByText('Archivos adjuntos')).toBeInTheDocument()
    expect(within(second!).queryByText(/0190e5a1|0190e5b2/)).not.toBeInTheDocument()
  })

  it('invites the first memory when there are none', async () => {
    fakeBiographyApi({ entries: [] })
    renderList()
    expect(await screen.findByText('Tu biografía todavía está en blanco.')).toBeInTheDocument()
    expect(screen.queryByTestId('memory-list')).not.toBeInTheDocument()
  })

  it('says when the memories cannot be loaded, and tries again on request', async () => {
    const api = fakeBiographyApi({ entries: [buildEntry({ title: 'De vuelta' })] })
    api.answerNext('GET', '/api/biography/entries', () => errorResponse(500, 'internal'))
    const { user } = renderList()

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar tu biografía.')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { name: 'De vuelta' })).toBeInTheDocument()
  })
})

describe('editing a memory’s title and date', () => {
  it('saves them in place, shows them, and gives focus back to the edit button', async () => {
    const entry = buildEntry({ title: '' })
    const api = fakeBiographyApi({ entries: [entry] })
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: /^Editar título y fecha de «1 de marzo de 2024/ }))
    const title = screen.getByRole('textbox', { name: 'Título (opcional)' })
    expect(title).toHaveFocus()
    await user.type(title, '  El primer día de escuela ')
    await user.type(screen.getByLabelText('Fecha del recuerdo (opcional)'), 'hacia 1956')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    const editButton = await screen.findByRole('button', { name: 'Editar título y fecha de «El primer día de escuela»' })
    expect(editButton).toHaveFocus()
    expect(screen.getByRole('heading', { level: 4, name: 'El primer día de escuela' })).toBeInTheDocument()
    expect(screen.getByText('hacia 1956')).toBeInTheDocument()
    expect(screen.getByText('Se guardaron los cambios de «El primer día de escuela».')).toBeInTheDocument()
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/biography/entries/${entry.id}`, body: { title: 'El primer día de escuela', eventDate: 'hacia 1956', language: 'es' } },
    ])
  })

  it('refuses a date in the future beside its field, without a request', async () => {
    const api = fakeBiographyApi({ entries: [buildEntry({ title: 'La boda' })] })
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar título y fecha de «La boda»' }))
    const date = screen.getByLabelText('Fecha del recuerdo (opcional)')
    await user.type(date, 'hacia 2999')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText('La fecha no puede estar en el futuro.')).toBeInTheDocument()
    expect(date).toHaveAttribute('aria-invalid', 'true')
    expect(api.writes()).toEqual([])
  })

  it('keeps the edit and says so when saving fails', async () => {
    const entry = buildEntry({ title: 'La boda' })
    const api = fakeBiographyApi({ entries: [entry] })
    api.answerNext('PATCH', `/api/biography/entries/${entry.id}`, () => errorResponse(500, 'internal'))
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar título y fecha de «La boda»' }))
    const title = screen.getByRole('textbox', { name: 'Título (opcional)' })
    await user.type(title, ' de mis padres')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un problema al guardar este recuerdo.')
    expect(title).toHaveValue('La boda de mis padres')
  })
})

describe('managing a memory’s media', () => {
  it('opens the media dialog for the memory, telling the slot whether the person may manage it', async () => {
    const mine = buildEntry({ title: 'Mío', authorUserId: 'u1' })
    const theirs = buildEntry({ title: 'De otra persona', authorUserId: 'u2' })
    fakeBiographyApi({ entries: [mine, theirs] })
    const renderMedia = vi.fn<MemoryMediaSlot>(({ entry, canManage }) => <p>{`Multimedia de ${entry.title}: ${canManage ? 'gestionar' : 'solo ver'}`}</p>)
    const { user } = renderList({ renderMedia, currentUserId: 'u1' })

    const manage = await screen.findByRole('button', { name: 'Gestionar multimedia de «Mío»' })
    await user.click(manage)
    const dialog = screen.getByRole('dialog', { name: 'Multimedia de «Mío»' })
    expect(within(dialog).getByText('Multimedia de Mío: gestionar')).toBeInTheDocument()
    expect(within(dialog).queryByText(/Solo quien escribió este recuerdo/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(manage).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Gestionar multimedia de «De otra persona»' }))
    const other = screen.getByRole('dialog', { name: 'Multimedia de «De otra persona»' })
    expect(within(other).getByText('Multimedia de De otra persona: solo ver')).toBeInTheDocument()
    expect(within(other).getByText('Solo quien escribió este recuerdo puede añadir o eliminar archivos.')).toBeInTheDocument()
  })

  it('offers no media button when the page gives no media pieces', async () => {
    fakeBiographyApi({ entries: [buildEntry({ title: 'La boda' })] })
    renderList()
    await screen.findByRole('heading', { name: 'La boda' })
    expect(screen.queryByRole('button', { name: /Gestionar multimedia/ })).not.toBeInTheDocument()
  })

  it('deletes a memory after a confirmation that counts its files, then puts focus on the list heading', async () => {
    const keep = buildEntry({ title: 'La finca' })
    const goes = buildEntry({ title: 'Un error', mediaAssetIds: ['0190e5a1-aaaa-7000-8000-000000000001', '0190e5b2-bbbb-7000-8000-000000000002'] })
    const api = fakeBiographyApi({ entries: [goes, keep] })
    const { user } = renderList({ currentUserId: 'u1' })
    await screen.findByTestId('memory-list')

    await user.click(screen.getByRole('button', { name: 'Eliminar «Un error»' }))
    const confirm = screen.getByRole('alertdialog', { name: '¿Eliminar este recuerdo?' })
    expect(confirm).toHaveTextContent('«Un error» se borrará de tu biografía junto con sus 2 archivos adjuntos, salvo los que uses también en otro recuerdo o en tu árbol.')
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    expect(articles()).toHaveLength(2)
    expect(api.writes()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Eliminar «Un error»' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await screen.findByText('Se eliminó «Un error» de tu biografía.')).toBeInTheDocument()
    expect(articles().map((article) => within(article).getByRole('heading', { level: 4 }).textContent)).toEqual(['La finca'])
    expect(api.writes()).toEqual([{ method: 'DELETE', path: `/api/biography/entries/${goes.id}`, body: undefined }])
    expect(screen.getByRole('heading', { level: 2, name: 'Tus recuerdos' })).toHaveFocus()
  })

  it('offers no delete to someone who is not the author', async () => {
    fakeBiographyApi({ entries: [buildEntry({ title: 'Ajeno', authorUserId: 'someone-else' })] })
    renderList({ currentUserId: 'u1' })
    await screen.findByTestId('memory-list')
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument()
  })
})

describe('a memory told to Cronos, kept as a story', () => {
  it('corrects the answer’s words in place, keeping the first ones to read on request', async () => {
    const entry = buildEntry({ title: 'Cali', question: '¿Dónde naciste?', answer: 'Naci en Cali', acknowledgement: 'Qué bonito.' })
    const api = fakeBiographyApi({ entries: [entry] })
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Corregir el texto de «Cali»' }))
    const field = screen.getByRole('textbox', { name: 'Tu respuesta' })
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.click(screen.getByRole('button', { name: 'Guardar la corrección' }))
    expect(await screen.findByText('Tu respuesta no puede quedar vacía: escribe lo que quieres que diga.')).toBeInTheDocument()
    expect(api.writes()).toEqual([])

    await user.type(field, 'Nací en Cali, en 1950.')
    await user.click(screen.getByRole('button', { name: 'Guardar la corrección' }))
    expect(await screen.findByTestId('kept-answer')).toHaveTextContent('Nací en Cali, en 1950.')
    expect(screen.getByRole('button', { name: /^Corregir el texto de «/ })).toHaveFocus()
    expect(api.writes()).toEqual([{ method: 'PATCH', path: `/api/biography/entries/${entry.id}`, body: { answer: 'Nací en Cali, en 1950.', language: 'es' } }])

    const show = screen.getByRole('button', { name: /^Ver el texto original de «/ })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    await user.click(show)
    expect(screen.getByRole('blockquote', { name: 'Texto original' })).toHaveTextContent('Naci en Cali')
    expect(screen.getByRole('button', { name: /^Ocultar el texto original de «/ })).toHaveAttribute('aria-expanded', 'true')
  })

  it('groups the memories of one conversation under its title, the date and first question until it is named', async () => {
    const sitting = { id: 'c1', title: '', startedAt: '2026-11-28T10:00:00.000Z' }
    const first = buildEntry({ conversation: sitting, question: '¿Dónde naciste?', answer: 'En Cali.' })
    const second = buildEntry({ conversation: sitting, question: '¿Quién te crió?', answer: 'Mi abuela.' })
    const alone = buildEntry({ conversation: null, question: null, answer: 'Escrito a mano.', title: 'A mano' })
    fakeBiographyApi({ entries: [alone, second, first] })
    const { user } = renderList()

    const conversation = await screen.findByTestId('memory-conversation')
    const title = within(conversation).getByRole('heading', { level: 3 })
    expect(title).toHaveTextContent('28 de noviembre de 2026 · ¿Dónde naciste?')
    expect(conversation).toHaveAccessibleName('28 de noviembre de 2026 · ¿Dónde naciste?')
    expect(within(conversation).getByText('2 respuestas')).toBeInTheDocument()
    expect(
      within(conversation)
        .getAllByTestId('kept-answer')
        .map((answer) => answer.textContent),
    ).toEqual(['En Cali.', 'Mi abuela.'])
    expect(screen.getByRole('heading', { level: 3, name: 'A mano' })).toBeInTheDocument()

    await user.click(within(conversation).getByRole('button', { name: 'Cambiar el título de «28 de noviembre de 2026 · ¿Dónde naciste?»' }))
    await user.type(screen.getByRole('textbox', { name: 'Título de la conversación (opcional)' }), 'La infancia')
    await user.click(screen.getByRole('button', { name: 'Guardar el título' }))
    expect(await within(conversation).findByRole('heading', { level: 3, name: 'La infancia' })).toBeInTheDocument()
    expect(screen.getByText('La conversación se llama ahora «La infancia».')).toBeInTheDocument()
  })
})
