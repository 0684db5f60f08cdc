import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Circle } from '../../../../shared/contracts/family-circle.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildMember } from '../test/fake-family-api.ts'
import { buildInvitation, buildPerson, buildTree, fakeCircleApi } from '../test/fake-circle-api.ts'
import { FamilyCircle } from './family-circle.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const tomasCard = buildMember({ memberId: 'member-tomas', firstName: 'Tomás', lastName: 'Pérez', relationshipToOwner: 'Nieto' })
const rosa = buildPerson()
const tomas = buildPerson({
  userId: 'u2',
  name: 'Tomás Pérez',
  role: 'contributor',
  linkedMemberId: 'member-tomas',
  linkedMemberName: 'Tomás Pérez',
  isYou: false,
  isHolder: false,
})

function circleOf(overrides: Partial<Circle> = {}): Circle {
  return { treeId: 'tree-rosa', treeName: 'Árbol de Rosa', yourRole: 'owner', people: [rosa, tomas], invitations: [], canMail: false, ...overrides }
}

describe('the family page', () => {
  it('shows each person with their role in plain words and the card they are', async () => {
    fakeCircleApi({ circle: circleOf(), members: [tomasCard] })
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} />)
    const tomasRow = await screen.findByRole('article', { name: 'Tomás Pérez' })
    expect(within(tomasRow).getByText('Aporta recuerdos', { selector: '.role-badge' })).toBeInTheDocument()
    expect(within(tomasRow).getByText('En el árbol es Tomás Pérez.')).toBeInTheDocument()
    const rosaRow = screen.getByRole('article', { name: 'Rosa Pérez' })
    expect(within(rosaRow).getByText('(tú)')).toBeInTheDocument()
    expect(within(rosaRow).getByText('Cuida el árbol', { selector: '.role-badge' })).toBeInTheDocument()
    // The owner neither leaves nor changes her own role: she hands the tree over first.
    expect(within(rosaRow).queryByRole('button')).not.toBeInTheDocument()
  })

  it('changes a role after a confirmation, and hands the tree over only after saying so in plain words', async () => {
    const api = fakeCircleApi({ circle: circleOf(), members: [tomasCard] })
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} />)
    const role = await screen.findByRole('combobox', { name: 'Papel de Tomás Pérez' })

    await user.selectOptions(role, 'viewer')
    await user.click(screen.getByRole('button', { name: 'Cambiar papel' }))
    const dialog = screen.getByRole('alertdialog', { name: '¿Cambiar el papel de Tomás Pérez?' })
    expect(dialog).toHaveTextContent('Tomás Pérez pasará a «Mira»: Podrá mirar el árbol y sus recuerdos, sin cambiar nada.')
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cambiar el papel' }))
    expect(await screen.findByText('Ahora Tomás Pérez: «Mira».')).toBeInTheDocument()
    expect(api.requestsTo('PATCH', '/api/trees/tree-rosa/people/u2').map((request) => request.body)).toEqual([{ role: 'viewer' }])

    await user.selectOptions(screen.getByRole('combobox', { name: 'Papel de Tomás Pérez' }), 'owner')
    await user.click(screen.getByRole('button', { name: 'Cambiar papel' }))
    const handOver = screen.getByRole('alertdialog', { name: '¿Pasarle el árbol a Tomás Pérez?' })
    expect(handOver).toHaveTextContent('ya no lo cuidarás tú')
    await user.click(within(handOver).getByRole('button', { name: 'Cancelar' }))
    expect(api.requestsTo('PATCH', '/api/trees/tree-rosa/people/u2')).toHaveLength(1)
  })

  it('removes someone after a confirmation', async () => {
    const api = fakeCircleApi({ circle: circleOf(), members: [tomasCard] })
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Quitar a Tomás Pérez del árbol' }))
    await user.click(within(screen.getByRole('alertdialog', { name: '¿Quitar a Tomás Pérez del árbol?' })).getByRole('button', { name: 'Sí, quitar' }))
    expect(await screen.findByText('Tomás Pérez ya no está en el árbol.')).toBeInTheDocument()
    expect(api.requestsTo('DELETE', '/api/trees/tree-rosa/people/u2')).toHaveLength(1)
  })

  it('lets anyone but the owner leave, and reads the pages again once they have', async () => {
    const circle = circleOf({
      yourRole: 'contributor',
      people: [
        { ...rosa, isYou: false },
        { ...tomas, isYou: true },
      ],
    })
    const api = fakeCircleApi({ trees: { trees: [buildTree({ role: 'contributor', isOwn: false })], hasOwnTree: true }, circle })
    const onTreeChanged = vi.fn(async () => {})
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={onTreeChanged} />)

    await user.click(await screen.findByRole('button', { name: 'Salir de este árbol' }))
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Invitar a alguien' })).not.toBeInTheDocument()
    await user.click(within(screen.getByRole('alertdialog', { name: '¿Salir del árbol «Árbol de Rosa»?' })).getByRole('button', { name: 'Sí, salir' }))
    expect(await screen.findByText('Has salido del árbol «Árbol de Rosa».')).toBeInTheDocument()
    expect(api.requestsTo('DELETE', '/api/trees/tree-rosa/people/u2')).toHaveLength(1)
    expect(onTreeChanged).toHaveBeenCalledTimes(1)
  })

  it('invites with a role and the card chosen, for 14 days unless said otherwise, and shows the link once to copy', async () => {
    const api = fakeCircleApi({ circle: circleOf({ people: [rosa] }), members: [tomasCard] })
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} inviteMemberId="member-tomas" />)

    expect(await screen.findByRole('heading', { name: 'Invitar a alguien' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Aporta recuerdos' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Mira' })).toHaveAccessibleDescription('Podrá mirar el árbol y sus recuerdos, sin cambiar nada.')
    expect(screen.getByRole('combobox', { name: '¿Quién es en el árbol? (opcional)' })).toHaveValue('member-tomas')
    // The server mails nothing here: no e-mail field.
    expect(screen.queryByRole('textbox', { name: /correo/ })).not.toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Días que vale el enlace' })).toHaveValue(14)

    await user.click(screen.getByRole('button', { name: 'Crear la invitación' }))
    expect(await screen.findByRole('heading', { name: 'La invitación está lista' })).toHaveFocus()
    expect(api.requestsTo('POST', '/api/trees/tree-rosa/invitations').map((request) => request.body)).toEqual([
      { role: 'contributor', expiresInDays: 14, memberId: 'member-tomas', language: 'es' },
    ])
    expect(screen.getByText('http://legado.test/invitation/un-token-largo-de-prueba-123')).toBeInTheDocument()
    // The same link as a code to scan, described for whoever cannot see it.
    expect(screen.getByRole('img', { name: 'Código QR del enlace de la invitación' })).toHaveAccessibleDescription(
      'Si está a tu lado, puede abrir el enlace apuntando la cámara de su móvil a este código.',
    )
    await user.click(screen.getByRole('button', { name: 'Copiar el enlace' }))
    // user-event's stand-in for the clipboard holds what was copied.
    expect(await navigator.clipboard.readText()).toBe('http://legado.test/invitation/un-token-largo-de-prueba-123')
    expect(screen.getByText('Enlace copiado. Pégalo en un mensaje para enviarlo.')).toBeInTheDocument()
    // The invitation now waits in the list, to withdraw.
    const waiting = await screen.findByRole('region', { name: 'Invitaciones enviadas' })
    expect(within(waiting).getByText('Tomás Pérez')).toBeInTheDocument()
  })

  it('asks for the e-mail where the server mails, and refuses a number of days out of range before sending', async () => {
    const api = fakeCircleApi({ circle: circleOf({ people: [rosa], canMail: true }), members: [] })
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} />)
    expect(await screen.findByRole('textbox', { name: 'Su correo electrónico (opcional)' })).toBeInTheDocument()
    const days = screen.getByRole('spinbutton', { name: 'Días que vale el enlace' })
    await user.clear(days)
    await user.type(days, '90')
    await user.click(screen.getByRole('button', { name: 'Crear la invitación' }))
    expect(days).toHaveFocus()
    expect(days).toHaveAccessibleDescription('Escribe un número de días entre 1 y 60.')
    expect(api.requestsTo('POST', '/api/trees/tree-rosa/invitations')).toEqual([])
  })

  it('withdraws an invitation waiting for an answer', async () => {
    const api = fakeCircleApi({ circle: circleOf({ invitations: [buildInvitation({ memberName: 'Tomás Pérez' })] }), members: [tomasCard] })
    const user = userEvent.setup()
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Retirar la invitación de Tomás Pérez' }))
    expect(await screen.findByText('Invitación retirada: el enlace ya no sirve.')).toBeInTheDocument()
    expect(api.requestsTo('DELETE', '/api/trees/tree-rosa/invitations/inv-1')).toHaveLength(1)
  })

  it('says «(tú)» by the inviter’s own card among the cards to invite for, not by the keeper’s', async () => {
    const rosaCard = buildMember({ memberId: 'member-rosa', firstName: 'Rosa', lastName: 'Pérez', isSelf: true, relationshipToOwner: 'Yo misma' })
    const luisCard = buildMember({ memberId: 'member-luis', firstName: 'Luis', lastName: 'Pérez', relationshipToOwner: 'Hijo', linkedUserAccountId: 'u3' })
    const choices = async () =>
      within(await screen.findByRole('combobox', { name: '¿Quién es en el árbol? (opcional)' }))
        .getAllByRole('option')
        .map((option) => option.textContent)

    fakeCircleApi({ circle: circleOf(), members: [rosaCard, luisCard, tomasCard] })
    const keepers = renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} readerId="u1" />)
    await screen.findByText('Rosa Pérez (tú)')
    expect(await choices()).toEqual(expect.arrayContaining(['Rosa Pérez (tú)', 'Luis Pérez', 'Tomás Pérez']))
    keepers.unmount()
    vi.restoreAllMocks()

    // Luis, an editor linked to his own card, invites too.
    const luis = buildPerson({ userId: 'u3', name: 'Luis Pérez', role: 'editor', linkedMemberId: 'member-luis', linkedMemberName: 'Luis Pérez', isYou: true, isHolder: false })
    fakeCircleApi({
      trees: { trees: [buildTree({ role: 'editor', isOwn: false })], hasOwnTree: false },
      circle: circleOf({ yourRole: 'editor', people: [{ ...rosa, isYou: false }, tomas, luis] }),
      members: [rosaCard, luisCard, tomasCard],
    })
    renderWithProviders(<FamilyCircle onTreeChanged={async () => {}} readerId="u3" />)
    await screen.findByText('Luis Pérez (tú)')
    expect(await choices()).toEqual(expect.arrayContaining(['Rosa Pérez', 'Luis Pérez (tú)', 'Tomás Pérez']))
    expect(await choices()).not.toContain('Rosa Pérez (tú)')
  })
})
