import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { useDreams } from '../../dream-diary/api/dream-queries.ts'
import { buildDream } from '../../dream-diary/test/fake-dream-api.ts'
import { deferred } from '../../../test/http.ts'
import { buildDreamReading, dreamReaderText, errorResponse, fakeAiLabApi } from '../test/fake-ai-lab-api.ts'
import { RevealedDreams } from './revealed-dreams.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The tab as the AI-lab page composes it: the dream diary's query. */
function DreamsOnPage({ canGenerate }: { canGenerate: boolean | undefined }) {
  return <RevealedDreams dreams={useDreams()} canGenerate={canGenerate} />
}

function renderDreams({ canGenerate = true as boolean | undefined } = {}) {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/ai-lab" element={<DreamsOnPage canGenerate={canGenerate} />} />
      <Route path="/my-dreams" element={<h1>Diario de prueba</h1>} />
    </Routes>,
    { route: '/ai-lab' },
  )
  return { user }
}

/** Two dreams of the diary, newest first as the server lists them. */
function twoDreams(): [Dream, Dream] {
  const older = buildDream({ title: 'El tren', content: 'Viajaba en un tren sin estaciones.' })
  const newest = buildDream({ title: 'El mar', content: 'Nadaba en un mar de leche.', dreamDate: '2024-03-05' })
  return [newest, older]
}

const dreamChoice = () => screen.getByRole('combobox', { name: 'Elige un sueño' })
const readButton = () => screen.queryByRole('button', { name: 'Leer mi sueño' })
const readingsList = () => screen.getByRole('region', { name: 'Lecturas de este sueño' })
/** The readings of the dream shown, once the diary has loaded. */
const findReadingsList = () => screen.findByRole('region', { name: 'Lecturas de este sueño' })
const answerBox = () => screen.queryByRole('region', { name: 'Lectura de tu sueño' })
const readingsPath = (dreamId: string) => `/api/ai-lab/dream-readings?dreamId=${dreamId}`

