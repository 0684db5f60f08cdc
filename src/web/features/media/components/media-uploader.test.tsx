import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import imageCompression from 'browser-image-compression'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeMediaApi } from '../test/fake-media-api.ts'
import { lastUpload, Upload } from '../test/fake-tus.ts'
import { fileOf } from '../test/media-fixtures.ts'
import { MediaUploader } from './media-uploader.tsx'

vi.mock('tus-js-client', () => import('../test/fake-tus.ts'))
vi.mock('browser-image-compression', () => ({ default: vi.fn() }))

const compress = vi.mocked(imageCompression)

beforeEach(() => {
  Upload.instances = []
  compress.mockReset()
  fakeMediaApi([])
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The browser decodes every photo as `width` × `height` pixels (happy-dom decodes none). */
function measuredAs(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', async () => ({ width, height, close: () => undefined }))
}

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

  it('says both limits, and clears a document over its 5 MB, saying the maximum', async () => {
    const { user, input } = renderUploader()
    expect(input).toHaveAccessibleDescription('Fotos, vídeos, audios, PDF, Word o texto. Las fotos grandes se reducen solas; documentos hasta 5 MB; vídeos y audios hasta 200 MB.')
    await user.upload(input, fileOf('acta.pdf', 'application/pdf', 6 * 1024 * 1024))
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo es demasiado grande. El tamaño máximo es 5 MB.')
    expect(screen.queryByText('acta.pdf')).not.toBeInTheDocument()
    expect((input as HTMLInputElement).value).toBe('')
  })

  it('takes a video over the photos’ limit, and refuses one over its own (as the server sets it) in its own words', async () => {
    fakeMediaApi([], { limits: { fileBytes: 5 * 1024 * 1024, audioVideoBytes: 100 * 1024 * 1024 } })
    const { user, input } = renderUploader()
    await waitFor(() => expect(input).toHaveAccessibleDescription(/vídeos y audios hasta 100 MB\.$/))
    await user.upload(input, fileOf('boda.mp4', 'video/mp4', 6 * 1024 * 1024))
    expect(await screen.findByText('boda.mp4')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    const huge = fileOf('boda.mp4', 'video/mp4', 1)
    Object.defineProperty(huge, 'size', { value: 101 * 1024 * 1024 })
    await user.upload(input, huge)
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo es demasiado grande. Los vídeos y audios pueden tener hasta 100 MB.')
    expect(screen.queryByText('boda.mp4')).not.toBeInTheDocument()
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

  it('shrinks a photo over 2,500 px to a JPEG as it is chosen, says so, and sends the shrunk one', async () => {
    measuredAs(4000, 3000)
    compress.mockResolvedValue(fileOf('retrato.png', 'image/jpeg', 700_000))
    const { user, input } = renderUploader()
    await user.upload(input, fileOf('retrato.png', 'image/png', 3 * 1024 * 1024))
    expect(await screen.findByText('La foto se ha reducido a 2.500 px para guardarla.')).toBeInTheDocument()
    expect(compress).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'retrato.png' }),
      expect.objectContaining({
        maxWidthOrHeight: 2500,
        fileType: 'image/jpeg',
        initialQuality: 0.85,
        maxSizeMB: 5,
        useWebWorker: true,
        libURL: expect.stringContaining('browser-image-compression'),
      }),
    )
    expect(screen.getByText('retrato.jpg')).toBeInTheDocument()
    expect(screen.getByText('0,67 MB')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Subir archivo' }))
    await waitFor(() => expect(Upload.instances).toHaveLength(1))
    expect(lastUpload().file.size).toBe(700_000)
    expect(lastUpload().options.metadata).toMatchObject({ filename: 'retrato.jpg', filetype: 'image/jpeg' })
  })

  it('shrinks a photo over the limit before checking its size: a 10 MB phone photo is taken', async () => {
    measuredAs(2400, 1800)
    compress.mockResolvedValue(fileOf('IMG_2041.jpg', 'image/jpeg', 2_000_000))
    const { user, input } = renderUploader()
    await user.upload(input, fileOf('IMG_2041.jpg', 'image/jpeg', 10 * 1024 * 1024))
    expect(await screen.findByText('La foto se ha reducido a 2.500 px para guardarla.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('IMG_2041.jpg')).toBeInTheDocument()
  })

  it('sends a photo within 2,500 px and the limit as it is', async () => {
    measuredAs(2000, 1500)
    await chooseAndUpload(fileOf('mini.jpg', 'image/jpeg', 3 * 1024 * 1024))
    expect(compress).not.toHaveBeenCalled()
    expect(lastUpload().file.size).toBe(3 * 1024 * 1024)
    expect(screen.queryByText(/se ha reducido/)).not.toBeInTheDocument()
  })

  it('keeps a large photo it could not shrink, with the warning, when it fits; and refuses it when it does not', async () => {
    measuredAs(4000, 3000)
    compress.mockRejectedValue(new Error('canvas'))
    const { user, input } = renderUploader()
    await user.upload(input, fileOf('retrato.png', 'image/png', 2 * 1024 * 1024))
    expect(await screen.findByText('Error al comprimir la imagen. Se subirá el original si es posible.')).toBeInTheDocument()
    expect(screen.getByText('retrato.png')).toBeInTheDocument()

    await user.upload(input, fileOf('enorme.png', 'image/png', 6 * 1024 * 1024))
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo es demasiado grande. El tamaño máximo es 5 MB.')
    expect(screen.queryByText('enorme.png')).not.toBeInTheDocument()
  })
})
