import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Member, RelationToReader } from '../../../shared/contracts/family-tree.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import type { TreeRole } from '../../../shared/family-tree/roles.ts'
import { buildTree } from '../../features/family-tree/test/fake-circle-api.ts'
import { buildMember } from '../../features/family-tree/test/fake-family-api.ts'
import { buildSession, errorResponse, fakeInterviewApi } from '../../features/interviews/test/fake-interview-api.ts'
import { buildAsset } from '../../features/media/test/media-fixtures.ts'
import { jsonResponse } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { InterviewRoute } from './interview.tsx'
import { asStoredDate } from '../../../shared/genealogy-date/index.ts'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const carmen = () =>
  buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Abuela', birthDate: asStoredDate('1931-05-04'), isDeceased: true })

interface ServerOptions {
  members?: Member[]
  /** The person has no family tree at all. */
  hasNoTree?: boolean
  sessions?: InterviewSession[]
  media?: MediaAsset[]
  /** The reader does not keep the tree: how its people stand to them. */
  relationToReader?: RelationToReader
  /** The reader's account and role, in a tree another keeps. */
  reader?: { userId: string; role: TreeRole }
}

/** A member as `GET /api/family-tree/members/:id` answers them: their own facts and relatives. */
function factsOf({ memberId, firstName, lastName, relationshipToOwner, isSelf, isDeceased, birthDate, deathDate, birthPlace, deathPlace, gender, bioSummary }: Member) {
  return { memberId, firstName, lastName, relationshipToOwner, isSelf, isDeceased, birthDate, deathDate, birthPlace, deathPlace, gender, bioSummary, relatives: [] }
}

/** The server: one member of the tree by id, Carmen's files and the interviews API. */
function fakeServer({ members = [carmen()], hasNoTree = false, sessions = [], media = [], relationToReader, reader }: ServerOptions = {}) {
  return fakeInterviewApi({
    sessions,
    fallback: (method, path) => {
      const memberId = /^\/api\/family-tree\/members\/([^/?]+)$/.exec(path)?.[1]
      if (method === 'GET' && memberId) {
        if (hasNoTree) return errorResponse(404, 'family_tree.no_tree')
        const member = members.find((candidate) => candidate.memberId === decodeURIComponent(memberId))
        return member ? jsonResponse(200, { member: { ...factsOf(member), ...(relationToReader ? { relationToReader } : {}) } }) : errorResponse(404, 'not_found')
      }
      if (method === 'GET' && path === '/api/media?memberId=carmen') return jsonResponse(200, { media })
      if (reader && method === 'GET' && path === '/api/trees') return jsonResponse(200, { trees: [buildTree({ role: reader.role, isOwn: false })], hasOwnTree: false })
      if (reader && method === 'GET' && path === '/api/session') return jsonResponse(200, { user: { id: reader.userId } })
      return undefined
    },
  })
}

function renderRoute(route = '/interview/carmen') {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/interview/:memberId" element={<InterviewRoute />} />
      <Route path="/family-tree" element={<h1>Árbol de prueba</h1>} />
      <Route path="/my-biography" element={<h1>Biografía de prueba</h1>} />
    </Routes>,
    { route },
  )
  return { user }
}

