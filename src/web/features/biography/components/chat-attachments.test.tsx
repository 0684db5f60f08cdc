import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { fakeAttachmentSlot, opening, renderChat } from '../test/chat-helpers.tsx'
import { buildEntry, fakeBiographyApi } from '../test/fake-biography-api.ts'

beforeEach(() => {
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

function fileOf(name: string, type: string, bytes = 1000) {
  return new File([new Uint8Array(bytes)], name, { type })
}

const chips = () => within(screen.getByRole('list', { name: 'Archivos para adjuntar' }))

async function attach(user: Awaited<ReturnType<typeof renderChat>>['user'], files: File[]) {
  await user.click(screen.getByRole('button', { name: 'Adjuntar fotos, audios, vídeos o documentos' }))
  const dialog = screen.getByRole('dialog', { name: 'Adjuntar archivos' })
  await user.upload(within(dialog).getByLabelText('Elegir archivos'), files)
  return dialog
}

describe('attaching files while chatting', () => {
  it('opens a dialog with focus on the file picker, and refuses to attach nothing', async () => {
    fakeBiographyApi({ opening })
    const { slot } = fakeAttachmentSlot()
    const { user } = await renderChat(slot)

    const opener = screen.getByRole('button', { name: 'Adjuntar fotos, audios, vídeos o documentos' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Adjuntar archivos' })
    expect(within(dialog).getByLabelText('Elegir archivos')).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Adjuntar' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Por favor, selecciona un archivo.')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('checks each file’s type, and its size by its kind, before keeping it; a large photo is left to be shrunk', async () => {
    fakeBiographyApi({ opening })
    const { slot } = fakeAttachmentSlot()
    const { user } = await renderChat(slot)

    const sixMegabytes = 6 * 1024 * 1024
    const dialog = await attach(user, [
      fileOf('acta.pdf', 'application/pdf', sixMegabytes),
      fileOf('cartas.zip', 'application/zip'),
      fileOf('boda.mp4', 'video/mp4', sixMegabytes),
      fileOf('abuela.jpg', 'image/jpeg', 2 * sixMegabytes),
    ])
    expect(within(dialog).getByText(/Las fotos grandes se reducen solas; documentos hasta 5 MB; vídeos y audios hasta 200 MB por archivo\./)).toBeInTheDocument()
    const problems = within(dialog).getByRole('alert')
    expect(problems).toHaveTextContent('«acta.pdf» es demasiado grande. El tamaño máximo es 5 MB.')
    expect(problems).toHaveTextContent('«cartas.zip» no es de un tipo permitido.')
    expect(within(dialog).getByText('boda.mp4')).toBeInTheDocument()
    expect(within(dialog).getByText('abuela.jpg')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Adjuntar' }))

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(chips().getAllByRole('listitem')).toHaveLength(2)
    expect(chips().getByText('abuela.jpg')).toBeInTheDocument()
    expect(chips().getAllByText('Se adjuntará cuando Cronos responda')).toHaveLength(2)
  })

  it('sends files without words as "Te comparto…", then uploads each one linked to the saved memory', async () => {
    const api = fakeBiographyApi({ opening })
    const { slot, uploads } = fakeAttachmentSlot()
    const { user, input } = await renderChat(slot)

    await user.click(within(await attach(user, [fileOf('abuela.jpg', 'image/jpeg'), fileOf('carta.pdf', 'application/pdf')])).getByRole('button', { name: 'Adjuntar' }))
    await user.type(input, '{Enter}')

    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(api.chatMessages()).toEqual([{ message: 'Te comparto: abuela.jpg y carta.pdf.', language: 'es', carried: [] }])
    // The person's bubble shows what went with the message: the photo itself, the letter by name.
    const sent = within(screen.getByRole('log')).getByRole('list', { name: 'Lo que enviaste con este mensaje' })
    expect(within(sent).getByRole('img', { name: 'Foto que enviaste' })).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    expect(within(sent).getByText('carta.pdf')).toBeInTheDocument()
    const entry = api.entries()[0]!
    expect(uploads[0]).toMatchObject({ entryId: entry.id, file: expect.objectContaining({ name: 'abuela.jpg' }) })

    uploads[0]!.progress(40)
    const progress = chips().getByRole('progressbar', { name: 'Progreso de abuela.jpg' })
    expect(progress).toHaveAttribute('aria-valuenow', '40')
    expect(chips().getByText('Adjuntando… 40 %')).toBeInTheDocument()
    await user.type(input, 'Otra cosa{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, espera a que se guarden tus archivos.')

    uploads[0]!.finish(true)
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(uploads[1]).toMatchObject({ entryId: entry.id, file: expect.objectContaining({ name: 'carta.pdf' }) })
    expect(screen.getByText('«abuela.jpg» se adjuntó al recuerdo.')).toBeInTheDocument()
    const listReads = () => api.requests.filter((request) => request.method === 'GET' && request.path === '/api/biography/entries').length
    const readsBefore = listReads()
    uploads[1]!.finish(true)

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Archivos para adjuntar' })).not.toBeInTheDocument())
    expect(input).toHaveValue('Otra cosa')
    // The memories are fetched again, so their media ids include the new files.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore))
  })

  it('keeps a file that failed to attach, says so, and tries again on request', async () => {
    const api = fakeBiographyApi({ opening })
    const { slot, uploads } = fakeAttachmentSlot()
    const { user, input } = await renderChat(slot)

    await user.click(within(await attach(user, [fileOf('abuela.jpg', 'image/jpeg')])).getByRole('button', { name: 'Adjuntar' }))
    await user.type(input, 'Mi abuela en 1940{Enter}')
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.finish(false)

    expect(await chips().findByRole('alert')).toHaveTextContent('Error al adjuntar el nuevo archivo al recuerdo.')
    await user.click(chips().getByRole('button', { name: 'Reintentar adjuntar abuela.jpg' }))
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(uploads[1]!.entryId).toBe(api.entries()[0]!.id)
    uploads[1]!.finish(true)
    expect(await screen.findByText('«abuela.jpg» se adjuntó al recuerdo.')).toBeInTheDocument()
    expect(api.chatMessages()).toHaveLength(1)
  })

  it('keeps the files for the next message when the memory was not saved', async () => {
    const api = fakeBiographyApi({ opening, canSave: false })
    const { slot, uploads } = fakeAttachmentSlot()
    const { user, input } = await renderChat(slot)

    await user.click(within(await attach(user, [fileOf('abuela.jpg', 'image/jpeg')])).getByRole('button', { name: 'Adjuntar' }))
    await user.type(input, 'Mi abuela{Enter}')

    expect(await screen.findByText(/Como el recuerdo no se guardó, tus archivos no se adjuntaron/)).toBeInTheDocument()
    expect(chips().getByText('abuela.jpg')).toBeInTheDocument()
    expect(slot.upload).not.toHaveBeenCalled()
    expect(uploads).toHaveLength(0)
    expect(api.chatMessages()).toHaveLength(1)
  })

  it('does not upload a file removed while Cronos was answering', async () => {
    const api = fakeBiographyApi({ opening })
    const stream = api.holdNextChat()
    const { slot } = fakeAttachmentSlot()
    const { user, input } = await renderChat(slot)

    await user.click(within(await attach(user, [fileOf('abuela.jpg', 'image/jpeg')])).getByRole('button', { name: 'Adjuntar' }))
    await user.type(input, 'Mi abuela{Enter}')
    await stream.delta('Qué bonita foto')
    await user.click(chips().getByRole('button', { name: 'Quitar abuela.jpg' }))
    const entry = buildEntry()
    api.storeEntry(entry)
    await stream.send({ event: 'done', data: { reply: 'Qué bonita foto', carry: null, entry, notSavedReason: null } })

    expect(await screen.findByText('Guardado en tus recuerdos.')).toBeInTheDocument()
    expect(slot.upload).not.toHaveBeenCalled()
  })
})
