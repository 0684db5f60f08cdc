import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Me } from '../../../shared/contracts/account.ts'
import { sessionKeys } from '../../features/account/api/session-queries.ts'
import { testMe } from '../../test/http.ts'
import { AppLayout } from './app-layout.tsx'

/** The layout at `path`, for a visitor unless `me` is signed in (as the page's own reads found). */
function renderLayoutAt(path: string, previous: string[] = [], me: Me | null = null) {
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <h1>Página</h1> }] }], {
    initialEntries: [...previous, path],
    initialIndex: previous.length,
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(sessionKeys.me, me)
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
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

  it('links a visitor home to the landing page and to the dashboard from other pages', () => {
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

  it('takes a signed-in person home to the dashboard, which «Inicio» marks as the current page there', async () => {
    renderLayoutAt('/contact', [], testMe())
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' })
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/dashboard'))
    expect(screen.getByRole('link', { name: 'Legado' })).toHaveAttribute('href', '/dashboard')
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('marks «Inicio» as the current page on the dashboard of a signed-in person', async () => {
    renderLayoutAt('/dashboard', [], testMe())
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' })
    await waitFor(() => expect(within(nav).getByText('Inicio')).toHaveAttribute('aria-current', 'page'))
    expect(within(nav).queryByRole('link', { name: 'Inicio' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Mi familia' })).toHaveAttribute('href', '/family')
  })

  it('hides the back button on a fresh history', () => {
    // The test files of a worker share one window, whose history earlier files may have grown.
    vi.spyOn(History.prototype, 'length', 'get').mockReturnValue(1)
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
