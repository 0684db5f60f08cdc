import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildDream, errorResponse, fakeDreamApi } from '../test/fake-dream-api.ts'
import { DreamList } from './dream-list.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Items live in the list, which re-renders them from the query cache after a save. */
function renderList() {
  const user = userEvent.setup()
  renderWithProviders(<DreamList />)
  return { user }
}

describe('editing a dream in place', () => {
  it('saves the changes, shows them and gives focus back to the edit button', async () => {
    const dream = buildDream({ title: 'El puente', content: 'Cruzaba un puente.', dreamDate: '2023-11-20' })
    const api = fakeDreamApi([dream])
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar «El puente»' }))
    const form = screen.getByRole('form', { name: 'Editar «El puente»' })
    const title = within(form).getByRole('textbox', { name: 'Título (opcional)' })
    expect(title).toHaveFocus()
    expect(within(form).getByLabelText('Fecha del sueño (opcional)')).toHaveValue('2023-11-20')
    await user.clear(title)
    await user.type(title, ' El puente de piedra ')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    const editButton = await screen.findByRole('button', { name: 'Editar «El puente de piedra»' })
    expect(editButton).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('Se guardaron los cambios de «El puente de piedra».')
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/dreams/${dream.id}`,
        body: { title: 'El puente de piedra', dreamDate: '2023-11-20', content: 'Cruzaba un puente.' },
      },
    ])
  })

  it('applies the same rules: a blank description is refused without a request', async () => {
    const api = fakeDreamApi([buildDream({ title: 'El puente' })])
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar «El puente»' }))
    const content = screen.getByRole('textbox', { name: 'Descripción' })
    await user.clear(content)
    await user.type(content, '  ')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('La descripción del sueño es obligatoria.')).toBeInTheDocument()
    expect(content).toHaveAttribute('aria-invalid', 'true')
    expect(api.writes()).toEqual([])
  })

  it('keeps the edits when saving fails', async () => {
    const dream = buildDream({ title: 'El puente' })
    const api = fakeDreamApi([dream])
    api.answerNext('PATCH', `/api/dreams/${dream.id}`, () => errorResponse(500, 'internal'))
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar «El puente»' }))
    const content = screen.getByRole('textbox', { name: 'Descripción' })
    await user.type(content, ' y llovía')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar el sueño.')
    expect(content).toHaveValue(`${dream.content} y llovía`)
  })

  it('cancels without saving and gives focus back to the edit button', async () => {
    const api = fakeDreamApi([buildDream({ title: 'El puente' })])
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: 'Editar «El puente»' }))
    await user.type(screen.getByRole('textbox', { name: 'Título (opcional)' }), ' roto')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))

    expect(screen.getByRole('heading', { name: 'El puente' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar «El puente»' })).toHaveFocus()
    expect(api.writes()).toEqual([])
  })
})
