import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, RouteError } from './route-error.tsx'

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: () => Promise.reject(error),
      },
    ],
    { initialEntries: ['/'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('RouteError', () => {
  it('explains a page whose script could not be loaded and offers a reload', async () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/my-dreams-abc.js'))

    expect(await screen.findByRole('heading', { name: 'No se pudo cargar la página' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Recarga la página para continuar.')
    await userEvent.click(screen.getByRole('button', { name: 'Recargar la página' }))
    expect(reload).toHaveBeenCalled()
    vi.restoreAllMocks()
  })

  it('shows the general message for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderFailingRoute(new Error('boom'))
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('recognises the chunk failures of the browsers we support', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' }))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
