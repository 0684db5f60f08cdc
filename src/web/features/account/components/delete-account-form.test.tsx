import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountReach } from '../../../../shared/contracts/family-circle.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeAccountApi, reachOfNobody } from '../test/fake-account-api.ts'
import { DeleteAccountForm } from './delete-account-form.tsx'

afterEach(() => vi.restoreAllMocks())

const rosasTree = { treeId: 't-rosa', treeName: 'Árbol de Rosa' }
const deleteButton = () => screen.getByRole('button', { name: 'Eliminar mi cuenta para siempre' })

function renderForm(reach: AccountReach) {
  const api = fakeAccountApi(reach)
  const onDeleted = vi.fn()
  renderWithProviders(<DeleteAccountForm onDeleted={onDeleted} />)
  return { api, onDeleted }
}

async function confirmAndDelete() {
  await userEvent.type(screen.getByLabelText('Tu contraseña'), 'la-clave-de-rosa')
  await userEvent.type(screen.getByLabelText('Para confirmar, escribe ELIMINAR'), 'ELIMINAR')
  await userEvent.click(deleteButton())
}

describe('DeleteAccountForm, on what deleting takes from the family', () => {
  it('says, in plain words, which trees go whole and what goes from relatives’ trees, then deletes', async () => {
    const { api, onDeleted } = renderForm({
      heldTrees: [
        { ...rosasTree, members: 12, otherPeople: 3 },
        { treeId: 't-solo', treeName: 'Árbol de los Gil', members: 1, otherPeople: 0 },
      ],
      contributions: [
        { treeId: 't-marta', treeName: 'Árbol de Marta', ownerName: 'Marta Pérez', interviews: 4, files: 2 },
        { treeId: 't-luis', treeName: 'Árbol de Luis', ownerName: 'Luis Gil', interviews: 1, files: 0 },
        { treeId: 't-ana', treeName: 'Árbol de Ana', ownerName: 'Ana Ruiz', interviews: 0, files: 3 },
        // Belonging to a tree without adding anything to it takes nothing from it.
        { treeId: 't-pepe', treeName: 'Árbol de Pepe', ownerName: 'Pepe Ruiz', interviews: 0, files: 0 },
      ],
      handedOverTrees: [],
    })
    const lines = (await screen.findAllByRole('listitem')).map((item) => item.textContent)
    expect(lines).toEqual([
      'Se borrará tu árbol «Árbol de Rosa» con sus 12 personas; 3 personas más de tu familia dejarán de verlo.',
      'Se borrará tu árbol «Árbol de los Gil» con su única persona.',
      'De «Árbol de Marta» (de Marta Pérez) se borrarán las 4 entrevistas y 2 archivos que añadiste.',
      'De «Árbol de Luis» (de Luis Gil) se borrará la entrevista que añadiste.',
      'De «Árbol de Ana» (de Ana Ruiz) se borrarán los 3 archivos que añadiste.',
    ])
    await vi.waitFor(() => expect(deleteButton()).toBeEnabled())
    await confirmAndDelete()
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled())
    expect(api.requestsTo('DELETE', '/api/me')).toHaveLength(1)
  })

  it('says a tree handed over stays with the one who looks after it now, and lets the account go', async () => {
    const { api, onDeleted } = renderForm({
      ...reachOfNobody,
      heldTrees: [{ ...rosasTree, members: 12, otherPeople: 3 }],
      handedOverTrees: [{ ...rosasTree, ownerName: 'Lucía Gil' }],
    })
    const lines = (await screen.findAllByRole('listitem')).map((item) => item.textContent)
    // Not said to go: it moves out of the account first.
    expect(lines).toEqual(['El árbol «Árbol de Rosa» se queda con Lucía Gil, que ahora lo cuida: no se borra nada de él y la familia lo conserva.'])
    await vi.waitFor(() => expect(deleteButton()).toBeEnabled())
    await confirmAndDelete()
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled())
    expect(api.requestsTo('DELETE', '/api/me')).toHaveLength(1)
  })

  it('says nothing more for an account that touches nobody else’s tree', async () => {
    renderForm(reachOfNobody)
    await vi.waitFor(() => expect(deleteButton()).toBeEnabled())
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    expect(deleteButton()).not.toHaveAccessibleDescription()
  })
})
