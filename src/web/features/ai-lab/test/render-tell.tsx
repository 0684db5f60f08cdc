import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../../../test/render.tsx'
import { TellAMemory } from '../components/tell-a-memory.tsx'

/** Tell a Memory on its own, as the lab's first tab shows it. */
export function renderTell({ canGenerate = true as boolean | undefined } = {}) {
  const user = userEvent.setup()
  renderWithProviders(<TellAMemory canGenerate={canGenerate} />)
  return { user }
}

export const memoryBox = () => screen.getByRole('textbox', { name: 'Tu recuerdo' })
export const generateButton = () => screen.queryByRole('button', { name: 'Generar variación con IA' })
export const saveAsToldButton = () => screen.getByRole('button', { name: 'Guardar tal como lo conté' })
export const saveWithVariationButton = () => screen.queryByRole('button', { name: 'Guardar con la variación' })
