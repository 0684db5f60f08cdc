import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import { asStoredDate } from '../../../shared/genealogy-date/index.ts'
import { buildEntry, fakeBiographyApi } from '../../features/biography/test/fake-biography-api.ts'
import { buildAsset } from '../../features/media/test/media-fixtures.ts'
import { jsonResponse, testMe } from '../../test/http.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { MyStoryRoute } from './my-story.tsx'

afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  await i18n.changeLanguage('es')
})

const said = (text: string): Partial<BiographyEntry> => ({ question: null, answer: text, acknowledgement: 'Qué bonito. ¿Y después?' })

/** The server: the memories (newest first, as it answers), the self member's facts and the session. */
function fakeServer(entries: BiographyEntry[], { birthDate = '1940-03-02' as string | null, media = {} } = {}) {
  return fakeBiographyApi({
    entries,
    media,
    fallback: (method, path) => {
      if (method === 'GET' && path === '/api/family-tree/members/self-1') {
        const self = { memberId: 'self-1', firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Yo mismo/a', isSelf: true, isDeceased: false }
        return jsonResponse(200, {
          member: { ...self, birthDate: birthDate && asStoredDate(birthDate), deathDate: null, birthPlace: '', deathPlace: '', gender: '', bioSummary: '', relatives: [] },
        })
      }
      if (method === 'GET' && path === '/api/session') return jsonResponse(200, { user: testMe() })
      return undefined
    },
  })
}

function renderRoute() {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/my-story" element={<MyStoryRoute />} />
      <Route path="/my-biography" element={<h1>Biografía de prueba</h1>} />
    </Routes>,
    { route: '/my-story' },
  )
  return { user }
}

describe('/my-story', () => {
  it('reads the memories in life order, by stage of life, undated ones last, with their photos and captions', async () => {
    const photo = buildAsset({ id: 'photo-1', caption: 'La casa de Alcalá', linkedToType: 'biographyEntry' })
    const voice = buildAsset({ id: 'voice-1', contentType: 'audio/webm', caption: 'mi voz' })
    fakeServer(
      [
        buildEntry({ id: 'undated', ...said('Una canción que me cantaba mi madre.') }),
        buildEntry({ id: 'wedding', title: 'Mi boda', eventDate: asStoredDate('1965-06-12'), ...said('Nos casamos en mayo.'), question: '¿Cómo fue tu boda?' }),
        buildEntry({ id: 'house', eventDate: asStoredDate('1947'), ...said('Vivíamos en Alcalá.\nHabía un patio.'), mediaAssetIds: ['photo-1', 'voice-1'] }),
      ],
      { media: { house: [photo, voice] } },
    )
    renderRoute()

    expect(screen.getByRole('heading', { level: 1, name: 'Mi historia' })).toBeInTheDocument()
    expect(document.title).toBe('Leer mi historia · Legado')
    expect(await screen.findByText('Rosa Díaz')).toHaveClass('story-author')
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((heading) => heading.textContent)).toEqual(['Infancia', 'Edad adulta', 'Recuerdos sin fecha'])
    const chapters = headings.map((heading) => heading.closest('section')!)

    const childhood = within(chapters[0]!)
    expect(childhood.getByRole('heading', { level: 3, name: '1947' })).toBeInTheDocument()
    expect(childhood.getByText('Vivíamos en Alcalá.')).toBeInTheDocument()
    expect(childhood.getByText('Había un patio.')).toBeInTheDocument()
    expect(await childhood.findByText('La casa de Alcalá')).toBeInTheDocument()
    expect(childhood.getAllByRole('figure')).toHaveLength(1)
    expect(childhood.queryByText('Qué bonito. ¿Y después?')).not.toBeInTheDocument()

    const adulthood = within(chapters[1]!)
    expect(adulthood.getByRole('heading', { level: 3, name: 'Mi boda' })).toBeInTheDocument()
    expect(adulthood.getByText('12 de junio de 1965')).toBeInTheDocument()
    // The question it answered, small, above the answer.
    expect(adulthood.getByText('¿Cómo fue tu boda?')).toHaveClass('story-question')
    expect(chapters[1]).toHaveTextContent('¿Cómo fue tu boda?Nos casamos en mayo.')
    expect(within(chapters[2]!).getByText('Una canción que me cantaba mi madre.')).toBeInTheDocument()
  })

  it('heads the memories of a conversation the person named with its name, once', async () => {
    const fiestas = { id: 'c1', title: 'Las fiestas del pueblo', startedAt: '2024-03-01T09:00:00.000Z' }
    const first = buildEntry({ ...said('Bailábamos en la plaza.'), conversation: fiestas })
    const second = buildEntry({ ...said('Había una banda de música.'), conversation: fiestas })
    // Newest first, as the server answers.
    fakeServer([second, first])
    renderRoute()
    expect(await screen.findByRole('heading', { level: 3, name: 'Las fiestas del pueblo' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Recuerdos sin fecha' })).toHaveTextContent(
      'Recuerdos sin fechaLas fiestas del puebloBailábamos en la plaza.Había una banda de música.',
    )
  })

  it('groups by decade when the birth date is not known', async () => {
    fakeServer([buildEntry({ eventDate: asStoredDate('1965-06-12'), ...said('Nos casamos.') })], { birthDate: null })
    renderRoute()
    expect(await screen.findByRole('heading', { level: 2, name: 'La década de 1960' })).toBeInTheDocument()
  })

  it('prints the page with the browser’s own printing', async () => {
    fakeServer([buildEntry({ ...said('Hola.') })])
    // happy-dom has no printing: the browser's own is what the button must call.
    const print = vi.fn()
    vi.stubGlobal('print', print)
    const { user } = renderRoute()
    await screen.findByText('Hola.')
    await user.click(screen.getByRole('button', { name: 'Imprimir' }))
    expect(print).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: /Volver a mi biografía/ })).toHaveAttribute('href', '/my-biography')
  })

  it('invites to talk with Cronos while there is nothing to read', async () => {
    fakeServer([])
    renderRoute()
    expect(await screen.findByText(/Tu historia todavía está en blanco/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Hablar con Cronos' })).toHaveAttribute('href', '/my-biography')
  })

  it('reads in English', async () => {
    await i18n.changeLanguage('en')
    fakeServer([buildEntry({ eventDate: asStoredDate('1960'), ...said('We danced.') })])
    renderRoute()
    expect(await screen.findByRole('heading', { level: 2, name: 'Youth' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'My story' })).toBeInTheDocument()
  })
})