describe('Revealed dreams', () => {
  it('says it is loading the diary, then shows the newest dream with its readings', async () => {
    const [newest, older] = twoDreams()
    const api = fakeAiLabApi({
      dreams: [newest, older],
      readings: [buildDreamReading({ dreamId: newest.id, text: 'Una lectura del mar' }), buildDreamReading({ dreamId: older.id, text: 'Una lectura del tren' })],
    })
    const held = deferred<Response>()
    const diary = { dreams: [newest, older] }
    api.answerNext('GET', '/api/dreams', () => held.promise)
    renderDreams()

    expect(screen.getByRole('heading', { level: 2, name: 'Sueños revelados' })).toBeInTheDocument()
    expect(screen.getByText('Una lectura es una invitación a reflexionar: no es un diagnóstico, ni una predicción, ni un consejo de salud.')).toBeInTheDocument()
    expect(screen.getByText('Cargando tus sueños...')).toBeInTheDocument()
    held.resolve(new Response(JSON.stringify(diary), { status: 200, headers: { 'Content-Type': 'application/json' } }))

    expect(await screen.findByRole('combobox', { name: 'Elige un sueño' })).toHaveValue(newest.id)
    expect(
      within(dreamChoice())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['El mar (5 de marzo de 2024)', 'El tren'])
    expect(screen.getByText('Nadaba en un mar de leche.')).toBeInTheDocument()
    expect(screen.queryByText('Viajaba en un tren sin estaciones.')).not.toBeInTheDocument()
    expect(await within(readingsList()).findByText('Una lectura del mar')).toBeInTheDocument()
    expect(within(readingsList()).queryByText('Una lectura del tren')).not.toBeInTheDocument()
    expect(api.requestsTo('GET', readingsPath(newest.id))).toHaveLength(1)
    expect(api.requestsTo('GET', readingsPath(older.id))).toHaveLength(0)
    // A dream already read is read again.
    expect(screen.getByRole('button', { name: 'Leerlo otra vez' })).toBeInTheDocument()
  })

  it('names a dream without a title', async () => {
    fakeAiLabApi({ dreams: [buildDream({ title: '  ', content: 'Volaba.' })] })
    renderDreams()
    expect(await screen.findByRole('option', { name: 'Sueño sin título' })).toBeInTheDocument()
  })

  it('says when the diary could not be loaded, and loads it again on request', async () => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    api.answerNext('GET', '/api/dreams', () => errorResponse(500, 'internal'))
    const { user } = renderDreams()

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus sueños.')
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText(newest.content)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('leads to the dream diary when it is empty, with nothing to read', async () => {
    const api = fakeAiLabApi({ dreams: [] })
    const { user } = renderDreams()

    expect(await screen.findByText('Tu diario de sueños está vacío. Cuando escribas un sueño, podrás leerlo aquí.')).toBeInTheDocument()
    expect(readButton()).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Escribir un sueño' })
    expect(link).toHaveAttribute('href', '/my-dreams')
    expect(api.requests.some((request) => request.path.startsWith('/api/ai-lab/dream-readings'))).toBe(false)
    await user.click(link)
    expect(screen.getByRole('heading', { name: 'Diario de prueba' })).toBeInTheDocument()
  })

  it('shows the dream chosen, with its own readings, newest first', async () => {
    const [newest, older] = twoDreams()
    const api = fakeAiLabApi({
      dreams: [newest, older],
      readings: [buildDreamReading({ dreamId: older.id, text: 'La primera lectura del tren' }), buildDreamReading({ dreamId: older.id, text: 'La segunda lectura del tren' })],
    })
    const { user } = renderDreams()
    expect(await within(await findReadingsList()).findByText('Este sueño aún no tiene lecturas.')).toBeInTheDocument()
    expect(readButton()).toBeInTheDocument()

    await user.selectOptions(dreamChoice(), 'El tren')
    expect(dreamChoice()).toHaveValue(older.id)
    expect(screen.getByText('Viajaba en un tren sin estaciones.')).toBeInTheDocument()
    expect(screen.queryByText('Nadaba en un mar de leche.')).not.toBeInTheDocument()
    await waitFor(() => expect(within(readingsList()).getAllByRole('listitem')).toHaveLength(2))
    expect(
      within(readingsList())
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.lab-answer-text')?.textContent),
    ).toEqual(['La segunda lectura del tren', 'La primera lectura del tren'])
    expect(api.requestsTo('GET', readingsPath(older.id))).toHaveLength(1)
  })

  it('writes the reading in as it arrives, then keeps it at the top of the dream’s readings', async () => {
    const [newest, older] = twoDreams()
    const earlier = buildDreamReading({ dreamId: newest.id, text: 'Una lectura de ayer' })
    const api = fakeAiLabApi({ dreams: [newest, older], readings: [earlier] })
    const stream = api.holdNextReading()
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leerlo otra vez' }))
    expect(api.requestsTo('POST', '/api/ai-lab/dream-readings').map((request) => request.body)).toEqual([{ dreamId: newest.id, language: 'es' }])
    expect(screen.getByRole('button', { name: 'Leyendo tu sueño...' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(answerBox()!).getByText('Leyendo tu sueño...')).toBeInTheDocument()
    expect(answerBox()).toHaveAttribute('aria-busy', 'true')
    // The dream being read cannot be changed under it.
    expect(dreamChoice()).toBeDisabled()

    await stream.delta('El mar de leche habla ')
    expect(answerBox()).toHaveTextContent('El mar de leche habla')
    await stream.delta('de la ternura.')
    expect(answerBox()).toHaveTextContent('El mar de leche habla de la ternura.')

    const saved = buildDreamReading({ dreamId: newest.id, text: 'El mar de leche habla de la ternura.' })
    api.keepReading(saved)
    await stream.send({ event: 'done', data: { reply: saved.text, carry: null, reading: saved, notSavedReason: null } })
    expect(await screen.findByText('La lectura está lista.')).toBeInTheDocument()
    // The box gives way to the list, where the new reading is first.
    expect(answerBox()).not.toBeInTheDocument()
    const items = within(readingsList()).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.lab-answer-text')?.textContent)).toEqual(['El mar de leche habla de la ternura.', 'Una lectura de ayer'])
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Lecturas de este sueño' })).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Leerlo otra vez' })).not.toHaveAttribute('aria-disabled', 'true')
    expect(dreamChoice()).toBeEnabled()
  })

  it('reads a dream with the fake dream reader and shows the reading kept', async () => {
    const [newest, older] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest, older] })
    const { user } = renderDreams()
    await within(await findReadingsList()).findByText('Este sueño aún no tiene lecturas.')

    await user.selectOptions(dreamChoice(), 'El tren')
    await user.click(readButton()!)
    expect(await within(readingsList()).findByText(dreamReaderText(older))).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/dream-readings').map((request) => request.body)).toEqual([{ dreamId: older.id, language: 'es' }])
    expect(api.readings()).toMatchObject([{ dreamId: older.id, text: dreamReaderText(older) }])
  })

  it('keeps the reading in view when the server could not save it', async () => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    const stream = api.holdNextReading()
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    await stream.delta('El mar de leche.')
    await stream.send({ event: 'done', data: { reply: 'El mar de leche.', carry: null, reading: null, notSavedReason: 'aiLab.reading_save_failed' } })
    expect(await within(answerBox()!).findByText('La lectura no se pudo guardar, pero aquí la tienes.')).toBeInTheDocument()
    expect(answerBox()).toHaveTextContent('El mar de leche.')
    expect(within(readingsList()).getByText('Este sueño aún no tiene lecturas.')).toBeInTheDocument()
  })

  it('stops the reading when asked, keeping what was written', async () => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    const stream = api.holdNextReading()
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    await stream.delta('El mar de')
    await user.click(screen.getByRole('button', { name: 'Detener' }))
    expect(within(answerBox()!).getByText('Detuviste la lectura.')).toBeInTheDocument()
    // The Stop button is gone with the stream: focus goes to what was written so far.
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Lectura de tu sueño' })).toHaveFocus())
    await stream.delta(' leche')
    expect(answerBox()).toHaveTextContent('El mar de')
    expect(answerBox()).not.toHaveTextContent('leche')
    expect(readButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it('clears the last reading when another dream is chosen', async () => {
    const [newest, older] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest, older] })
    const stream = api.holdNextReading()
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    await stream.send({ event: 'error', data: { code: 'upstream_failed', message: 'failed' } })
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    await user.selectOptions(dreamChoice(), 'El tren')
    expect(answerBox()).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    ['the reader fails', { event: 'error', data: { code: 'upstream_failed', message: 'x' } } as const, 'No se pudo leer el sueño. Intenta de nuevo.'],
    ['the AI blocks it', { event: 'error', data: { code: 'ai_blocked', message: 'x' } } as const, 'La configuración de seguridad de la IA no permitió leer este sueño.'],
    ['the key is invalid', { event: 'error', data: { code: 'ai_invalid_key', message: 'x' } } as const, 'Problema con la API Key de IA.'],
  ])('says why when %s', async (_case, event, text) => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    const stream = api.holdNextReading()
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    await stream.send(event)
    expect(within(answerBox()!).getByRole('alert')).toHaveTextContent(text)
    expect(readButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each([
    ['too many readings were asked for', () => errorResponse(429, 'rate_limited'), 'Demasiados intentos por ahora. Vuelve a intentarlo más tarde.'],
    ['the server fails', () => errorResponse(500, 'internal'), 'No se pudo leer el sueño. Intenta de nuevo.'],
  ])('says why the reading did not come when %s', async (_case, answer, text) => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    api.answerNext('POST', '/api/ai-lab/dream-readings', answer)
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    expect(await within(answerBox()!).findByRole('alert')).toHaveTextContent(text)
  })

  it('says when the readings could not be loaded, and loads them again on request', async () => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest], readings: [buildDreamReading({ dreamId: newest.id, text: 'Una lectura guardada' })] })
    api.answerNext('GET', readingsPath(newest.id), () => errorResponse(500, 'internal'))
    const { user } = renderDreams()

    expect(within(await findReadingsList()).getByText('Cargando las lecturas...')).toBeInTheDocument()
    expect(await within(readingsList()).findByText('No se pudieron cargar las lecturas de este sueño.')).toBeInTheDocument()
    await user.click(within(readingsList()).getByRole('button', { name: 'Reintentar' }))
    expect(await within(readingsList()).findByText('Una lectura guardada')).toBeInTheDocument()
  })

  it('explains what needs an AI in the guided mode, offers no reading, and still shows the readings kept', async () => {
    const [newest] = twoDreams()
    fakeAiLabApi({ dreams: [newest], readings: [buildDreamReading({ dreamId: newest.id, text: 'Una lectura de antes' })] })
    renderDreams({ canGenerate: false })

    expect(screen.getByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeInTheDocument()
    expect(screen.getByText('Leer tus sueños necesita el asistente con inteligencia artificial, que aquí todavía no está activado.')).toBeInTheDocument()
    expect(await within(await findReadingsList()).findByText('Una lectura de antes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Leer/ })).not.toBeInTheDocument()
    expect(screen.getByText(newest.content)).toBeInTheDocument()
  })

  it('switches to the explanation when the server answers a reading with ai_unavailable', async () => {
    const [newest] = twoDreams()
    const api = fakeAiLabApi({ dreams: [newest] })
    api.answerNext('POST', '/api/ai-lab/dream-readings', () => errorResponse(503, 'ai_unavailable'))
    const { user } = renderDreams()

    await user.click(await screen.findByRole('button', { name: 'Leer mi sueño' }))
    expect(await screen.findByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeInTheDocument()
    expect(readButton()).not.toBeInTheDocument()
    expect(answerBox()).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
