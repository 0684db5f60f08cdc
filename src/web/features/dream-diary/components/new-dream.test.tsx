import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildDream, errorResponse, fakeDreamApi, jsonResponse } from '../test/fake-dream-api.ts'
import { deferred } from '../../../test/http.ts'
import { DreamList } from './dream-list.tsx'
import { NewDream } from './new-dream.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The page as the route composes it: the form above the list. */
async function renderDiary() {
  const user = userEvent.setup()
  renderWithProviders(
    <>
      <NewDream />
      <DreamList />
    </>,
  )
  await screen.findByRole('heading', { name: 'Tus sueños' })
  return {
    user,
    title: screen.getByRole('textbox', { name: 'Título (opcional)' }),
    date: screen.getByLabelText('Fecha del sueño (opcional)'),
    content: screen.getByRole('textbox', { name: 'Descripción' }),
    save: screen.getByRole('button', { name: 'Guardar sueño' }),
  }
}

describe('writing down a new dream', () => {
  it('refuses an empty or blank description without asking the server', async () => {
    const api = fakeDreamApi()
    const { user, content, save } = await renderDiary()

    await user.click(save)
    const message = await screen.findByText('La descripción del sueño es obligatoria.')
    expect(content).toHaveAttribute('aria-invalid', 'true')
    expect(content.getAttribute('aria-describedby')).toContain(message.id)
    expect(content).toHaveFocus()

    await user.type(content, '   ')
    await user.click(save)
    expect(screen.getByText('La descripción del sueño es obligatoria.')).toBeInTheDocument()
    expect(api.writes()).toEqual([])
  })

  it('sends trimmed values, clears the form and shows the new dream first', async () => {
    const api = fakeDreamApi([buildDream({ title: 'Un sueño antiguo' })])
    const { user, title, date, content, save } = await renderDiary()
    await screen.findByRole('heading', { name: 'Un sueño antiguo' })

    await user.type(title, '  El faro  ')
    await user.type(date, '2024-03-05')
    await user.type(content, '  Subía la escalera de un faro.{enter}Arriba estaba mi abuela.  ')
    await user.click(save)

    expect(await screen.findByText('Tu sueño quedó guardado en el diario.')).toBeInTheDocument()
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/dreams',
        body: { title: 'El faro', dreamDate: '2024-03-05', content: 'Subía la escalera de un faro.\nArriba estaba mi abuela.' },
      },
    ])
    const items = within(screen.getByRole('list')).getAllByRole('article')
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['El faro', 'Un sueño antiguo'])
    expect(within(items[0]!).getByText('5 de marzo de 2024')).toBeInTheDocument()
    expect(title).toHaveValue('')
    expect(date).toHaveValue('')
    expect(content).toHaveValue('')
  })

  it('sends no date as null', async () => {
    const api = fakeDreamApi()
    const { user, content, save } = await renderDiary()
    await user.type(content, 'Volaba sobre el río.')
    await user.click(save)
    await screen.findByText('Volaba sobre el río.')
    expect(api.writes()[0]?.body).toEqual({ title: '', dreamDate: null, content: 'Volaba sobre el río.' })
  })

  it('shows that it is saving, and does not send twice', async () => {
    const api = fakeDreamApi()
    const answer = deferred<Response>()
    api.answerNext('POST', '/api/dreams', () => answer.promise)
    const { user, content, save } = await renderDiary()

    await user.type(content, 'Un tren sin estaciones.')
    await user.click(save)
    const pending = await screen.findByRole('button', { name: 'Guardando...' })
    expect(pending).toHaveAttribute('aria-disabled', 'true')
    await user.click(pending)
    expect(api.writes()).toHaveLength(1)

    answer.resolve(jsonResponse(buildDream({ content: 'Un tren sin estaciones.' }), 201))
    expect(await screen.findByRole('button', { name: 'Guardar sueño' })).toBeInTheDocument()
  })

  it('keeps everything typed when saving fails, and says so', async () => {
    const api = fakeDreamApi()
    api.answerNext('POST', '/api/dreams', () => errorResponse(500, 'internal'))
    const { user, title, content, save } = await renderDiary()

    await user.type(title, 'La casa azul')
    await user.type(content, 'Las puertas se abrían solas.')
    await user.click(save)

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar el sueño.')
    expect(title).toHaveValue('La casa azul')
    expect(content).toHaveValue('Las puertas se abrían solas.')
    expect(screen.queryByText('Tu sueño quedó guardado en el diario.')).not.toBeInTheDocument()
  })

  it('shows the server’s field issue beside the field', async () => {
    const api = fakeDreamApi()
    api.answerNext('POST', '/api/dreams', () => errorResponse(400, 'validation_failed', [{ path: 'content', code: 'dream.description_required' }]))
    const { user, content, save } = await renderDiary()

    await user.type(content, 'Algo que el servidor rechaza.')
    await user.click(save)

    expect(await screen.findByText('La descripción del sueño es obligatoria.')).toBeInTheDocument()
    expect(content).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('Error al guardar el sueño.')
    expect(content).toHaveValue('Algo que el servidor rechaza.')
  })
})
