import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render.tsx'
import { RequireAuth } from './require-auth.tsx'
import { jsonResponse, testMe } from '../test/http.ts'

function renderGuardedDashboard() {
  return renderWithProviders(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/dashboard" element={<h1>Panel privado</h1>} />
      </Route>
      <Route path="/login" element={<h1>Página de acceso</h1>} />
    </Routes>,
    { route: '/dashboard' },
  )
}

afterEach(() => vi.restoreAllMocks())

describe('RequireAuth', () => {
  it('says it is loading, then sends a signed-out visitor to /login', async () => {
    let answer: (response: Response) => void = () => {}
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderGuardedDashboard()

    expect(screen.getByRole('status')).toHaveTextContent('Cargando autenticación...')
    answer(jsonResponse(200, { user: null }))

    expect(await screen.findByRole('heading', { name: 'Página de acceso' })).toBeInTheDocument()
    expect(screen.queryByText('Panel privado')).not.toBeInTheDocument()
  })

  it('shows a page drawn for someone signed in while the session loads, and still sends a visitor to /login', async () => {
    const root = document.body.appendChild(document.createElement('div'))
    root.id = 'root'
    root.setAttribute('data-drawn', 'signed-in')
    let answer: (response: Response) => void = () => {}
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderGuardedDashboard()

    expect(screen.getByRole('heading', { name: 'Panel privado' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    answer(jsonResponse(200, { user: null }))

    expect(await screen.findByRole('heading', { name: 'Página de acceso' })).toBeInTheDocument()
    expect(screen.queryByText('Panel privado')).not.toBeInTheDocument()
    // Only the page as loaded was drawn so: a later wait for the session says it is loading.
    expect(root.hasAttribute('data-drawn')).toBe(false)
    root.remove()
  })

  it('shows the page to a signed-in user', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { user: testMe() }))
    renderGuardedDashboard()
    expect(await screen.findByRole('heading', { name: 'Panel privado' })).toBeInTheDocument()
  })
})
