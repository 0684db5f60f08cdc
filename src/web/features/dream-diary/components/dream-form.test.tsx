import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { DreamForm, type DreamFormValues } from './dream-form.tsx'

function renderForm(props: { onSubmit?: () => Promise<unknown>; initialValues?: DreamFormValues; onCancel?: () => void } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (() => Promise.resolve()))
  const user = userEvent.setup()
  renderWithProviders(<DreamForm submitLabel="Guardar" {...props} onSubmit={onSubmit} />)
  return {
    user,
    onSubmit,
    title: screen.getByRole('textbox', { name: 'Título (opcional)' }),
    content: screen.getByRole('textbox', { name: 'Descripción' }),
    save: screen.getByRole('button', { name: 'Guardar' }),
  }
}

const edit: DreamFormValues = { title: 'El faro', content: 'Subía al faro.', dreamDate: '2024-03-05' }

describe('DreamForm', () => {
  it('labels every field and ties it to its hint; only the description is required', () => {
    const { title, content } = renderForm()
    expect(title).toHaveAccessibleDescription('Unas pocas palabras para reconocerlo después.')
    expect(screen.getByLabelText('Fecha del sueño (opcional)')).toHaveAccessibleDescription('La noche en que lo soñaste.')
    expect(content).toBeRequired()
    expect(title).not.toBeRequired()
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument()
  })

  it('adds the error to the description of the field it concerns', async () => {
    const { user, content, save } = renderForm()
    await user.click(save)
    expect(content).toHaveAccessibleDescription(/La descripción del sueño es obligatoria\.$/)
  })

  it('refuses a title pasted with a tab in it, saying the title takes a single line, and sends nothing', async () => {
    const { user, onSubmit, title, content, save } = renderForm()
    await user.click(title)
    await user.paste('El faro\tLa playa')
    await user.type(content, 'Subía al faro.')
    await user.click(save)
    expect(title).toHaveAccessibleDescription(/Este campo admite una sola línea: quita los saltos de línea, las tabulaciones y otros caracteres de control\.$/)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('hands over the trimmed values and keeps them when asked not to clear', async () => {
    const { user, onSubmit, title, save } = renderForm({ initialValues: edit })
    await user.type(title, '  ')
    await user.click(save)
    expect(onSubmit).toHaveBeenCalledWith({ title: 'El faro', content: 'Subía al faro.', dreamDate: '2024-03-05' })
    expect(title).toHaveValue('El faro  ')
  })

  it('turns an emptied date into null, so an edit can remove it', async () => {
    const { user, onSubmit, save } = renderForm({ initialValues: edit })
    await user.clear(screen.getByLabelText('Fecha del sueño (opcional)'))
    await user.click(save)
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ dreamDate: null }))
  })

  it('adds the translated reason to the failure when the server gives one', async () => {
    const offline = new ApiError(0, 'network_error', 'The server could not be reached')
    const { user, content, save } = renderForm({ initialValues: edit, onSubmit: () => Promise.reject(offline) })
    await user.click(save)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al guardar el sueño. No pudimos conectar con el servidor. Revisa tu conexión a internet e inténtalo de nuevo.',
    )
    expect(content).toHaveValue('Subía al faro.')
  })

  it('goes back through its cancel button when it edits something', async () => {
    const onCancel = vi.fn()
    const { user } = renderForm({ initialValues: edit, onCancel })
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
