import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { SignUpForm } from './sign-up-form.tsx'
import { jsonResponse } from '../../../test/http.ts'

function answerSignUp(response: () => Response | Promise<Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/auth/sign-up/email') return response()
    return jsonResponse(401, { error: { code: 'unauthenticated', message: 'No session' } })
  })
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Nombre completo'), '  Rosa Martínez ')
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'Rosa@Example.com')
  await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto')
}

const submitButton = () => screen.getByRole('button', { name: 'Crear mi cuenta' })

afterEach(() => vi.restoreAllMocks())

describe('SignUpForm (landing)', () => {
  it('shows each problem beside its field and sends nothing', async () => {
    const fetch = answerSignUp(() => jsonResponse(200, {}))
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa@')
    await userEvent.type(screen.getByLabelText('Contraseña'), '123')
    await userEvent.click(submitButton())

    expect(screen.getByLabelText('Nombre completo')).toHaveAccessibleDescription('Este campo es obligatorio.')
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El formato del correo electrónico no es válido.')
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Al menos 6 caracteres. La contraseña es demasiado débil. Debe tener al menos 6 caracteres.')
    expect(screen.getByLabelText('Nombre completo')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Nombre completo')).toHaveFocus()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('takes the birth date as the person knows it, and refuses one in the future', async () => {
    answerSignUp(() => jsonResponse(200, {}))
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await fillRequired()
    await userEvent.type(screen.getByLabelText('Fecha de nacimiento (opcional)'), 'mayo de 2999')
    await userEvent.click(submitButton())
    expect(screen.getByLabelText('Fecha de nacimiento (opcional)')).toHaveAccessibleDescription(expect.stringContaining('La fecha no puede estar en el futuro.'))
  })

  it('sends the cleaned values with the current language, then reports success', async () => {
    const fetch = answerSignUp(() => jsonResponse(200, { user: { id: 'u1' } }))
    const onSignedUp = vi.fn()
    renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />)
    await fillRequired()
    await userEvent.type(screen.getByLabelText('Fecha de nacimiento (opcional)'), 'marzo de 1950')
    await userEvent.type(screen.getByLabelText('Relación familiar (opcional)'), 'abuela de Lucía')
    await userEvent.click(submitButton())

    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce())
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/auth/sign-up/email')
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Rosa Martínez',
      email: 'rosa@example.com',
      password: 'secreto',
      birthDate: 'marzo de 1950',
      familyRelation: 'abuela de Lucía',
      preferredLanguage: 'es',
    })
  })

  it('leaves the optional fields out when they are blank', async () => {
    const fetch = answerSignUp(() => jsonResponse(200, {}))
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await fillRequired()
    await userEvent.click(submitButton())
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Rosa Martínez',
      email: 'rosa@example.com',
      password: 'secreto',
      preferredLanguage: 'es',
    })
  })

  it("says 'Registrando...' and stays disabled while the account is created", async () => {
    let answer: (response: Response) => void = () => {}
    answerSignUp(() => new Promise((resolve) => (answer = resolve)))
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await fillRequired()
    await userEvent.click(submitButton())

    const pending = await screen.findByRole('button', { name: 'Registrando...' })
    expect(pending).toBeDisabled()
    answer(jsonResponse(409, { error: { code: 'auth.email_taken', message: 'Taken' } }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este correo electrónico ya está registrado. Intenta iniciar sesión.')
    expect(submitButton()).toBeEnabled()
  })

  it('puts a password the server finds too common on the password field', async () => {
    answerSignUp(() =>
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'Invalid', details: [{ path: 'password', code: 'auth.password_too_common' }] },
      }),
    )
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await fillRequired()
    await userEvent.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent('Esa contraseña es demasiado común y fácil de adivinar. Elige otra.')
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the generic failure when the server breaks', async () => {
    answerSignUp(() => jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }))
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />)
    await fillRequired()
    await userEvent.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al registrar el usuario. Inténtalo de nuevo.')
  })
})
