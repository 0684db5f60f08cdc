import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Member } from '../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import { buildEntry, fakeBiographyApi } from '../../features/biography/test/fake-biography-api.ts'
import { buildMember } from '../../features/family-tree/test/fake-family-api.ts'
import { lastUpload, Upload } from '../../features/media/test/fake-tus.ts'
import { buildAsset } from '../../features/media/test/media-fixtures.ts'
import { installFakeMicrophone, installFakeRecognition, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { jsonResponse, testMe } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { MyBiographyRoute } from './my-biography.tsx'

vi.mock('tus-js-client', () => import('../../features/media/test/fake-tus.ts'))

beforeEach(() => {
  Upload.instances = []
  removeSynthesis()
  installFakeRecognition()
  installFakeMicrophone()
})

afterEach(async () => {
  // Unmounted first: switching the language back would make the page ask for a new greeting.
  cleanup()
  uninstallSpeechFakes()
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const self = () => buildMember({ firstName: 'Rosa', relationshipToOwner: 'Yo mismo/a', isSelf: true })

/** The server: the session (Rosa, u1), her family tree, and the biography API. */
function fakeServer(options: Parameters<typeof fakeBiographyApi>[0] & { members?: Member[] } = {}) {
  const { members = [self()], ...biography } = options
  const ownCards: unknown[] = []
  const api = fakeBiographyApi({
    opening: 'Hola, soy Cronos.',
    ...biography,
    fallback: (method, path, body) => {
      if (method === 'GET' && path === '/api/session') return jsonResponse(200, { user: testMe({ displayName: 'Rosa Martínez' }) })
      // The page reads the keeper's card alone, never the tree (which may hold 100,000 people).
      if (method === 'GET' && path === '/api/family-tree/self-card') return jsonResponse(200, { tree: null, member: members.find(isSelfMember) ?? null })
      if (method === 'POST' && path === '/api/family-tree/own-card') {
        ownCards.push(body)
        const card = self()
        members.push(card)
        return jsonResponse(201, { member: card })
      }
      return undefined
    },
  })
  return { ...api, ownCards: () => ownCards }
}

function renderRoute() {
  const user = userEvent.setup({ applyAccept: false })
  renderWithProviders(
    <Routes>
      <Route path="/my-biography" element={<MyBiographyRoute />} />
      <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
      <Route path="/family-tree" element={<h1>Árbol de prueba</h1>} />
    </Routes>,
    { route: '/my-biography' },
  )
  return { user }
}

describe('/my-biography', () => {
  it('is titled "Mi biografía", with the chat, the memories and a way back to the dashboard', async () => {
    fakeServer({ entries: [buildEntry({ title: 'La boda' })] })
    const { user } = renderRoute()

    expect(screen.getByRole('heading', { level: 1, name: 'Mi biografía' })).toBeInTheDocument()
    expect(document.title).toBe('Mi biografía · Legado')
    expect(screen.getByRole('heading', { level: 2, name: 'Conversa con Cronos' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Tus recuerdos' })).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'La boda' })).toBeInTheDocument()
    expect(await screen.findByText('Hola, soy Cronos.')).toBeInTheDocument()
    expect(screen.queryByTestId('no-self-member-notice')).not.toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Volver al dashboard' }))
    expect(screen.getByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
  })

  it('without the person’s own profile, still lets them chat, and makes the profile from their name in one press', async () => {
    const api = fakeServer({ members: [buildMember({ relationshipToOwner: 'Hermana' })], canSave: false })
    const { user } = renderRoute()

    const notice = await screen.findByTestId('no-self-member-notice')
    expect(notice).toHaveTextContent('Para guardar lo que cuentes, Legado necesita tu ficha en el árbol familiar.')
    await user.type(await screen.findByRole('textbox', { name: 'Tu mensaje para Cronos' }), 'Hola{Enter}')
    expect(await screen.findByText('No se puede guardar el recuerdo sin un perfil de miembro asociado.')).toBeInTheDocument()
    expect(api.chatMessages()).toHaveLength(1)

    expect(within(notice).getByRole('textbox', { name: 'Tu nombre completo' })).toHaveValue('Rosa Martínez')
    await user.click(within(notice).getByRole('button', { name: 'Crear mi perfil' }))
    expect(await screen.findByText('Listo: ya tienes tu perfil. Desde ahora, lo que cuentes a Cronos se guarda en tus recuerdos.')).toBeInTheDocument()
    expect(screen.queryByTestId('no-self-member-notice')).not.toBeInTheDocument()
    expect(api.ownCards()).toEqual([{ fullName: 'Rosa Martínez', language: 'es' }])
  })

  it('asks for a name when the account has none, before making the profile', async () => {
    const api = fakeServer({ members: [] })
    const { user } = renderRoute()
    const notice = await screen.findByTestId('no-self-member-notice')
    const name = within(notice).getByRole('textbox', { name: 'Tu nombre completo' })
    await user.clear(name)
    await user.click(within(notice).getByRole('button', { name: 'Crear mi perfil' }))
    expect(name).toHaveAccessibleDescription('Este campo es obligatorio.')
    expect(api.ownCards()).toEqual([])
    await user.type(name, 'Carmen')
    await user.click(within(notice).getByRole('button', { name: 'Crear mi perfil' }))
    await waitFor(() => expect(api.ownCards()).toEqual([{ fullName: 'Carmen', language: 'es' }]))
  })

  it('recognises the own profile by its relationship too', async () => {
    fakeServer({ members: [buildMember({ relationshipToOwner: 'Yo misma', isSelf: false })] })
    renderRoute()
    await screen.findByText('Hola, soy Cronos.')
    await waitFor(() => expect(screen.queryByTestId('no-self-member-notice')).not.toBeInTheDocument())
  })

  it('lets the author of a memory add and delete its files, and updates its media ids', async () => {
    const photo = buildAsset({ id: '0190e5a1-0000-7000-8000-000000000001', fileName: 'IMG_2041.jpg', caption: 'El vestido de mamá', linkedToType: 'biographyEntry' })
    const entry = buildEntry({ title: 'La boda', authorUserId: 'u1', mediaAssetIds: [photo.id] })
    fakeServer({ entries: [entry], media: { [entry.id]: [photo] } })
    const { user } = renderRoute()

    // The memory shows its photo small, named by its caption, never by a code or a camera's file name.
    const card = await screen.findByRole('article', { name: 'La boda' })
    const files = await within(card).findByRole('list', { name: 'Archivos adjuntos' })
    const thumbnail = within(files).getByRole('button', { name: 'Ver la foto: El vestido de mamá' })
    expect(thumbnail.querySelector('img')).toHaveAttribute('src', photo.thumbnailURL)
    expect(within(files).getByText('El vestido de mamá')).toBeInTheDocument()
    expect(within(card).queryByText(/0190e5a1|IMG_2041/)).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Gestionar multimedia de «La boda»' }))
    const dialog = screen.getByRole('dialog', { name: 'Multimedia de «La boda»' })
    expect(await within(dialog).findByRole('button', { name: 'Ampliar IMG_2041.jpg' })).toBeInTheDocument()
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Subir un archivo' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar IMG_2041.jpg' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await within(dialog).findByText('«IMG_2041.jpg» se ha eliminado.')).toBeInTheDocument()
    // The confirmation's Escape handling must not have closed the media dialog behind it.
    expect(screen.getByRole('dialog', { name: 'Multimedia de «La boda»' })).toBeInTheDocument()
    await waitFor(() => expect(within(card).queryByRole('list', { name: 'Archivos adjuntos' })).not.toBeInTheDocument())
    expect(within(card).getByText('Sin archivos adjuntos.')).toBeInTheDocument()
  })

  it('shows someone else’s memory’s files without the uploader or delete', async () => {
    const photo = buildAsset({ fileName: 'boda.jpg', linkedToType: 'biographyEntry' })
    const entry = buildEntry({ title: 'La boda', authorUserId: 'someone-else', mediaAssetIds: [photo.id] })
    fakeServer({ entries: [entry], media: { [entry.id]: [photo] } })
    const { user } = renderRoute()

    await user.click(await screen.findByRole('button', { name: 'Gestionar multimedia de «La boda»' }))
    const dialog = screen.getByRole('dialog', { name: 'Multimedia de «La boda»' })
    expect(await within(dialog).findByRole('button', { name: 'Ampliar boda.jpg' })).toBeInTheDocument()
    expect(within(dialog).getByText('Solo quien escribió este recuerdo puede añadir o eliminar archivos.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Eliminar boda.jpg' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('heading', { name: 'Subir un archivo' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Añadir desde la galería' })).not.toBeInTheDocument()
  })

  it('says when a memory’s files cannot be loaded', async () => {
    const entry = buildEntry({ title: 'La boda' })
    const api = fakeServer({ entries: [entry] })
    api.answerNext('GET', `/api/media?entryId=${entry.id}`, () => jsonResponse(500, { error: { code: 'internal', message: 'x' } }))
    const { user } = renderRoute()

    await user.click(await screen.findByRole('button', { name: 'Gestionar multimedia de «La boda»' }))
    const dialog = screen.getByRole('dialog', { name: 'Multimedia de «La boda»' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al cargar detalles multimedia del recuerdo.')
  })

  it('uploads the files attached in the chat with tus, linked to the memory the reply became', async () => {
    const api = fakeServer()
    const { user } = renderRoute()
    const input = await screen.findByRole('textbox', { name: 'Tu mensaje para Cronos' })

    await user.click(screen.getByRole('button', { name: 'Adjuntar fotos, audios, vídeos o documentos' }))
    const dialog = screen.getByRole('dialog', { name: 'Adjuntar archivos' })
    await user.upload(within(dialog).getByLabelText('Elegir archivos'), new File(['hola'], 'carta.txt', { type: 'text/plain' }))
    await user.click(within(dialog).getByRole('button', { name: 'Adjuntar' }))
    await user.type(input, 'La carta de mi padre{Enter}')

    await waitFor(() => expect(Upload.instances).toHaveLength(1))
    const entry = api.entries()[0]!
    expect(lastUpload().options.metadata).toMatchObject({ filename: 'carta.txt', linkedToType: 'biographyEntry', linkedToId: entry.id })
    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled())
    lastUpload().progress(2, 4)
    expect(screen.getByRole('progressbar', { name: 'Progreso de carta.txt' })).toHaveAttribute('aria-valuenow', '50')
    lastUpload().succeed('media-9')
    expect(await screen.findByText('«carta.txt» se adjuntó al recuerdo.')).toBeInTheDocument()
  })

  it('speaks English too', async () => {
    await i18n.changeLanguage('en')
    const api = fakeServer({ entries: [] })
    renderRoute()
    expect(screen.getByRole('heading', { level: 1, name: 'My biography' })).toBeInTheDocument()
    expect(await screen.findByText('Your biography is still blank.')).toBeInTheDocument()
    await screen.findByText('Hola, soy Cronos.')
    expect(api.requests.some((request) => request.path === '/api/biography/chat?language=en')).toBe(true)
  })
})
