import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonResponse, testMe } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { AccountRoute } from './account.tsx'

const rosa = testMe({ email: 'abuela.rosa@example.com', displayName: 'Rosa Martínez' })

function fakeServer() {
  let me = rosa
  return fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/session') return jsonResponse(200, { user: me })
    if (method === 'GET' && path === '/api/me/reach') return jsonResponse(200, { heldTrees: [], contributions: [], handedOverTrees: [] })
    if (method === 'PATCH' && path === '/api/me') {
      me = { ...me, ...(body as object) }
      return jsonResponse(200, me)
    }
    if (path === '/api/auth/change-password') return jsonResponse(200, { user: me })
    if (path === '/api/auth/sign-out' || path === '/api/auth/revoke-sessions') return jsonResponse(200, { success: true })
    throw new Error(`Unexpected request ${method} ${path}`)
  })
}

function renderAccount() {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountRoute />} />
      <Route path="/login" element={<h1>Página de acceso</h1>} />
    </Routes>,
    { route: '/account' },
  )
}

const passwordSection = () => screen.getByRole('region', { name: 'Cambiar contraseña' })

async function fillPasswords(current: string, next: string, confirm = next) {
  const section = passwordSection()
  await userEvent.type(within(section).getByLabelText('Contraseña actual'), current)
  await userEvent.type(within(section).getByLabelText('Contraseña nueva'), next)
  await userEvent.type(within(section).getByLabelText('Confirmar contraseña nueva'), confirm)
  await userEvent.click(within(section).getByRole('button', { name: 'Cambiar contraseña' }))
}

afterEach(() => vi.restoreAllMocks())

describe('AccountRoute', () => {
  it('offers everything as one download, and an import beside it', async () => {
    fakeServer()
    renderAccount()
    const portability = await screen.findByRole('region', { name: 'Tus datos son tuyos' })
    const download = within(portability).getByRole('link', { name: 'Exportar todo' })
    expect(download).toHaveAttribute('href', '/api/me/export')
    expect(download).toHaveAttribute('download')
    expect(within(portability).getByLabelText('Archivo .zip exportado')).toHaveAttribute('accept', '.zip,application/zip')
    expect(within(portability).getByRole('button', { name: 'Importar' })).toBeEnabled()
  })

  it('shows the e-mail and saves a new name', async () => {
    const api = fakeServer()
    renderAccount()
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument()
    const profile = screen.getByRole('region', { name: 'Tus datos' })
    expect(await within(profile).findByText(/abuela\.rosa@example\.com/)).toHaveTextContent('Correo electrónico: abuela.rosa@example.com')
    const name = within(profile).getByLabelText('Nombre')
    expect(name).toHaveValue('Rosa Martínez')
    await userEvent.clear(name)
    await userEvent.type(name, 'Rosa Elena Martínez')
    await userEvent.click(within(profile).getByRole('button', { name: 'Guardar nombre' }))
    expect(await within(profile).findByRole('status')).toHaveTextContent('Nombre guardado.')
    expect(api.requestsTo('PATCH', '/api/me').map((r) => r.body)).toEqual([{ displayName: 'Rosa Elena Martínez' }])
  })

  it('changes the password, says the other devices were signed out, and empties the fields', async () => {
    const api = fakeServer()
    renderAccount()
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })
    await fillPasswords('la-clave-de-antes', 'la-clave-de-ahora')
    expect(await within(passwordSection()).findByRole('status')).toHaveTextContent('Listo: tu contraseña ha cambiado y se cerró la sesión en tus otros dispositivos.')
    expect(api.requestsTo('POST', '/api/auth/change-password').map((r) => r.body)).toEqual([{ currentPassword: 'la-clave-de-antes', newPassword: 'la-clave-de-ahora' }])
    for (const label of ['Contraseña actual', 'Contraseña nueva', 'Confirmar contraseña nueva']) expect(within(passwordSection()).getByLabelText(label)).toHaveValue('')
  })

  it('says which field is wrong: a mismatch before sending, a wrong current password after', async () => {
    const api = fakeServer()
    renderAccount()
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })
    await fillPasswords('la-clave-de-antes', 'la-clave-de-ahora', 'la-clave-de-ahor')
    expect(await within(passwordSection()).findByText('Las contraseñas no coinciden.')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/auth/change-password')).toEqual([])

    api.answerNext('POST', '/api/auth/change-password', () =>
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'The current password is not right', details: [{ path: 'currentPassword', code: 'auth.wrong_password' }] },
      }),
    )
    const confirm = within(passwordSection()).getByLabelText('Confirmar contraseña nueva')
    await userEvent.clear(confirm)
    await userEvent.type(confirm, 'la-clave-de-ahora')
    await userEvent.click(within(passwordSection()).getByRole('button', { name: 'Cambiar contraseña' }))
    const current = within(passwordSection()).getByLabelText('Contraseña actual')
    expect(await within(passwordSection()).findByText('Contraseña incorrecta.')).toBeInTheDocument()
    expect(current).toHaveAttribute('aria-invalid', 'true')
    expect(current).toHaveFocus()
    expect(within(passwordSection()).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('explains a wait after too many guesses in a banner', async () => {
    const api = fakeServer()
    api.answerNext('POST', '/api/auth/change-password', () => jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many attempts' } }))
    renderAccount()
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })
    await fillPasswords('adivinanza', 'la-clave-de-ahora')
    expect(await within(passwordSection()).findByRole('alert')).toHaveTextContent('Demasiados intentos por ahora. Vuelve a intentarlo más tarde.')
  })

  it('signs out on every device and goes to the login page', async () => {
    const api = fakeServer()
    renderAccount()
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en todos mis dispositivos' }))
    expect(await screen.findByRole('heading', { name: 'Página de acceso' })).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/auth/revoke-sessions')).toHaveLength(1)
    expect(api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0)
  })
})