describe('/interview/:memberId', () => {
  it('presents the relative with their first photo, and the earlier interviews with their recordings', async () => {
    const voice = buildAsset({ id: 'voice-1', fileName: 'voz.webm', contentType: 'video/webm', thumbnailURL: null, linkedToType: 'interviewSession' })
    const photo = buildAsset({ id: 'photo-1', thumbnailURL: '/api/media/photo-1/thumbnail' })
    const session = buildSession({ interviewedMemberId: 'carmen', answer: 'Cantaba en la cocina.', acknowledgement: null, mediaAssetIds: ['voice-1'] })
    const api = fakeServer({ sessions: [session], media: [voice, photo] })
    renderRoute()

    expect(screen.getByRole('status')).toHaveTextContent('Cargando…')
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrevista sobre Carmen López' })).toBeInTheDocument()
    expect(document.title).toBe('Entrevista sobre Carmen López · Legado')
    expect(screen.getByText('En memoria')).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Foto de Carmen López' })).toHaveAttribute('src', '/api/media/photo-1/thumbnail')
    const history = screen.getByRole('region', { name: 'Entrevistas anteriores' })
    expect(await within(history).findByText('Cantaba en la cocina.')).toBeInTheDocument()
    expect(within(history).getByLabelText('Grabación de tu voz')).toHaveAttribute('src', voice.downloadURL)
    // Carmen alone is read, never the whole tree (which may hold 100,000 people).
    expect(api.requests.map((request) => request.path)).toContain('/api/family-tree/members/carmen')
    expect(api.requests.filter((request) => request.path.startsWith('/api/family-tree') && request.path !== '/api/family-tree/members/carmen')).toEqual([])
  })

  it('refreshes the files once a session and its recordings are deleted', async () => {
    const session = buildSession({ interviewedMemberId: 'carmen', mediaAssetIds: ['voice-1'] })
    const api = fakeServer({ sessions: [session] })
    const { user } = renderRoute()

    await user.click(await screen.findByRole('button', { name: /^Eliminar la entrevista/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await screen.findByText(/^Todavía no hay entrevistas sobre Carmen\./)).toBeInTheDocument()
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/media?memberId=carmen')).toHaveLength(2))
  })

  it('says so when the person has no family tree yet, and leads to it', async () => {
    fakeServer({ hasNoTree: true })
    const { user } = renderRoute()
    expect(await screen.findByText('No encontramos tu árbol familiar.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Entrevista' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ir a mi árbol familiar' }))
    expect(screen.getByRole('heading', { name: 'Árbol de prueba' })).toBeInTheDocument()
  })

  it('says so when the person is not in the tree, and asks for nothing about them', async () => {
    const api = fakeServer()
    renderRoute('/interview/nadie')
    expect(await screen.findByText('No encontramos a esta persona en tu árbol.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al árbol familiar' })).toHaveAttribute('href', '/family-tree')
    // Who reads and with which role is asked (the page's actions depend on it); nothing about anyone else.
    expect(api.requests.map((request) => request.path).filter((path) => path !== '/api/trees' && path !== '/api/session')).toEqual(['/api/family-tree/members/nadie'])
  })

  it('says so when no person is given', async () => {
    fakeServer()
    renderRoute('/interview/%20')
    expect(await screen.findByText('No se indicó a qué persona entrevistar.')).toBeInTheDocument()
  })

  it('sends the person to their biography when the member is themself', async () => {
    fakeServer({ members: [buildMember({ memberId: 'carmen', relationshipToOwner: 'Yo misma' })] })
    const { user } = renderRoute()
    expect(await screen.findByText('Esta persona eres tú.')).toBeInTheDocument()
    expect(screen.getByText('Tu propia historia se escribe con Cronos, en «Mi biografía».')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ir a Mi biografía' }))
    expect(screen.getByRole('heading', { name: 'Biografía de prueba' })).toBeInTheDocument()
  })

  it('lets a grandson tell Ana about the grandmother who keeps the tree, named as his grandmother', async () => {
    fakeServer({
      members: [buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Yo misma', isSelf: true, gender: 'Femenino' })],
      relationToReader: { kinship: { relation: 'ancestor', generations: 2 }, keeperName: 'Carmen López' },
    })
    renderRoute()
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrevista sobre Carmen López' })).toBeInTheDocument()
    expect(screen.getByText('Tu abuela')).toBeInTheDocument()
    expect(screen.queryByText('Esta persona eres tú.')).not.toBeInTheDocument()
  })

  it.each([
    ['the server is out of reach', () => Promise.reject(new TypeError('Failed to fetch')), 'No pudimos conectar con la base de datos. Inténtalo de nuevo en unos minutos.'],
    ['the database fails', () => errorResponse(503, 'internal'), 'No pudimos conectar con la base de datos. Inténtalo de nuevo en unos minutos.'],
    ['the tree cannot be read', () => errorResponse(400, 'validation_failed'), 'Error al cargar la entrevista.'],
  ])('when %s, says so and tries again on request', async (_case, answer, text) => {
    const api = fakeServer()
    api.answerNext('GET', '/api/family-tree/members/carmen', answer)
    const { user } = renderRoute()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrevista sobre Carmen López' })).toBeInTheDocument()
  })

  it('lets a contributor correct, delete and name only what they told, and a viewer only read and listen', async () => {
    const hers = buildSession({ interviewedMemberId: 'carmen', answer: 'Bordaba manteles.', authorUserId: 'rosa', ownerUserId: 'rosa' })
    const his = buildSession({ interviewedMemberId: 'carmen', answer: 'Me enseñó a silbar.', authorUserId: 'tomas', ownerUserId: 'rosa' })
    fakeServer({ sessions: [hers, his], reader: { userId: 'tomas', role: 'contributor' } })
    renderRoute()
    const history = await screen.findByRole('region', { name: 'Entrevistas anteriores' })
    const conversation = async (answer: string) => (await within(history).findByText(answer)).closest('section')!
    await waitFor(async () => expect(within(await conversation('Me enseñó a silbar.')).getAllByRole('button', { name: /^Eliminar la entrevista/ })).toHaveLength(1))
    expect(within(await conversation('Me enseñó a silbar.')).getByRole('button', { name: /^Cambiar el título/ })).toBeInTheDocument()
    expect(within(await conversation('Bordaba manteles.')).queryByRole('button', { name: /^Eliminar la entrevista/ })).not.toBeInTheDocument()
    expect(within(await conversation('Bordaba manteles.')).queryByRole('button', { name: /^(Cambiar el título|Corregir)/ })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Tu mensaje para Ana')).toBeInTheDocument()
  })

  it('shows a viewer what was told without the chat or anything that changes it', async () => {
    fakeServer({
      sessions: [buildSession({ interviewedMemberId: 'carmen', answer: 'Bordaba manteles.', authorUserId: 'rosa', ownerUserId: 'rosa' })],
      reader: { userId: 'lucia', role: 'viewer' },
    })
    renderRoute()
    expect(
      await screen.findByText('Aquí puedes leer y escuchar lo que la familia ha contado de Carmen. Contar algo nuevo queda para quienes aportan recuerdos al árbol.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Tu mensaje para Ana')).not.toBeInTheDocument()
    const history = screen.getByRole('region', { name: 'Entrevistas anteriores' })
    expect(await within(history).findByText('Bordaba manteles.')).toBeInTheDocument()
    expect(within(history).queryAllByRole('button')).toEqual([])
  })

  it('speaks English too', async () => {
    await i18n.changeLanguage('en')
    fakeServer()
    renderRoute()
    expect(await screen.findByRole('heading', { level: 1, name: 'Interview about Carmen López' })).toBeInTheDocument()
    expect(await screen.findByText(/^There are no interviews about Carmen yet\./)).toBeInTheDocument()
  })
})
