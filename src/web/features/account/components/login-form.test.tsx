import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formOutcomeId } from '../../../lib/form-outcome.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { LoginForm } from './login-form.tsx'

afterEach(() => {
  document.getElementById(formOutcomeId)?.remove()
  vi.restoreAllMocks()
})

describe('LoginForm on the page that answers a sign-in posted without JavaScript', () => {
  it('takes no outcome meant for another form', () => {
    const outcome = document.createElement('script')
    outcome.type = 'application/json'
    outcome.id = formOutcomeId
    outcome.textContent = JSON.stringify({ form: 'contact', message: 'Escribe tu mensaje.', values: { email: 'rosa@example.com' } })
    document.body.append(outcome)
    renderWithProviders(<LoginForm onSignedIn={() => undefined} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the server’s message, keeps the e-mail and focuses the password, once', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ user: null }), { headers: { 'content-type': 'application/json' } }))
    const outcome = document.createElement('script')
    outcome.type = 'application/json'
    outcome.id = formOutcomeId
    outcome.textContent = JSON.stringify({ form: 'login', message: 'Correo electrónico o contraseña incorrectos.', values: { email: 'rosa@example.com' }, field: 'password' })
    document.body.append(outcome)

    const first = renderWithProviders(<LoginForm onSignedIn={() => undefined} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Correo electrónico o contraseña incorrectos.')
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('rosa@example.com')
    expect(screen.getByLabelText('Contraseña')).toHaveValue('')
    expect(screen.getByLabelText('Contraseña')).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Iniciar sesión' }).closest('form')).toHaveAttribute('action', '/login')
    first.unmount()

    // Coming back to the form within the app shows it as new.
    renderWithProviders(<LoginForm onSignedIn={() => undefined} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('')
  })
})
