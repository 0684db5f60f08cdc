import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { jsonResponse } from '../../test/http.ts'
import { ForgotPasswordRoute } from './forgot-password.tsx'
import { LoginRoute } from './login.tsx'
import { ResetPasswordRoute } from './reset-password.tsx'

/** A server whose mail is `delivery`, answering the reset with `resetAnswer`; records each body sent. */
function fakeServer(delivery: 'email' | 'operator', resetAnswer: () => Response = () => new Response(null, { status: 204 })) {
  const sent: { url: string; body: unknown }[] = []
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input)
    if (init?.body) sent.push({ url, body: JSON.parse(String(init.body)) })
    if (url === '/api/session') return jsonResponse(200, { user: null })
    if (url === '/api/auth/password-reset') return jsonResponse(200, { delivery })
    if (url === '/api/auth/request-password-reset') return new Response(null, { status: 204 })
    if (url === '/api/auth/reset-password') return resetAnswer()
    throw new Error(`Unexpected request ${url}`)
  })
  return { fetch, sent }
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="/reset-password" element={<ResetPasswordRoute />} />
    </Routes>,
    { route },
  )
}

/** Opens the page as a link with `hash` would, replacing the history entry (the files of this project share one window). */
function linkHash(hash: string) {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`)
}

afterEach(() => {
  vi.restoreAllMocks()
  linkHash('')
})

describe('a forgotten password', () => {
  it('is offered on the sign-in page', async () => {
    fakeServer('email')
    renderAt('/login')
    await userEvent.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }))
    expect(await screen.findByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeVisible()
  })

  it('with mail, sends the e-mail and says a link is on its way if there is an account', async () => {
    const { sent } = fakeServer('email')
    renderAt('/forgot-password')
    expect(await screen.findByText(/te enviaremos un enlace para elegir una contraseña nueva/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Este campo es obligatorio.')

    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'carmen@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Si hay una cuenta con ese correo, te hemos enviado un enlace.')
    expect(sent).toEqual([{ url: '/api/auth/request-password-reset', body: { email: 'carmen@example.org' } }])
  })

  it('without mail, says whom to ask for a link, and offers no form', async () => {
    fakeServer('operator')
    renderAt('/forgot-password')
    expect(await screen.findByText(/Pide a quien cuida este Legado un enlace para cambiarla/)).toBeVisible()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('the page of a reset link', () => {
  it('sets the new password twice typed, with the token of the link', async () => {
    const { sent } = fakeServer('email')
    linkHash('#token=un-token-de-prueba')
    renderAt('/reset-password')
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'clave-nueva-de-carmen')
    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'otra-cosa')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }))
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeVisible()

    await userEvent.clear(screen.getByLabelText('Confirmar contraseña nueva'))
    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'clave-nueva-de-carmen')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Listo: tu contraseña ha cambiado.')
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
    expect(sent).toEqual([{ url: '/api/auth/reset-password', body: { token: 'un-token-de-prueba', newPassword: 'clave-nueva-de-carmen' } }])
  })

  it('says kindly that a used or expired link is over, and offers to ask again', async () => {
    fakeServer('email', () => jsonResponse(410, { error: { code: 'auth.reset_link_invalid', message: 'used' } }))
    linkHash('#token=usado')
    renderAt('/reset-password')
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'clave-nueva-de-carmen')
    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'clave-nueva-de-carmen')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya se usó o ha caducado. No te preocupes: puedes pedir otro.')
    await userEvent.click(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeVisible())
  })

  it('says a link without its token is incomplete', async () => {
    fakeServer('email')
    renderAt('/reset-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('A este enlace le falta una parte.')
  })
})
