import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Someone else, on another device, saving Carmen while the form is open here. */
async function saveElsewhere(member: Member, changes: object): Promise<Member> {
  return (await apiFetch<{ member: Member }>(`/api/family-tree/members/${member.memberId}`, { method: 'PATCH', body: { language: 'es', ...changes } })).member
}

describe('a member saved by someone else while the form was open', () => {
  it('says what changed, keeps what was typed, and loads the changes with a note of what they replaced', async () => {
    const { carmen, members } = rosasFamily()
    const api = fakeFamilyApi(members)
    const user = userEvent.setup()
    renderWithProviders(<FamilyTreeManager />)
    await user.click(await screen.findByRole('button', { name: 'Editar a Carmen López' }))
    // The form is a chunk of its own, loaded at the first opening.
    const form = await screen.findByRole('form', { name: 'Editar a Carmen López' }, { timeout: 15_000 })

    const elsewhere = await saveElsewhere(carmen, { birthDate: '1921', birthPlace: 'Sevilla' })

    const place = within(form).getByRole('textbox', { name: /^Lugar de nacimiento/ })
    const notes = within(form).getByRole('textbox', { name: /^Notas/ })
    await user.type(place, 'Jerez')
    await user.type(notes, 'Cantaba coplas.')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveFocus()
    expect(alert).toHaveTextContent('Alguien cambió la ficha de Carmen López mientras la editabas. Esto es lo que cambió:')
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fecha de nacimiento: antes «5 de enero de 1920», ahora «1921».', 'Lugar de nacimiento: antes (vacío), ahora «Sevilla».'])
    // Nothing typed is lost while the person reads.
    expect(place).toHaveValue('Jerez')
    expect(notes).toHaveValue('Cantaba coplas.')

    await user.click(within(alert).getByRole('button', { name: 'Cargar los cambios' }))
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /^Fecha de nacimiento/ })).toHaveValue('1921')
    expect(place).toHaveValue('Sevilla')
    // A field only this person changed keeps what they typed.
    expect(notes).toHaveValue('Cantaba coplas.')
    const note = within(form)
      .getAllByRole('status')
      .find((region) => region.textContent?.startsWith('Ya están en el formulario los cambios de la otra persona.'))!
    expect(note).toHaveFocus()
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lugar de nacimiento: «Jerez»'])

    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByRole('button', { name: 'Editar a Carmen López' })).toHaveFocus()
    const saved = api.tree().members.find((m) => m.memberId === carmen.memberId)!
    expect(saved).toMatchObject({ birthPlace: 'Sevilla', notes: 'Cantaba coplas.' })
    const patches = api.writes().filter((write) => write.method === 'PATCH')
    expect(patches.map((write) => (write.body as { expectedUpdatedAt?: string }).expectedUpdatedAt)).toEqual([
      undefined, // the other device's
      carmen.updatedAt,
      elsewhere.updatedAt,
    ])
  })

  it('names a change to the relatives by their names', async () => {
    const { rosa, luis, members } = rosasFamily()
    fakeFamilyApi(members)
    const user = userEvent.setup()
    renderWithProviders(<FamilyTreeManager />)
    await user.click(await screen.findByRole('button', { name: 'Editar a Luis Martín' }))
    // The form is a chunk of its own, loaded at the first opening.
    const form = await screen.findByRole('form', { name: 'Editar a Luis Martín' }, { timeout: 15_000 })

    await saveElsewhere(luis, { relationshipToOwner: 'Marido', spouseMemberIds: [] })
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    const alert = await within(form).findByRole('alert')
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Relación contigo: antes «Esposo», ahora «Marido».', `Cónyuges o parejas: antes «${rosa.firstName} ${rosa.lastName}», ahora (vacío).`])
  })
})
