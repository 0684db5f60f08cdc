import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppLayout } from './app-layout.tsx'

function renderLayoutAt(path: string, previous: string[] = []) {
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <h1>Página</h1> }] }], {
    initialEntries: [...previous, path],
    initialIndex: previous.length,
  })
  render(<RouterProvider router={router} />)
  return router
}

afterEach(() => vi.restoreAllMocks())

describe('AppLayout', () => {
  it('offers a skip link to the main content and names the product as a link home', () => {
    renderLayoutAt('/contact')
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(screen.getByRole('link', { name: 'Legado' })).toHaveAttribute('href', '/')
  })

  it('links home and to the dashboard from other pages', () => {
    renderLayoutAt('/contact')
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' })
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('marks the dashboard button as the current page, not a link, on /dashboard', () => {
    renderLayoutAt('/dashboard')
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' })
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument()
    expect(within(nav).getByText('Dashboard')).toHaveAttribute('aria-current', 'page')
  })

  it('hides the back button on a fresh history', () => {
    renderLayoutAt('/contact')
    expect(screen.queryByRole('button', { name: /Atrás/ })).not.toBeInTheDocument()
  })

  it('goes back one entry once the browser history is long enough', async () => {
    vi.spyOn(History.prototype, 'length', 'get').mockReturnValue(3)
    const router = renderLayoutAt('/contact', ['/', '/my-dreams'])
    await userEvent.click(screen.getByRole('button', { name: /Atrás/ }))
    expect(router.state.location.pathname).toBe('/my-dreams')
  })

  it('moves focus to the main region after a navigation', async () => {
    renderLayoutAt('/contact')
    await userEvent.click(screen.getByRole('link', { name: 'Inicio' }))
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('shows the copyright line with the current year', () => {
    renderLayoutAt('/')
    const year = new Date().getFullYear()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${year} Legado. Todos los derechos reservados.`)
  })
})
