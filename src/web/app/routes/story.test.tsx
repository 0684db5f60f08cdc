import { screen, within } from '@testing-library/react'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { buildSession, errorResponse, fakeInterviewApi } from '../../features/interviews/test/fake-interview-api.ts'
import { buildAsset } from '../../features/media/test/media-fixtures.ts'
import { jsonResponse } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { StoryRoute } from './story.tsx'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const facts = (memberId: string, firstName: string, isSelf = false) => ({
  memberId,
  firstName,
  lastName: 'López',
  relationshipToOwner: isSelf ? 'Yo mismo/a' : 'Abuela',
  isSelf,
  isDeceased: false,
  birthDate: null,
  deathDate: null,
  birthPlace: '',
  deathPlace: '',
  gender: '',
  bioSummary: '',
  relatives: [],
})

function fakeServer({ sessions = [], media = [] }: { sessions?: InterviewSession[]; media?: MediaAsset[] } = {}) {
  return fakeInterviewApi({
    sessions,
    fallback: (method, path) => {
      if (method === 'GET' && path === '/api/family-tree/members/carmen') return jsonResponse(200, { member: facts('carmen', 'Carmen') })
      if (method === 'GET' && path === '/api/family-tree/members/me') return jsonResponse(200, { member: facts('me', 'Rosa', true) })
      if (method === 'GET' && path.startsWith('/api/family-tree/members/')) return errorResponse(404, 'not_found')
      if (method === 'GET' && path === '/api/media?memberId=carmen') return jsonResponse(200, { media })
      return undefined
    },
  })
}

function renderRoute(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/story/:memberId" element={<StoryRoute />} />
      <Route path="/my-story" element={<h1>Mi historia de prueba</h1>} />
    </Routes>,
    { route },
  )
}

describe('/story/:memberId', () => {
  it('reads the interviews about a relative by conversation, oldest first, and shows their photos', async () => {
    const said = (text: string, conversationId: string, startedAt: string, { question = null as string | null, title = '' } = {}) => ({
      question,
      answer: text,
      acknowledgement: 'Gracias. ¿Y qué más?',
      conversation: { id: conversationId, title, startedAt },
    })
    fakeServer({
      sessions: [
        buildSession({
          interviewedMemberId: 'carmen',
          timestamp: '2026-03-12T10:00:00.000Z',
          ...said('Cantaba en la cocina.', 'c1', '2026-03-12T10:00:00.000Z', { question: '¿Qué hacía Carmen en casa?' }),
        }),
        buildSession({ interviewedMemberId: 'carmen', timestamp: '2026-03-12T10:05:00.000Z', ...said('Hacía pan los domingos.', 'c1', '2026-03-12T10:00:00.000Z') }),
        buildSession({
          interviewedMemberId: 'carmen',
          timestamp: '2026-04-02T18:00:00.000Z',
          ...said('Bailaba muy bien.', 'c2', '2026-04-02T18:00:00.000Z', { title: 'Las verbenas' }),
        }),
      ],
      media: [buildAsset({ id: 'p1', caption: 'Carmen en la feria' }), buildAsset({ id: 'v1', contentType: 'audio/webm' })],
    })
    renderRoute('/story/carmen')

    expect(await screen.findByRole('heading', { level: 1, name: 'La historia de Carmen López' })).toBeInTheDocument()
    const conversations = await screen.findAllByRole('heading', { level: 3 })
    // A conversation the person named keeps its name, with its day under it.
    expect(conversations.map((heading) => heading.textContent)).toEqual(['Conversación del 12 de marzo de 2026', 'Las verbenas'])
    expect(conversations[1]!.closest('article')).toHaveTextContent('Las verbenas2 de abril de 2026Bailaba muy bien.')
    const first = conversations[0]!.closest('article')!
    // Each answer under the question it answered, the question first.
    expect(first).toHaveTextContent('¿Qué hacía Carmen en casa?Cantaba en la cocina.Hacía pan los domingos.')
    expect(within(first).getByText('¿Qué hacía Carmen en casa?')).toHaveClass('story-question')
    expect(first).not.toHaveTextContent('Gracias')
    expect(screen.getByRole('heading', { level: 2, name: 'Fotos' })).toBeInTheDocument()
    expect(screen.getByText('Carmen en la feria')).toBeInTheDocument()
    expect(screen.getAllByRole('figure')).toHaveLength(1)
    expect(screen.getByRole('link', { name: /Volver al árbol familiar/ })).toHaveAttribute('href', '/family-tree')
  })

  it('says there are no conversations yet and offers the interview', async () => {
    fakeServer()
    renderRoute('/story/carmen')
    expect(await screen.findByText('Todavía no hay conversaciones sobre Carmen López.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Entrevistar sobre Carmen' })).toHaveAttribute('href', '/interview/carmen')
  })

  it('sends one’s own card to one’s own story', async () => {
    fakeServer()
    renderRoute('/story/me')
    expect(await screen.findByRole('heading', { name: 'Mi historia de prueba' })).toBeInTheDocument()
  })

  it('says kindly when the person is not in the tree', async () => {
    fakeServer()
    renderRoute('/story/nobody')
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos a esta persona en tu árbol.')
  })
})

describe('/story/:memberId, read by someone who does not keep the tree', () => {
  // Rosa keeps the tree; the server says how each card stands to the reader (Tomás, her grandson, or someone linked to no card).
  function readersServer(rosaToReader: { relation: 'ancestor'; generations: number } | null) {
    return fakeInterviewApi({
      sessions: [],
      fallback: (method, path) => {
        const keeperName = 'Rosa López'
        if (method === 'GET' && path === '/api/family-tree/members/rosa')
          return jsonResponse(200, { member: { ...facts('rosa', 'Rosa', true), relationToReader: { kinship: rosaToReader, keeperName } } })
        if (method === 'GET' && path === '/api/family-tree/members/tomas')
          return jsonResponse(200, { member: { ...facts('tomas', 'Tomás'), relationToReader: { kinship: { relation: 'self' }, keeperName } } })
        if (method === 'GET' && path === '/api/media?memberId=rosa') return jsonResponse(200, { media: [] })
        return undefined
      },
    })
  }

  it('shows a grandson the keeper’s story as a relative’s, to be told about', async () => {
    readersServer({ relation: 'ancestor', generations: 2 })
    renderRoute('/story/rosa')
    expect(await screen.findByRole('heading', { level: 1, name: 'La historia de Rosa López' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Entrevistar sobre Rosa' })).toHaveAttribute('href', '/interview/rosa')
    expect(screen.queryByRole('heading', { name: 'Mi historia de prueba' })).not.toBeInTheDocument()
  })

  it('sends a grandson’s own card to his own story', async () => {
    readersServer({ relation: 'ancestor', generations: 2 })
    renderRoute('/story/tomas')
    expect(await screen.findByRole('heading', { name: 'Mi historia de prueba' })).toBeInTheDocument()
  })

  it('shows the keeper’s story to someone linked to no card, whose own story it is not', async () => {
    readersServer(null)
    renderRoute('/story/rosa')
    expect(await screen.findByRole('link', { name: 'Entrevistar sobre Rosa' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Mi historia de prueba' })).not.toBeInTheDocument()
  })
})
