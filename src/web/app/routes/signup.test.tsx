import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { SignupRoute } from './signup.tsx'
import { jsonResponse } from '../../test/http.ts'

function fakeServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/auth/sign-up/email') return jsonResponse(200, { user: { id: 'u1' } })
    return jsonResponse(401, { error: { code: 'unauthenticated', message: 'No session' } })
  })
}

function renderSignup() {
  return renderWithProviders(
    <Routes>
      <Route path="/signup" element={<SignupRoute />} />
      <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
    </Routes>,
    { route: '/signup' },
  )
}

async function fill(password: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa@example.com')
  await userEvent.type(screen.getByLabelText('Contraseña'), password)
  await userEvent.type(screen.getByLabelText('Confirmar contraseña'), confirmation)
  await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }))
}

afterEach(() => vi.restoreAllMocks())

describe('SignupRoute (older form)', () => {
  it('refuses passwords that do not match', async () => {
    const fetch = fakeServer()
    renderSignup()
    await fill('secreto1', 'secreto2')

    // The check loads when the form is first touched: its message comes once it has.
    await waitFor(() => expect(screen.getByLabelText('Confirmar contraseña')).toHaveAccessibleDescription('Las contraseñas no coinciden.'))
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/sign-up/email', expect.anything())
  })

  it('creates the account without a name and opens the dashboard', async () => {
    const fetch = fakeServer()
    renderSignup()
    await fill('secreto1', 'secreto1')

    expect(await screen.findByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
    const call = fetch.mock.calls.find(([url]) => url === '/api/auth/sign-up/email')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: '',
      email: 'rosa@example.com',
      password: 'secreto1',
      preferredLanguage: 'es',
    })
  })

  it('links to the login page', () => {
    fakeServer()
    renderSignup()
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login')
  })
})
