import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeMediaApi } from '../test/fake-media-api.ts'
import { buildAsset } from '../test/media-fixtures.ts'
import { MediaGallery } from './media-gallery.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('MediaGallery', () => {
  it('lists photos, players and links for the member', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    const song = buildAsset({ fileName: 'nana.mp3', contentType: 'audio/mpeg', thumbnailURL: null })
    const film = buildAsset({ fileName: 'playa.mp4', contentType: 'video/mp4', thumbnailURL: null })
    const letter = buildAsset({ fileName: 'carta.pdf', contentType: 'application/pdf', thumbnailURL: null })
    const fetchSpy = fakeMediaApi([photo, song, film, letter])
    const { container } = renderWithProviders(<MediaGallery memberId="member-1" ownerName="Rosa Díaz" />)

    const photoButton = await screen.findByRole('button', { name: 'Ampliar boda.jpg' })
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/media?memberId=member-1')
    expect(within(photoButton).getByRole('presentation')).toHaveAttribute('src', photo.thumbnailURL)
    expect(screen.getByText('La boda')).toBeInTheDocument()
    expect(container.querySelector('audio')).toHaveAttribute('src', song.downloadURL)
    expect(container.querySelector('video')).toHaveTextContent('Tu navegador no puede reproducir este vídeo.')
    expect(screen.getByRole('link', { name: 'Abrir carta.pdf' })).toHaveAttribute('href', letter.downloadURL)
  })

  it('shows the empty state and the load error', async () => {
    fakeMediaApi([])
    renderWithProviders(<MediaGallery memberId="member-1" />)
    expect(await screen.findByText('Todavía no hay fotos, audios ni vídeos aquí.')).toBeInTheDocument()
  })

  it('says when the media could not be loaded', async () => {
    fakeMediaApi([])
    renderWithProviders(<MediaGallery memberId="member-2" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar multimedia.')
  })

  it('opens a photo in the zoom viewer with its caption and download, and closes with Escape', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    fakeMediaApi([photo])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Ampliar boda.jpg' }))
    const viewer = screen.getByRole('dialog', { name: 'boda.jpg' })
    expect(within(viewer).getByRole('img', { name: 'La boda' })).toHaveAttribute('src', photo.downloadURL)
    const download = within(viewer).getByRole('link', { name: 'Descargar boda.jpg' })
    expect(download).toHaveAttribute('download', 'boda.jpg')
    expect(download).toHaveAttribute('href', photo.downloadURL)
    const zoom = within(viewer).getByRole('button', { name: 'Ampliar' })
    await user.click(zoom)
    expect(within(viewer).getByRole('button', { name: 'Ajustar a la pantalla' })).toHaveAttribute('aria-pressed', 'true')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('deletes a file after a confirmation that names it', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg' })
    const fetchSpy = fakeMediaApi([photo])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Eliminar boda.jpg' }))
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este archivo?' })
    expect(dialog).toHaveTextContent('Vas a eliminar «boda.jpg». Esta acción no se puede deshacer.')
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByText('«boda.jpg» se ha eliminado.')).toBeInTheDocument()
    expect(fetchSpy).toHaveBeenCalledWith(`/api/media/${photo.id}`, expect.objectContaining({ method: 'DELETE' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ampliar boda.jpg' })).not.toBeInTheDocument())
    expect(screen.getByText('Todavía no hay fotos, audios ni vídeos aquí.')).toBeInTheDocument()
  })

  it('keeps the dialog open with the reason when the file is not yours', async () => {
    fakeMediaApi([buildAsset({ fileName: 'boda.jpg' })], { deleteStatus: 404 })
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Eliminar boda.jpg' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No tienes permiso para eliminar este archivo.')
  })

  it('says adding from the gallery is coming soon', async () => {
    fakeMediaApi([])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)
    await user.click(screen.getByRole('button', { name: 'Añadir desde la galería' }))
    expect(screen.getByText(/^Próximamente/)).toBeInTheDocument()
  })

  it('lists a biography memory’s files, and offers delete only to who may manage them', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', linkedToType: 'biographyEntry', linkedToId: 'entry-1' })
    const fetchSpy = fakeMediaApi([photo])
    renderWithProviders(<MediaGallery entryId="entry-1" canManage={false} headingLevel={3} />)

    expect(await screen.findByRole('button', { name: 'Ampliar boda.jpg' })).toBeInTheDocument()
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/media?entryId=entry-1')
    expect(screen.getByRole('heading', { level: 3, name: 'Multimedia' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Eliminar boda.jpg' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Añadir desde la galería' })).not.toBeInTheDocument()
  })

  it('tells the page when a memory’s file was deleted', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', linkedToType: 'biographyEntry', linkedToId: 'entry-1' })
    fakeMediaApi([photo])
    const onDeleted = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery entryId="entry-1" onDeleted={onDeleted} />)

    await user.click(await screen.findByRole('button', { name: 'Eliminar boda.jpg' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(photo.id))
  })

  it('says when a memory’s files could not be loaded', async () => {
    fakeMediaApi([])
    renderWithProviders(<MediaGallery entryId="entry-2" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar detalles multimedia del recuerdo.')
  })
})

