import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { MicrophoneDenied } from './microphone-denied.tsx'

function renderScreen({ isRetrying = false } = {}) {
  const user = userEvent.setup()
  const onRetry = vi.fn()
  const onKeepTyping = vi.fn()
  renderWithProviders(
    <Routes>
      <Route path="/interview/m1" element={<MicrophoneDenied onRetry={onRetry} isRetrying={isRetrying} onKeepTyping={onKeepTyping} />} />
      <Route path="/family-tree" element={<h1>Árbol de prueba</h1>} />
    </Routes>,
    { route: '/interview/m1' },
  )
  return { user, onRetry, onKeepTyping }
}

describe('MicrophoneDenied', () => {
  it('takes the focus and says what happened and how to allow the microphone in each browser', () => {
    renderScreen()
    const title = screen.getByRole('heading', { level: 2, name: 'No podemos usar tu micrófono' })
    expect(title).toHaveFocus()
    expect(screen.getByText(/no permitió que Legado use el micrófono/)).toBeInTheDocument()
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(steps).toEqual([
      expect.stringMatching(/^Chrome o Edge: .*candado.*«Configuración del sitio».*«Micrófono».*«Permitir»/),
      expect.stringMatching(/^Firefox: .*icono del micrófono en la barra de direcciones/),
      expect.stringMatching(/^Safari: .*«Ajustes para este sitio web…».*«Micrófono».*«Permitir»/),
    ])
  })

  it('tries again, or goes on by typing', async () => {
    const { user, onRetry, onKeepTyping } = renderScreen()
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(onRetry).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Seguir solo escribiendo' }))
    expect(onKeepTyping).toHaveBeenCalledOnce()
  })

  it('says it is trying while the browser answers, and is not pressed twice', async () => {
    const { user, onRetry } = renderScreen({ isRetrying: true })
    const retry = screen.getByRole('button', { name: 'Probando el micrófono…' })
    expect(retry).toHaveAttribute('aria-disabled', 'true')
    await user.click(retry)
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('leads back to the family tree', async () => {
    const { user } = renderScreen()
    await user.click(screen.getByRole('link', { name: /Volver al árbol familiar/ }))
    expect(screen.getByRole('heading', { name: 'Árbol de prueba' })).toBeInTheDocument()
  })
})
