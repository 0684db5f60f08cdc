import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ResetPasswordForm } from './reset-password-form.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  window.location.hash = ''
})

// The account page and the reset link choose a password with the same two fields and rules.
describe('choosing a new password', () => {
  it('refuses two different passwords on the account page, sending nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}))
    renderWithProviders(<ChangePasswordForm />)
    await userEvent.type(screen.getByLabelText('Contraseña actual'), 'antigua-clave')
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'nueva-clave-1')
    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'nueva-clave-2')
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))
    expect(screen.getByLabelText('Confirmar contraseña nueva')).toHaveAccessibleDescription('Las contraseñas no coinciden.')
    expect(screen.getByLabelText('Contraseña nueva')).toHaveAccessibleDescription('Al menos 6 caracteres.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows every password of the account form with one switch', async () => {
    renderWithProviders(<ChangePasswordForm />)
    await userEvent.click(screen.getByLabelText('Mostrar contraseña'))
    for (const label of ['Contraseña actual', 'Contraseña nueva', 'Confirmar contraseña nueva']) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text')
  })

  it('sends the reset link’s token with the new password once both match', async () => {
    window.location.hash = '#token=un-token'
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}))
    renderWithProviders(<ResetPasswordForm />)
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'nueva-clave')
    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'nueva-clav')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }))
    expect(screen.getByLabelText('Confirmar contraseña nueva')).toHaveAccessibleDescription('Las contraseñas no coinciden.')
    expect(fetch).not.toHaveBeenCalled()

    await userEvent.type(screen.getByLabelText('Confirmar contraseña nueva'), 'e')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }))
    expect(await screen.findByText('Listo: tu contraseña ha cambiado. Ya puedes iniciar sesión con ella.')).toBeVisible()
    const [, init] = fetch.mock.calls.at(-1)!
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'un-token', newPassword: 'nueva-clave' })
  })
})
