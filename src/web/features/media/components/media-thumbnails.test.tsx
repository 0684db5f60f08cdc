import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeMediaApi } from '../test/fake-media-api.ts'
import { buildAsset } from '../test/media-fixtures.ts'
import { MediaThumbnails } from './media-thumbnails.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a memory’s files, small', () => {
  it('shows photos as thumbnails named by their caption or by what they are, a recording to play and a letter to open', async () => {
    const captioned = buildAsset({ fileName: 'IMG_2041.jpg', caption: 'Mamá en el patio' })
    const bare = buildAsset({ fileName: 'IMG_2042.jpg', caption: '' })
    const voice = buildAsset({ fileName: 'entrevista.webm', contentType: 'audio/webm', thumbnailURL: null, caption: '' })
    const letter = buildAsset({ fileName: 'carta.pdf', contentType: 'application/pdf', thumbnailURL: null, caption: 'La carta de 1960' })
    fakeMediaApi([captioned, bare, voice, letter])
    renderWithProviders(<MediaThumbnails owner={{ entryId: 'entry-1' }} label="Archivos adjuntos" />)

    const list = await screen.findByRole('list', { name: 'Archivos adjuntos' })
    const photo = within(list).getByRole('button', { name: 'Ver la foto: Mamá en el patio' })
    expect(photo.querySelector('img')).toHaveAttribute('src', captioned.thumbnailURL)
    expect(within(list).getByText('Mamá en el patio')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Ver la foto' })).toBeInTheDocument()
    expect(list.querySelector('audio')).toHaveAttribute('aria-label', 'Grabación')
    expect(within(list).getByRole('link', { name: 'Abrir La carta de 1960' })).toHaveAttribute('href', letter.downloadURL)
    expect(within(list).queryByText(/IMG_204/)).not.toBeInTheDocument()

    await userEvent.setup().click(photo)
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('shows nothing for a memory without files', async () => {
    const api = fakeMediaApi([])
    const { container } = renderWithProviders(<MediaThumbnails owner={{ entryId: 'entry-1' }} label="Archivos adjuntos" />)
    await vi.waitFor(() => expect(api).toHaveBeenCalled())
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement())
  })
})
