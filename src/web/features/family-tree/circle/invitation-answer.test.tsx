import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildPreview, fakeCircleApi } from '../test/fake-circle-api.ts'
import { InvitationAnswer } from './invitation-answer.tsx'

afterEach(() => vi.restoreAllMocks())

function WhereFrom() {
  const state = useLocation().state as { from?: string } | null
  return <p>Vuelve a {state?.from}</p>
}

function renderAnswer(isSignedIn: boolean, onAccepted = vi.fn(), onJoined = vi.fn(async () => {})) {
  renderWithProviders(
    <Routes>
      <Route path="/invitation/:token" element={<InvitationAnswer token="un-token" isSignedIn={isSignedIn} onJoined={onJoined} onAccepted={onAccepted} />} />
      <Route path="/signup" element={<WhereFrom />} />
      <Route path="/login" element={<WhereFrom />} />
    </Routes>,
    { route: '/invitation/un-token' },
  )
  return { onAccepted, onJoined }
}

describe('the invitation page', () => {
  it('says who invites, to which tree, as whom and until when, and signs a visitor up and back here', async () => {
    fakeCircleApi({ preview: buildPreview() })
    const user = userEvent.setup()
    renderAnswer(false)
    expect(await screen.findByText('Rosa Pérez te invita a su árbol «Árbol de Rosa».')).toBeInTheDocument()
    expect(screen.getByText('Podrás ver el árbol y aportar entrevistas, fotos y grabaciones.')).toBeInTheDocument()
    expect(screen.getByText('En el árbol eres Tomás Pérez.')).toBeInTheDocument()
    expect(screen.getByText(/^La invitación vale hasta el 15 de marzo de 2026/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' })).toHaveAttribute('href', '/login')
    await user.click(screen.getByRole('link', { name: 'Crear mi cuenta' }))
    expect(screen.getByText('Vuelve a /invitation/un-token')).toBeInTheDocument()
  })

  it('joins the tree when the person signed in accepts, and reads the pages again', async () => {
    const api = fakeCircleApi({ preview: buildPreview() })
    const user = userEvent.setup()
    const { onAccepted, onJoined } = renderAnswer(true)
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }))
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalledWith({ treeId: 'tree-rosa', role: 'contributor', linkedMemberId: 'member-tomas' }, buildPreview()))
    expect(onJoined).toHaveBeenCalledTimes(1)
    expect(api.requestsTo('POST', '/api/invitations/un-token/accept')).toHaveLength(1)
  })

  it('declines, and says how to change one’s mind', async () => {
    const api = fakeCircleApi({ preview: buildPreview() })
    const user = userEvent.setup()
    renderAnswer(true)
    await user.click(await screen.findByRole('button', { name: 'Rechazar' }))
    expect(await screen.findByText(/Has rechazado la invitación/)).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/invitations/un-token/decline')).toHaveLength(1)
  })

  it.each([
    ['expired', 'Esta invitación ha caducado.'],
    ['revoked', 'Rosa Pérez retiró esta invitación.'],
    ['accepted', 'Esta invitación ya se aceptó.'],
  ] as const)('says kindly that a %s invitation no longer works, and to ask for a new one', async (status, text) => {
    fakeCircleApi({ preview: buildPreview({ status }) })
    renderAnswer(true)
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.getByText('Si quieres entrar en el árbol, pide a Rosa Pérez una invitación nueva.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument()
  })

  it('says a link that does not exist is not one', async () => {
    fakeCircleApi()
    renderAnswer(false)
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de invitación no existe.')
  })
})
