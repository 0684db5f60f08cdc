import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import imageCompression from 'browser-image-compression'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { lastUpload, Upload } from '../test/fake-tus.ts'
import { fileOf } from '../test/media-fixtures.ts'
import { MediaUploader } from './media-uploader.tsx'

vi.mock('tus-js-client', () => import('../test/fake-tus.ts'))
vi.mock('browser-image-compression', () => ({ default: vi.fn() }))

const compress = vi.mocked(imageCompression)

beforeEach(() => {
  Upload.instances = []
  compress.mockReset()
})

afterEach(() => {
  vi.restoreAllMocks()
})

function renderUploader() {
  const onUploaded = vi.fn()
  const user = userEvent.setup()
  const view = renderWithProviders(<MediaUploader linkedToType="member" linkedToId="member-1" ownerName="Rosa Díaz" onUploaded={onUploaded} />)
  const input = screen.getByLabelText('Elige un archivo o arrástralo aquí')
  return { ...view, user, input, onUploaded }
}

async function chooseAndUpload(file: File) {
  const view = renderUploader()
  await view.user.upload(view.input, file)
  await view.user.click(screen.getByRole('button', { name: 'Subir archivo' }))
  await waitFor(() => expect(Upload.instances).toHaveLength(1))
  await waitFor(() => expect(lastUpload().start).toHaveBeenCalled())
  return view
}

describe('MediaUploader', () => {
  it('asks for a file when uploading with none', async () => {
    const { user } = renderUploader()
    await user.click(screen.getByRole('button', { name: 'Subir archivo' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, selecciona un archivo.')
    expect(Upload.instances).toHaveLength(0)
  })

  it('shows the chosen file with its size in MB with two decimals', async () => {
    const { user, input } = renderUploader()
    await user.upload(input, fileOf('abuela.pdf', 'application/pdf', 1_572_864))
    expect(screen.getByText('abuela.pdf')).toBeInTheDocument()
    expect(screen.getByText('1,50 MB')).toBeInTheDocument()
  })

  it('clears a file over 5 MB and says the maximum', async () => {
    const { user, input } = renderUploader()
    await user.upload(input, fileOf('boda.mp4', 'video/mp4', 6 * 1024 * 1024))
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo es demasiado grande. El tamaño máximo es 5 MB.')
    expect(screen.queryByText('boda.mp4')).not.toBeInTheDocument()
    expect((input as HTMLInputElement).value).toBe('')
  })

  it('sends the file with tus and its metadata, shows progress, then resets and reports the new id', async () => {
    const { user, onUploaded } = renderUploader()
    await user.upload(screen.getByLabelText('Elige un archivo o arrástralo aquí'), fileOf('carta.txt', 'text/plain', 2048))
    await user.type(screen.getByRole('textbox', { name: /^Descripción/ }), '  Carta de 1960  ')
    await user.click(screen.getByRole('button', { name: 'Subir archivo' }))
    await waitFor(() => expect(Upload.instances).toHaveLength(1))
    const upload = lastUpload()
    await waitFor(() => expect(upload.start).toHaveBeenCalled())
    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads/',
      chunkSize: 262144,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: 'carta.txt', filetype: 'text/plain', caption: 'Carta de 1960', linkedToType: 'member', linkedToId: 'member-1' },
    })

    upload.progress(1024, 2048)
    const bar = screen.getByRole('progressbar', { name: 'Progreso de la subida' })
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    expect(screen.getByText('50 %')).toBeInTheDocument()

    upload.succeed('media-42')
    expect(await screen.findByText('¡Listo! «carta.txt» se ha subido.')).toBeInTheDocument()
    expect(onUploaded).toHaveBeenCalledWith('media-42')
    expect(screen.queryByText('carta.txt')).not.toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Descripción/ })).toHaveValue('')
  })

  it.each([
    [413, 'El archivo es demasiado grande. El tamaño máximo es 5 MB.'],
    [415, 'Tipo de archivo no permitido. Puedes subir imágenes, vídeos, audios, PDF, Word o texto.'],
    [401, 'Debes estar logueado o proveer un ownerUserId para subir archivos.'],
    [403, 'No tienes permiso para subir archivos a esta ubicación.'],
    [400, 'Error al subir el archivo. (400)'],
  ])('answers a %i with its message and keeps the file for a retry', async (status, message) => {
    const { onUploaded } = await chooseAndUpload(fileOf('nota.txt', 'text/plain', 100))
    lastUpload().fail(status)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByText('nota.txt')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeInTheDocument()
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('tells when the bytes arrived but the server could not link them', async () => {
    await chooseAndUpload(fileOf('nota.txt', 'text/plain', 100))
    lastUpload().progress(100, 100)
    lastUpload().fail(500)
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo se subió, pero hubo un error al vincularlo.')
    expect(screen.getByText('nota.txt')).toBeInTheDocument()
  })

  it('pauses, resumes and cancels the upload', async () => {
    const { user } = await chooseAndUpload(fileOf('voz.mp3', 'audio/mpeg', 600_000))
    const upload = lastUpload()
    upload.progress(262144)

    await user.click(screen.getByRole('button', { name: 'Pausar' }))
    expect(upload.abort).toHaveBeenLastCalledWith()
    expect(screen.getByText('Subida en pausa')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Reanudar' }))
    expect(upload.start).toHaveBeenCalledTimes(2)

    await user.click(screen.getByRole('button', { name: 'Cancelar subida' }))
    expect(upload.abort).toHaveBeenLastCalledWith(true)
    expect(await screen.findByText('Subida cancelada.')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('compresses an image of 1 MB or more before sending it', async () => {
    const compressed = fileOf('small.jpg', 'image/jpeg', 700_000)
    compress.mockResolvedValue(compressed)
    await chooseAndUpload(fileOf('retrato.jpg', 'image/jpeg', 2 * 1024 * 1024))
    expect(compress).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'retrato.jpg' }),
      expect.objectContaining({ maxSizeMB: 0.8, maxWidthOrHeight: 1920, useWebWorker: true, libURL: expect.stringContaining('browser-image-compression') }),
    )
    const upload = lastUpload()
    expect(upload.file.size).toBe(700_000)
    expect(upload.options.metadata?.filename).toBe('retrato.jpg')
    expect(screen.queryByText(/Error al comprimir/)).not.toBeInTheDocument()
  })

  it('sends the original image with the warning when compression fails', async () => {
    compress.mockRejectedValue(new Error('canvas'))
    await chooseAndUpload(fileOf('retrato.png', 'image/png', 2 * 1024 * 1024))
    expect(screen.getByText('Error al comprimir la imagen. Se subirá el original si es posible.')).toBeInTheDocument()
    expect(lastUpload().file.size).toBe(2 * 1024 * 1024)
  })

  it('sends a small image as it is', async () => {
    await chooseAndUpload(fileOf('mini.jpg', 'image/jpeg', 500_000))
    expect(compress).not.toHaveBeenCalled()
    expect(lastUpload().file.size).toBe(500_000)
  })
})
