import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { boleros, fakeListeningApi, finca } from '../test/fake-listening-api.ts'
import { ListeningLinks } from './listening-links.tsx'

afterEach(() => vi.restoreAllMocks())

describe('ListeningLinks, the voice links on the account page', () => {
  it('lists each link with its title, its address, when it was made and until when it answers', async () => {
    fakeListeningApi([boleros, finca])
    renderWithProviders(<ListeningLinks />)
    const first = await screen.findByRole('article', { name: 'Los boleros de la abuela' })
    expect(within(first).getByText(boleros.url)).toBeTruthy()
    expect(first.textContent).toContain('Creado el 2 de noviembre de 2026 · no caduca')
    const second = screen.getByRole('article', { name: 'Grabación sin título' })
    expect(second.textContent).toContain('caducó el 5 de enero de 2026')
  })

  it('copies an address with its button, said aloud', async () => {
    fakeListeningApi([boleros])
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderWithProviders(<ListeningLinks />)
    await user.click(await screen.findByRole('button', { name: 'Copiar la dirección de «Los boleros de la abuela»' }))
    expect(writeText).toHaveBeenCalledWith(boleros.url)
    expect(await screen.findByText('Dirección copiada.')).toBeTruthy()
  })

  it('revokes one link after a confirmation that starts on Cancel, and takes the keyboard back to the heading', async () => {
    const api = fakeListeningApi([boleros, finca])
    const user = userEvent.setup()
    renderWithProviders(<ListeningLinks />)
    await user.click(await screen.findByRole('button', { name: 'Retirar el enlace de «Los boleros de la abuela»' }))
    const dialog = screen.getByRole('alertdialog', { name: '¿Retirar el enlace de «Los boleros de la abuela»?' })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await user.click(within(dialog).getByRole('button', { name: 'Retirar el enlace' }))
    expect(await screen.findByText('Enlace retirado: «Los boleros de la abuela» ya no se puede escuchar con esa dirección.')).toBeTruthy()
    expect(api.requestsTo('DELETE', '/api/listening-links/l-1')).toHaveLength(1)
    expect(screen.queryByRole('article', { name: 'Los boleros de la abuela' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Enlaces de voz' }))
  })

  it('revokes every link at once, saying how many', async () => {
    fakeListeningApi([boleros, finca])
    const user = userEvent.setup()
    renderWithProviders(<ListeningLinks />)
    await user.click(await screen.findByRole('button', { name: 'Retirar todos los enlaces' }))
    expect(screen.getByRole('alertdialog').textContent).toContain('Tus 2 enlaces dejarán de funcionar')
    await user.click(screen.getByRole('button', { name: 'Retirar todos' }))
    expect(await screen.findByText('Se retiraron todos tus enlaces de voz.')).toBeTruthy()
    expect(screen.getByText('Aún no tienes enlaces de voz. Se crean al hacer un libro con tus grabaciones.')).toBeTruthy()
  })

  it('keeps the dialog open with the reason when revoking fails', async () => {
    const api = fakeListeningApi([boleros])
    const user = userEvent.setup()
    renderWithProviders(<ListeningLinks />)
    api.answerNext('DELETE', '/api/listening-links/l-1', () => jsonResponse(500, { error: { code: 'internal', message: 'x' } }))
    await user.click(await screen.findByRole('button', { name: 'Retirar el enlace de «Los boleros de la abuela»' }))
    await user.click(screen.getByRole('button', { name: 'Retirar el enlace' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Los boleros de la abuela' })).toBeTruthy()
  })
})