describe('deleting the account', () => {
  function renderWithLanding() {
    return renderWithProviders(
      <Routes>
        <Route path="/account" element={<AccountRoute />} />
        <Route path="/" element={<h1>Portada</h1>} />
        <Route path="/login" element={<h1>Página de acceso</h1>} />
      </Routes>,
      { route: '/account' },
    )
  }
  const section = () => screen.getByRole('region', { name: 'Eliminar mi cuenta' })

  it('needs the typed word before it sends anything, then the password, then leaves for the landing page', async () => {
    const api = fakeServer()
    api.answerNext('DELETE', '/api/me', () => new Response(null, { status: 204 }))
    renderWithLanding()
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })
    await userEvent.type(within(section()).getByLabelText('Tu contraseña'), 'la-clave-de-rosa')
    await userEvent.type(within(section()).getByLabelText('Para confirmar, escribe ELIMINAR'), 'eliminar cuenta')
    await userEvent.click(within(section()).getByRole('button', { name: 'Eliminar mi cuenta para siempre' }))
    expect(await within(section()).findByText('Escribe ELIMINAR para confirmar.')).toBeInTheDocument()
    expect(api.requestsTo('DELETE', '/api/me')).toEqual([])

    const word = within(section()).getByLabelText('Para confirmar, escribe ELIMINAR')
    await userEvent.clear(word)
    await userEvent.type(word, ' eliminar ')
    await userEvent.click(within(section()).getByRole('button', { name: 'Eliminar mi cuenta para siempre' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Portada' })).toBeInTheDocument()
    expect(api.requestsTo('DELETE', '/api/me').map((r) => r.body)).toEqual([{ password: 'la-clave-de-rosa' }])
  })

  it('says so on the password field when it is wrong, and stays', async () => {
    const api = fakeServer()
    api.answerNext('DELETE', '/api/me', () =>
      jsonResponse(400, { error: { code: 'validation_failed', message: 'The password is not right', details: [{ path: 'password', code: 'auth.wrong_password' }] } }),
    )
    renderWithLanding()
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })
    await userEvent.type(within(section()).getByLabelText('Tu contraseña'), 'no-es-la-clave')
    await userEvent.type(within(section()).getByLabelText('Para confirmar, escribe ELIMINAR'), 'ELIMINAR')
    await userEvent.click(within(section()).getByRole('button', { name: 'Eliminar mi cuenta para siempre' }))
    expect(await within(section()).findByText('Contraseña incorrecta.')).toBeInTheDocument()
    expect(within(section()).getByLabelText('Tu contraseña')).toHaveFocus()
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument()
  })
})
