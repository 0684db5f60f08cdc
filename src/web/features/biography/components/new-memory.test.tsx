import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeBiographyApi } from '../test/fake-biography-api.ts'
import { MemoryList } from './memory-list.tsx'
import { NewMemory } from './new-memory.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

async function renderWithList() {
  const user = userEvent.setup()
  renderWithProviders(
    <MemoryList>
      <NewMemory />
    </MemoryList>,
  )
  const open = screen.getByRole('button', { name: 'Escribir un recuerdo a mano' })
  expect(open).toHaveAttribute('aria-expanded', 'false')
  await user.click(open)
  return { user, open }
}

describe('writing a memory by hand', () => {
  it('opens behind its button, refuses an empty memory without a request', async () => {
    const api = fakeBiographyApi({ entries: [] })
    const { user, open } = await renderWithList()
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const content = screen.getByRole('textbox', { name: 'Tu recuerdo' })
    expect(content).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Guardar recuerdo' }))
    expect(await screen.findByText('El contenido del recuerdo es obligatorio.')).toBeInTheDocument()
    expect(content).toHaveAttribute('aria-invalid', 'true')
    expect(api.writes()).toEqual([])
  })

  it('saves the trimmed memory, closes, and shows it first in the list', async () => {
    const api = fakeBiographyApi({ entries: [] })
    const { user, open } = await renderWithList()

    await user.type(screen.getByRole('textbox', { name: 'Tu recuerdo' }), '  Aprendí a nadar en el río Cauca.  ')
    await user.type(screen.getByRole('textbox', { name: 'Título (opcional)' }), 'El río')
    await user.type(screen.getByLabelText('Fecha del recuerdo (opcional)'), 'primavera de 1958')
    await user.click(screen.getByRole('button', { name: 'Guardar recuerdo' }))

    expect(await screen.findByText('Tu recuerdo quedó guardado en tu biografía.')).toBeInTheDocument()
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/biography/entries', body: { content: 'Aprendí a nadar en el río Cauca.', title: 'El río', eventDate: 'primavera de 1958', language: 'es' } },
    ])
    expect(screen.queryByRole('textbox', { name: 'Tu recuerdo' })).not.toBeInTheDocument()
    expect(open).toHaveFocus()
    const memory = within(await screen.findByTestId('memory-list')).getByRole('article')
    expect(within(memory).getByRole('heading', { name: 'El río' })).toBeInTheDocument()
    expect(within(memory).getByText('Aprendí a nadar en el río Cauca.')).toBeInTheDocument()
    expect(within(memory).getByText('primavera de 1958')).toBeInTheDocument()
  })

  it('says why a memory cannot be saved without the person’s own profile, keeping what was written', async () => {
    fakeBiographyApi({ entries: [], canSave: false })
    const { user } = await renderWithList()
    const content = screen.getByRole('textbox', { name: 'Tu recuerdo' })
    await user.type(content, 'Mi primer día de trabajo.')
    await user.click(screen.getByRole('button', { name: 'Guardar recuerdo' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('No se puede guardar el recuerdo sin un perfil de miembro asociado.')
    expect(content).toHaveValue('Mi primer día de trabajo.')
  })
})
