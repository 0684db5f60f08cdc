import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { MediaCaptionForm } from './media-caption-form.tsx'

function renderForm(onSubmit = vi.fn(() => Promise.resolve()), onCancel = vi.fn()) {
  renderWithProviders(<MediaCaptionForm caption="La boda" fileName="boda.jpg" onSubmit={onSubmit} onCancel={onCancel} />)
  return { onSubmit, onCancel, field: screen.getByRole('textbox', { name: 'Descripción' }) }
}

describe('MediaCaptionForm', () => {
  it('is named after its file and saves the trimmed caption', async () => {
    const { onSubmit, field } = renderForm()
    const user = userEvent.setup()
    expect(screen.getByRole('form', { name: 'Descripción de boda.jpg' })).toBeInTheDocument()

    await user.type(field, ' en Sevilla  {Enter}')
    expect(onSubmit).toHaveBeenCalledWith('La boda en Sevilla')
  })

  it('says a caption is too long instead of cutting it, and sends nothing', async () => {
    const { onSubmit, field } = renderForm()
    const user = userEvent.setup()

    await user.clear(field)
    await user.click(field)
    await user.paste('a'.repeat(501))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('El texto es demasiado largo.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveValue('a'.repeat(501))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('puts the server’s field issue on the field', async () => {
    const rejection = new ApiError(400, 'validation_failed', 'invalid', [{ path: 'caption', code: 'validation.too_long' }])
    const { field } = renderForm(vi.fn(() => Promise.reject(rejection)))
    const user = userEvent.setup()

    await user.type(field, '{Enter}')
    expect(await screen.findByText('El texto es demasiado largo.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar la descripción. Revisa los datos marcados e inténtalo de nuevo.')
    expect(field).toHaveValue('La boda')
  })

  it('takes Escape for itself, so a dialog around the gallery stays open', () => {
    const { onCancel, field } = renderForm()
    const escape = fireEvent.keyDown(field, { key: 'Escape' })
    expect(escape).toBe(false)
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