describe('MediaGallery caption editing', () => {
  it('saves a new caption with Enter, shows it, says so and gives focus back to the edit button', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    const fetchSpy = fakeMediaApi([photo])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Editar descripción de boda.jpg' }))
    const field = screen.getByRole('textbox', { name: 'Descripción' })
    expect(field).toHaveFocus()
    expect(field).toHaveValue('La boda')
    expect(field).toHaveAccessibleDescription('Quién aparece, dónde, cuándo…')
    await user.clear(field)
    await user.type(field, '  La boda de Rosa y Luis, 1962  {Enter}')

    expect(await screen.findByText('La boda de Rosa y Luis, 1962')).toBeInTheDocument()
    expect(fetchSpy).toHaveBeenCalledWith(`/api/media/${photo.id}`, expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ caption: 'La boda de Rosa y Luis, 1962' }) }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Descripción de «boda.jpg» guardada.')
    expect(screen.getByRole('button', { name: 'Editar descripción de boda.jpg' })).toHaveFocus()
  })

  it('removes a caption that is saved empty', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    const fetchSpy = fakeMediaApi([photo])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Editar descripción de boda.jpg' }))
    await user.clear(screen.getByRole('textbox', { name: 'Descripción' }))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('Descripción de «boda.jpg» guardada.')).toBeInTheDocument()
    expect(fetchSpy).toHaveBeenCalledWith(`/api/media/${photo.id}`, expect.objectContaining({ body: JSON.stringify({ caption: '' }) }))
    expect(screen.queryByText('La boda')).not.toBeInTheDocument()
  })

  it('restores the caption when cancelled with the button or with Escape', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    const fetchSpy = fakeMediaApi([photo])
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)
    const editButton = await screen.findByRole('button', { name: 'Editar descripción de boda.jpg' })

    await user.click(editButton)
    await user.type(screen.getByRole('textbox', { name: 'Descripción' }), ' cambiada')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByText('La boda')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar descripción de boda.jpg' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Editar descripción de boda.jpg' }))
    await user.type(screen.getByRole('textbox', { name: 'Descripción' }), ' otra vez')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByText('La boda')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar descripción de boda.jpg' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Editar descripción de boda.jpg' }))
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveValue('La boda')
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'PATCH' }))
  })

  it('offers no caption editing to who may not manage the files', async () => {
    fakeMediaApi([buildAsset({ fileName: 'boda.jpg', caption: 'La boda', linkedToType: 'biographyEntry', linkedToId: 'entry-1' })])
    renderWithProviders(<MediaGallery entryId="entry-1" canManage={false} />)

    expect(await screen.findByText('La boda')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Editar descripción/ })).not.toBeInTheDocument()
  })

  it('keeps what was typed and says why when the caption could not be saved', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', caption: 'La boda' })
    fakeMediaApi([photo], { updateStatus: 500 })
    const user = userEvent.setup()
    renderWithProviders(<MediaGallery memberId="member-1" />)

    await user.click(await screen.findByRole('button', { name: 'Editar descripción de boda.jpg' }))
    const field = screen.getByRole('textbox', { name: 'Descripción' })
    await user.clear(field)
    await user.type(field, 'La boda de Rosa{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar la descripción.')
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveValue('La boda de Rosa')
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})
