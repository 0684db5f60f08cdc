import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { NotFoundRoute } from './not-found.tsx'

describe('NotFoundRoute', () => {
  it("says the page does not exist and leads 'back to the present', the dashboard", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>,
      { route: '/no-existe' },
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Esta página se perdió en el tiempo' })).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Volver al presente' })
    expect(link).toHaveAttribute('href', '/dashboard')

    await userEvent.click(link)
    expect(screen.getByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
  })

  it('names the page in the browser tab', () => {
    renderWithProviders(<NotFoundRoute />)
    expect(document.title).toBe('Página no encontrada · Legado')
  })
})
