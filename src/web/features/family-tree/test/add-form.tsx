import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { FamilyTreeManager } from '../components/family-tree-manager.tsx'

/** The tree page's working area with the add form opened through its button, and its fields (in Spanish). */
export async function openAddForm() {
  const user = userEvent.setup()
  renderWithProviders(<FamilyTreeManager />)
  const addButton = await screen.findByRole('button', { name: 'Añadir persona' })
  // The form opens once the tree has loaded: it needs to know who is already in it.
  await waitFor(() => expect(addButton).toHaveAttribute('aria-disabled', 'false'))
  await user.click(addButton)
  const form = await screen.findByRole('form', { name: 'Añadir persona' })
  const field = (name: string | RegExp) => within(form).getByRole('textbox', { name })
  return {
    user,
    addButton,
    form,
    field,
    firstName: field('Nombre'),
    lastName: field('Apellido'),
    relationship: () => within(form).queryByRole('textbox', { name: /^Relación contigo/ }),
    isSelf: within(form).getByRole('checkbox', { name: 'Este perfil me representa' }),
    isDeceased: within(form).getByRole('checkbox', { name: 'Ha fallecido' }),
    save: within(form).getByRole('button', { name: 'Guardar persona' }),
    group: (name: string) => within(form).getByRole('group', { name }),
  }
}
