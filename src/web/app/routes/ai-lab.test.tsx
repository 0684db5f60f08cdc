import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation, useNavigationType } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildLabMemory, fakeAiLabApi } from '../../features/ai-lab/test/fake-ai-lab-api.ts'
import { buildDream } from '../../features/dream-diary/test/fake-dream-api.ts'
import { jsonResponse } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { AiLabRoute } from './ai-lab.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  document.title = ''
})

/** Where the router is, and how it got there, for the tests to read. */
function LocationDisplay() {
  const location = useLocation()
  return (
    <output data-testid="location" data-navigation={useNavigationType()}>
      {`${location.pathname}${location.search}`}
    </output>
  )
}

/** The server: the lab, the diary the dreams tab reads, and a family tree with nobody for the game. */
function fakeServer({ canGenerate = true } = {}) {
  return fakeAiLabApi({
    canGenerate,
    memories: [buildLabMemory({ originalText: 'El huerto del abuelo' })],
    dreams: [buildDream({ title: 'El mar', content: 'Nadaba en un mar de leche.' })],
    fallback: (method, path) => {
      const at = '2024-03-01T09:00:00.000Z'
      if (method === 'GET' && path === '/api/family-tree') return jsonResponse(200, { tree: { ownerId: 'u1', treeName: 'Árbol', createdAt: at, lastModified: at }, members: [] })
      return undefined
    },
  })
}

function renderLab(route = '/ai-lab') {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route
        path="/ai-lab"
        element={
          <>
            <AiLabRoute />
            <LocationDisplay />
          </>
        }
      />
    </Routes>,
    { route },
  )
  return { user }
}

const location = () => screen.getByTestId('location')
const selectedTab = () => screen.getByRole('tab', { selected: true })
const panel = () => screen.getByRole('tabpanel')

describe('/ai-lab', () => {
  it('opens on telling a memory, with its title and the lab’s four sections', async () => {
    const api = fakeServer()
    renderLab()

    expect(screen.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeInTheDocument()
    expect(document.title).toBe('Laboratorio de IA · Legado')
    const tabs = screen.getByRole('tablist', { name: 'Secciones del laboratorio' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Contar un recuerdo', 'Sueños revelados', 'Constelaciones', 'Juego de memoria'])
    expect(selectedTab()).toHaveTextContent('Contar un recuerdo')
    expect(screen.getByRole('tabpanel', { name: 'Contar un recuerdo' })).toBeInTheDocument()
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Contar un recuerdo' })).toBeInTheDocument()
    expect(await within(panel()).findByText('El huerto del abuelo')).toBeInTheDocument()
    // Each tab loads its data only when shown.
    expect(api.requests.some((request) => request.path === '/api/dreams')).toBe(false)
  })

  it('opens the tab named in ?tab=', async () => {
    const api = fakeServer()
    renderLab('/ai-lab?tab=dreams')

    expect(selectedTab()).toHaveTextContent('Sueños revelados')
    expect(screen.getByRole('tabpanel', { name: 'Sueños revelados' })).toBeInTheDocument()
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Sueños revelados' })).toBeInTheDocument()
    expect(await within(panel()).findByText('Nadaba en un mar de leche.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Contar un recuerdo' })).not.toBeInTheDocument()
    expect(api.requests.some((request) => request.path === '/api/ai-lab/memories')).toBe(false)
  })

  it('opens on telling a memory when ?tab= names no tab', () => {
    fakeServer()
    renderLab('/ai-lab?tab=stars')

    expect(selectedTab()).toHaveTextContent('Contar un recuerdo')
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Contar un recuerdo' })).toBeInTheDocument()
    expect(location()).toHaveTextContent('/ai-lab?tab=stars')
  })

  it('keeps the chosen tab in the address, replacing the entry and keeping the other parameters', async () => {
    fakeServer()
    const { user } = renderLab('/ai-lab?from=dashboard')

    await user.click(screen.getByRole('tab', { name: 'Constelaciones' }))
    expect(selectedTab()).toHaveTextContent('Constelaciones')
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Constelaciones' })).toBeInTheDocument()
    expect(await within(panel()).findByText(/Todavía no hay estrellas/)).toBeInTheDocument()
    expect(location()).toHaveTextContent('/ai-lab?from=dashboard&tab=constellations')
    expect(location()).toHaveAttribute('data-navigation', 'REPLACE')

    await user.click(screen.getByRole('tab', { name: 'Juego de memoria' }))
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Juego de memoria' })).toBeInTheDocument()
    expect(location()).toHaveTextContent('/ai-lab?from=dashboard&tab=game')
  })

  it('moves between tabs with the arrows, the address following', async () => {
    fakeServer()
    const { user } = renderLab()

    await user.click(screen.getByRole('tab', { name: 'Contar un recuerdo' }))
    await user.keyboard('{ArrowRight}')
    expect(selectedTab()).toHaveTextContent('Sueños revelados')
    expect(selectedTab()).toHaveFocus()
    expect(location()).toHaveTextContent('/ai-lab?tab=dreams')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(selectedTab()).toHaveTextContent('Juego de memoria')
    expect(location()).toHaveTextContent('/ai-lab?tab=game')
  })

  it('says in the guided mode what works without a model and what needs one, in the intro, the tabs and the section', async () => {
    fakeServer({ canGenerate: false })
    renderLab()

    expect(await within(panel()).findByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Aquí el asistente funciona en modo guiado: puedes contar y guardar tus recuerdos y jugar al juego de memoria en familia. Las variaciones fantásticas y la lectura de sueños necesitan la inteligencia artificial, que quien cuida este Legado puede activar.',
      ),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Contar un recuerdo', 'Sueños revelados (con la IA)', 'Constelaciones', 'Juego de memoria'])
    expect(within(panel()).getByText(/^Crear una variación fantástica necesita el asistente/)).toBeInTheDocument()
    expect(within(panel()).getByText('Quien cuida este Legado puede activar la inteligencia artificial cuando quiera.')).toBeInTheDocument()
    expect(panel()).not.toHaveTextContent(/GEMINI|OPENAI|README/)
    expect(within(panel()).queryByRole('button', { name: 'Generar variación con IA' })).not.toBeInTheDocument()
    expect(within(panel()).getByRole('button', { name: 'Guardar tal como lo conté' })).toBeInTheDocument()
  })
})
