import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { ContactForm } from './contact-form.tsx'
import { jsonResponse } from '../../../test/http.ts'

async function fillAndSend() {
  await userEvent.type(screen.getByLabelText('Nombre completo'), 'Rosa Martínez')
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa@example.com')
  await userEvent.type(screen.getByLabelText('Mensaje'), 'Me encanta Legado.')
  await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
}

afterEach(() => vi.restoreAllMocks())

describe('ContactForm', () => {
  it('checks the fields before sending', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    renderWithProviders(<ContactForm />)
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))

    // The check loads when the form is first touched: its messages come once it has.
    await waitFor(() => expect(screen.getByLabelText('Nombre completo')).toHaveAccessibleDescription('Escribe tu nombre.'))
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El formato del correo electrónico no es válido.')
    expect(screen.getByLabelText('Mensaje')).toHaveAccessibleDescription('Escribe tu mensaje.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends the message, thanks the user and clears the form', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { id: 'm1', receivedAt: '2024-05-01T10:00:00.000Z' }))
    renderWithProviders(<ContactForm />)
    await fillAndSend()

    expect(await screen.findByText('¡Gracias! Tu mensaje fue enviado; pronto nos pondremos en contacto contigo.')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('¡Gracias!')
    expect(screen.getByLabelText('Nombre completo')).toHaveValue('')
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('')
    expect(screen.getByLabelText('Mensaje')).toHaveValue('')
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/contact')
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Rosa Martínez', email: 'rosa@example.com', message: 'Me encanta Legado.' })
  })

  it('keeps what the user typed when sending fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }))
    renderWithProviders(<ContactForm />)
    await fillAndSend()

    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un error al enviar tu mensaje. Inténtalo de nuevo.')
    expect(screen.getByLabelText('Nombre completo')).toHaveValue('Rosa Martínez')
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('rosa@example.com')
    expect(screen.getByLabelText('Mensaje')).toHaveValue('Me encanta Legado.')
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('marks a field the server refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'Invalid', details: [{ path: 'email', code: 'validation.invalid_email' }] },
      }),
    )
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    await screen.findByRole('alert')
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El formato del correo electrónico no es válido.')
  })
})
