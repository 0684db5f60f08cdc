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

  it('shows the page to a signed-in user', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { user: testMe() }))
    renderGuardedDashboard()
    expect(await screen.findByRole('heading', { name: 'Panel privado' })).toBeInTheDocument()
  })
})
