import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Navigate, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { LoginRoute } from './login.tsx'
import { jsonResponse, testMe } from '../../test/http.ts'

const me = testMe()

/** A server where nobody is signed in until sign-in answers `signInAnswer`. */
function fakeServer(signInAnswer: () => Response) {
  let isSignedIn = false
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input)
    if (url === '/api/session') return jsonResponse(200, { user: isSignedIn ? me : null })
    if (url === '/api/auth/sign-in/email') {
      const answer = signInAnswer()
      isSignedIn = answer.ok
      return answer
    }
    throw new Error(`Unexpected request ${url}`)
  })
}

function renderLogin(start = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/from-guard" element={<Navigate to="/login" state={{ from: '/my-dreams' }} />} />
      <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
      <Route path="/my-dreams" element={<h1>Mis sueños de prueba</h1>} />
      <Route path="/signup" element={<h1>Registro de prueba</h1>} />
    </Routes>,
    { route: start },
  )
}

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Correo electrónico'), email)
  await userEvent.type(screen.getByLabelText('Contraseña'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
}

afterEach(() => vi.restoreAllMocks())

describe('LoginRoute', () => {
  it('asks for both fields before calling the server', async () => {
    const fetch = fakeServer(() => jsonResponse(200, { user: me }))
    renderLogin()
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }))

    // The check loads with the first touch of the form, so its messages may take a moment.
    await waitFor(() => expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Este campo es obligatorio.'), { timeout: 5000 })
    expect(screen.getByLabelText('Correo electrónico')).toHaveFocus()
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/sign-in/email', expect.anything())
  })

  it('after a refused submit, each field message follows what is typed into it', async () => {
    const fetch = fakeServer(() => jsonResponse(200, { user: me }))
    renderLogin()
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa@')
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El formato del correo electrónico no es válido.'), { timeout: 5000 })
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Este campo es obligatorio.')

    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'example.com')
    expect(screen.getByLabelText('Correo electrónico')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/sign-in/email', expect.anything())
  })

  it('says the e-mail or password is wrong when the server refuses them', async () => {
    fakeServer(() => jsonResponse(401, { error: { code: 'auth.invalid_credentials', message: 'Invalid email or password' } }))
    renderLogin()
    await fillAndSubmit('rosa@example.com', 'incorrecta')

    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico o contraseña incorrectos.')
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('rosa@example.com')
  })

  it('asks to wait after too many attempts', async () => {
    fakeServer(() => jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many requests' } }))
    renderLogin()
    await fillAndSubmit('rosa@example.com', 'secreto')
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos por ahora. Vuelve a intentarlo más tarde.')
  })

  it('shows the generic failure for anything else', async () => {
    fakeServer(() => jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }))
    renderLogin()
    await fillAndSubmit('rosa@example.com', 'secreto')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al iniciar sesión. Inténtalo de nuevo más tarde.')
  })

  it('sends the trimmed e-mail and goes to the dashboard on success', async () => {
    const fetch = fakeServer(() => jsonResponse(200, { user: me }))
    renderLogin()
    await fillAndSubmit('  Rosa@Example.com ', 'secreto')

    expect(await screen.findByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
    const signIn = fetch.mock.calls.find(([url]) => url === '/api/auth/sign-in/email')
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({ email: 'rosa@example.com', password: 'secreto' })
  })

  it('returns to the page the guard protected', async () => {
    fakeServer(() => jsonResponse(200, { user: me }))
    renderLogin('/from-guard')
    await fillAndSubmit('rosa@example.com', 'secreto')
    expect(await screen.findByRole('heading', { name: 'Mis sueños de prueba' })).toBeInTheDocument()
  })

  it('switches to the language the account chose', async () => {
    fakeServer(() => jsonResponse(200, { user: { ...me, preferredLanguage: 'fr' } }))
    renderLogin()
    try {
      await fillAndSubmit('rosa@example.com', 'secreto')
      await screen.findByRole('heading', { name: 'Dashboard de prueba' })
      expect(i18n.resolvedLanguage).toBe('fr')
    } finally {
      await i18n.changeLanguage('es')
    }
  })

  it('links to the sign-up page', () => {
    fakeServer(() => jsonResponse(200, { user: me }))
    renderLogin()
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/signup')
  })
})
