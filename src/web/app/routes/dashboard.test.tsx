import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { DashboardRoute } from './dashboard.tsx'
import { jsonResponse, testMe } from '../../test/http.ts'

/** A panel once its content has arrived: it holds its place, unseen, while it loads. */
async function loadedPanel(name: string): Promise<HTMLElement> {
  const panel = await screen.findByRole('region', { name })
  await waitFor(() => expect(panel).not.toHaveAttribute('aria-busy'))
  return panel
}
import type { RecentActivity } from '../../../shared/contracts/dashboard.ts'

const rosa = testMe({ email: 'abuela.rosa@example.com', displayName: 'Rosa Martínez' })

const nothingSaved: RecentActivity = { lastMemory: null, lastInterview: null }

function fakeServer(me: typeof rosa = rosa, { canGenerate = true, recent = nothingSaved }: { canGenerate?: boolean; recent?: RecentActivity } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input)
    if (url === '/api/session') return jsonResponse(200, { user: me })
    if (url === '/api/dashboard/recent') return jsonResponse(200, recent)
    if (url === '/api/ai-lab/status') return jsonResponse(200, { mode: canGenerate ? 'gemini' : 'guided', canGenerate })
    if (url === '/api/auth/sign-out' || url === '/api/auth/revoke-sessions') return jsonResponse(200, { success: true })
    throw new Error(`Unexpected request ${url}`)
  })
}

function renderDashboard() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<DashboardRoute />} />
      <Route path="/login" element={<h1>Página de acceso</h1>} />
    </Routes>,
    { route: '/dashboard' },
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('DashboardRoute', () => {
  it('greets the user by display name, with the default avatar and a quote', async () => {
    fakeServer()
    vi.spyOn(Math, 'random').mockReturnValue(0)
    renderDashboard()

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Rosa Martínez' })).toBeInTheDocument()
    // Drawn, not an emoji: it shows on computers without an emoji font.
    const avatar = screen.getByRole('img', { name: 'Tu avatar' })
    expect(avatar.querySelector('svg')).not.toBeNull()
    expect(avatar).toHaveTextContent('')
    expect(screen.getByText('La familia no es algo importante. Lo es todo.')).toBeInTheDocument()
    expect(screen.getByText('— Michael J. Fox')).toBeInTheDocument()
  })

  it('invites a person who has saved nothing yet to start with Cronos', async () => {
    fakeServer()
    renderDashboard()
    const recent = await loadedPanel('Donde lo dejaste')
    expect(recent).toHaveTextContent('Todavía no has guardado ningún recuerdo.')
    expect(screen.getByRole('link', { name: 'Empezar a hablar con Cronos' })).toHaveAttribute('href', '/my-biography')
  })

  it('shows what was saved last, how long ago, and goes on with Cronos or with the interview about a relative', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000 - 60_000).toISOString()
    fakeServer(rosa, {
      recent: {
        lastMemory: { excerpt: 'Nací en Jaén, en una casa con patio.', savedAt: daysAgo(3) },
        lastInterview: { excerpt: 'Cantaba boleros.', savedAt: daysAgo(5), memberId: 'm-rosa', firstName: 'Rosa', lastName: '____' },
      },
    })
    renderDashboard()
    const recent = await loadedPanel('Donde lo dejaste')
    expect(recent).toHaveTextContent('Lo último que guardaste: «Nací en Jaén, en una casa con patio.», hace 3 días.')
    expect(screen.getByRole('link', { name: 'Seguir hablando con Cronos' })).toHaveAttribute('href', '/my-biography')
    expect(screen.getByRole('link', { name: 'Seguir la entrevista sobre Rosa' })).toHaveAttribute('href', '/interview/m-rosa')
  })

  it('names the interview when it was the last thing saved', async () => {
    fakeServer(rosa, {
      recent: {
        lastMemory: null,
        lastInterview: { excerpt: 'Cantaba boleros.', savedAt: new Date(Date.now() - 3 * 60_000).toISOString(), memberId: 'm-ana', firstName: 'Ana', lastName: 'Gil' },
      },
    })
    renderDashboard()
    const recent = await loadedPanel('Donde lo dejaste')
    expect(recent).toHaveTextContent('Lo último que guardaste: «Cantaba boleros.», en la entrevista sobre Ana Gil, hace 3 minutos.')
    expect(screen.getByRole('link', { name: 'Empezar a hablar con Cronos' })).toBeInTheDocument()
  })

  it('greets by the e-mail local part when there is no display name', async () => {
    fakeServer({ ...rosa, displayName: '' })
    renderDashboard()
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, abuela.rosa' })).toBeInTheDocument()
  })

  it('links the tiles to their pages, each with a description', async () => {
    fakeServer()
    renderDashboard()
    const tiles = [
      ['Mi biografía', '/my-biography'],
      ['Leer mi historia', '/my-story'],
      ['Hacer un libro', '/book'],
      ['Mi legado', '/family-tree'],
      ['Mis sueños', '/my-dreams'],
      ['Laboratorio de IA', '/ai-lab'],
    ] as const
    for (const [name, href] of tiles) {
      const tile = screen.getByRole('link', { name })
      expect(tile).toHaveAttribute('href', href)
      expect(tile).toHaveAccessibleDescription()
    }
  })

  it('describes the lab by its stories where a model answers, and by what works without one in the guided mode', async () => {
    fakeServer()
    const { unmount } = renderDashboard()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Laboratorio de IA' })).toHaveAccessibleDescription('Convierte un recuerdo en una historia fantástica.'))
    unmount()

    fakeServer(rosa, { canGenerate: false })
    renderDashboard()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Laboratorio de IA' })).toHaveAccessibleDescription('Guarda tus recuerdos y juega al juego de memoria en familia.'))
  })

  it('leads «Invitar a un ser querido» to the family page, where invitations are made', () => {
    fakeServer()
    renderDashboard()
    expect(screen.getByRole('link', { name: /Invitar a un ser querido/ })).toHaveAttribute('href', '/family')
  })

  it('signs out and goes to the login page', async () => {
    const fetch = fakeServer()
    renderDashboard()
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }))

    expect(await screen.findByRole('heading', { name: 'Página de acceso' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }))
  })

  it('leads to the account page, where signing out everywhere and the password live', async () => {
    fakeServer()
    renderDashboard()
    expect(await screen.findByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('button', { name: 'Cerrar sesión en todos mis dispositivos' })).not.toBeInTheDocument()
  })
})
