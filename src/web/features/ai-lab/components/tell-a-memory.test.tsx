import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone, installFakeRecognition, installFakeSynthesis, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { deferred, jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildLabMemory, errorResponse, fakeAiLabApi, storytellerVariation } from '../test/fake-ai-lab-api.ts'
import { TellAMemory } from './tell-a-memory.tsx'

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

function renderTell({ canGenerate = true as boolean | undefined } = {}) {
  const user = userEvent.setup()
  renderWithProviders(<TellAMemory canGenerate={canGenerate} />)
  return { user }
}

const memoryBox = () => screen.getByRole('textbox', { name: 'Tu recuerdo' })
const generateButton = () => screen.queryByRole('button', { name: 'Generar variación con IA' })
const saveAsToldButton = () => screen.getByRole('button', { name: 'Guardar tal como lo conté' })
const saveWithVariationButton = () => screen.queryByRole('button', { name: 'Guardar con la variación' })
const savedList = () => screen.getByRole('region', { name: 'Recuerdos guardados' })
const variationAnswer = () => screen.queryByRole('heading', { level: 3, name: 'Variación fantástica' })?.closest('section') ?? null

describe('Tell a memory', () => {
  it('asks for the memory before generating a variation, and sends nothing', async () => {
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await user.click(generateButton()!)
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta tu recuerdo primero.')
    expect(memoryBox()).toHaveFocus()
    await user.type(memoryBox(), '   ')
    await user.click(generateButton()!)
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, escribe o dicta tu recuerdo primero.')
    expect(api.requestsTo('POST', '/api/ai-lab/variations')).toEqual([])
  })

  it('asks for the memory before saving, and sends nothing', async () => {
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await user.click(saveAsToldButton())
    expect(screen.getByRole('alert')).toHaveTextContent('No hay recuerdo original para guardar.')
    expect(memoryBox()).toHaveFocus()
    expect(api.requestsTo('POST', '/api/ai-lab/memories')).toEqual([])
  })

  it('writes the variation in as it arrives, with a way to stop it, and offers to save it once whole', async () => {
    const api = fakeAiLabApi()
    const stream = api.holdNextVariation()
    const { user } = renderTell()

    await user.type(memoryBox(), 'Mi abuela cantaba boleros en la cocina.')
    await user.click(generateButton()!)
    expect(api.requestsTo('POST', '/api/ai-lab/variations').map((request) => request.body)).toEqual([
      { text: 'Mi abuela cantaba boleros en la cocina.', language: 'es' },
    ])
    // While it is written: the button says so and cannot be pressed again, and saving waits.
    expect(screen.getByRole('button', { name: 'Generando variación con IA...' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(variationAnswer()!).getByText('Generando variación con IA...')).toBeInTheDocument()
    expect(variationAnswer()).toHaveAttribute('aria-busy', 'true')
    expect(generateButton()).not.toBeInTheDocument()
    expect(saveAsToldButton()).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Detener' })).toBeInTheDocument()

    await stream.delta('Había una vez una abuela ')
    expect(variationAnswer()).toHaveTextContent('Había una vez una abuela')
    await stream.delta('que cantaba a las estrellas')
    expect(variationAnswer()).toHaveTextContent('Había una vez una abuela que cantaba a las estrellas')
    expect(saveWithVariationButton()).not.toBeInTheDocument()

    await stream.send({ event: 'done', data: { reply: 'Había una vez una abuela que cantaba a las estrellas.', carry: null } })
    expect(variationAnswer()).toHaveTextContent('Había una vez una abuela que cantaba a las estrellas.')
    expect(variationAnswer()).toHaveAttribute('aria-busy', 'false')
    expect(await screen.findByText('La variación está lista. Puedes guardarla junto a tu recuerdo.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Variación fantástica' })).toHaveFocus())
    expect(screen.queryByRole('button', { name: 'Detener' })).not.toBeInTheDocument()
    expect(generateButton()).not.toHaveAttribute('aria-disabled', 'true')
    expect(saveAsToldButton()).not.toHaveAttribute('aria-disabled', 'true')
    expect(saveWithVariationButton()).not.toHaveAttribute('aria-disabled', 'true')
    expect(memoryBox()).toHaveValue('Mi abuela cantaba boleros en la cocina.')
  })

  it('reads the whole variation aloud on request, once it is written', async () => {
    const synthesis = installFakeSynthesis()
    const api = fakeAiLabApi()
    const stream = api.holdNextVariation()
    const { user } = renderTell()

    await user.type(memoryBox(), 'El río de mi infancia.')
    await user.click(generateButton()!)
    await stream.delta('Había una vez ')
    expect(screen.queryByRole('button', { name: /^Escuchar/ })).not.toBeInTheDocument()
    await stream.send({ event: 'done', data: { reply: 'Había una vez un río que cantaba.', carry: null } })

    await user.click(await screen.findByRole('button', { name: 'Escuchar: Variación fantástica' }))
    expect(synthesis.latest().text).toBe('Había una vez un río que cantaba.')
  })

  it('stops the variation when asked, keeping what was written and offering no save with it', async () => {
    const api = fakeAiLabApi()
    const stream = api.holdNextVariation()
    const { user } = renderTell()

    await user.type(memoryBox(), 'El patio de la casa.')
    await user.click(generateButton()!)
    await stream.delta('Había una vez un patio')
    await user.click(screen.getByRole('button', { name: 'Detener' }))

    expect(screen.getByText('Detuviste la variación. Puedes generar otra cuando quieras.')).toBeInTheDocument()
    // The Stop button is gone with the stream: focus goes to what was written so far.
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Variación fantástica' })).toHaveFocus())
    expect(variationAnswer()).toHaveTextContent('Había una vez un patio')
    await stream.delta(' que volaba')
    await stream.send({ event: 'done', data: { reply: 'Había una vez un patio que volaba.', carry: null } })
    expect(variationAnswer()).not.toHaveTextContent('volaba')
    expect(saveWithVariationButton()).not.toBeInTheDocument()
    expect(generateButton()).not.toHaveAttribute('aria-disabled', 'true')
    expect(saveAsToldButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it('saves the memory with its variation and shows both in the list', async () => {
    const api = fakeAiLabApi()
    const { user } = renderTell()
    expect(await within(savedList()).findByText('Aún no has guardado recuerdos en el laboratorio.')).toBeInTheDocument()

    await user.type(memoryBox(), 'El río de mi infancia.')
    await user.click(generateButton()!)
    await user.click(await screen.findByRole('button', { name: 'Guardar con la variación' }))

    expect(api.requestsTo('POST', '/api/ai-lab/memories').map((request) => request.body)).toEqual([
      { originalText: 'El río de mi infancia.', aiVariationText: storytellerVariation('El río de mi infancia.'), saveMethod: 'withVariation' },
    ])
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(memoryBox()).toHaveValue('')
    expect(variationAnswer()).not.toBeInTheDocument()
    expect(saveWithVariationButton()).not.toBeInTheDocument()

    const saved = within(savedList()).getByRole('listitem')
    expect(within(saved).getByRole('region', { name: 'Tal como lo contaste' })).toHaveTextContent('El río de mi infancia.')
    expect(within(saved).getByRole('region', { name: 'Variación fantástica' })).toHaveTextContent(storytellerVariation('El río de mi infancia.'))
  })

  it('saves the memory as told, without the variation, even when one was written', async () => {
    const api = fakeAiLabApi({ memories: [buildLabMemory({ originalText: 'Un recuerdo de antes' })] })
    const { user } = renderTell()

    await user.type(memoryBox(), 'La bicicleta roja.')
    await user.click(generateButton()!)
    await screen.findByRole('button', { name: 'Guardar con la variación' })
    await user.click(saveAsToldButton())

    expect(api.requestsTo('POST', '/api/ai-lab/memories').map((request) => request.body)).toEqual([
      { originalText: 'La bicicleta roja.', aiVariationText: null, saveMethod: 'original' },
    ])
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    const [newest, older] = within(savedList()).getAllByRole('listitem')
    expect(newest).toHaveTextContent('La bicicleta roja.')
    expect(within(newest!).getByText('Guardado sin variación.')).toBeInTheDocument()
    expect(within(newest!).queryByRole('region', { name: 'Variación fantástica' })).not.toBeInTheDocument()
    expect(older).toHaveTextContent('Un recuerdo de antes')
  })

  it('says it is saving while the memory is on its way', async () => {
    const api = fakeAiLabApi()
    const answer = deferred<Response>()
    api.answerNext('POST', '/api/ai-lab/memories', () => answer.promise)
    const { user } = renderTell()

    await user.type(memoryBox(), 'Mi primer día de escuela.')
    await user.click(saveAsToldButton())
    expect(screen.getByRole('button', { name: 'Guardando...' })).toHaveAttribute('aria-disabled', 'true')
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true')
    answer.resolve(jsonResponse(201, buildLabMemory({ originalText: 'Mi primer día de escuela.' })))
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(saveAsToldButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each([
    ['upstream_failed', 'No se pudo generar la variación. Intenta de nuevo.'],
    ['ai_invalid_key', 'Problema con la API Key de IA.'],
    ['ai_blocked', 'La configuración de seguridad de la IA no permitió crear esta variación. Prueba a contarlo de otra manera.'],
  ] as const)('says why when the storyteller fails with %s, and lets the person try again', async (code, text) => {
    const api = fakeAiLabApi()
    const stream = api.holdNextVariation()
    const { user } = renderTell()

    await user.type(memoryBox(), 'La casa del pueblo.')
    await user.click(generateButton()!)
    await stream.send({ event: 'error', data: { code, message: code } })
    expect(within(variationAnswer()!).getByRole('alert')).toHaveTextContent(text)
    expect(saveWithVariationButton()).not.toBeInTheDocument()
    expect(memoryBox()).toHaveValue('La casa del pueblo.')

    await user.click(generateButton()!)
    expect(await screen.findByRole('button', { name: 'Guardar con la variación' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    ['the stream breaks off', async (api: ReturnType<typeof fakeAiLabApi>) => {
      const stream = api.holdNextVariation()
      return async () => {
        await stream.delta('Había una')
        await stream.drop()
      }
    }, 'No se pudo generar la variación. Intenta de nuevo.'],
    ['too many variations were asked for', async (api: ReturnType<typeof fakeAiLabApi>) => {
      api.answerNext('POST', '/api/ai-lab/variations', () => errorResponse(429, 'rate_limited'))
      return async () => undefined
    }, 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.'],
  ])('says the variation did not come when %s', async (_case, arrange, text) => {
    const api = fakeAiLabApi()
    const finish = await arrange(api)
    const { user } = renderTell()

    await user.type(memoryBox(), 'La casa del pueblo.')
    await user.click(generateButton()!)
    await finish()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })

  it('explains what needs an AI in the guided mode, offers no variation, and still saves the memory as told', async () => {
    const api = fakeAiLabApi({ canGenerate: false })
    const { user } = renderTell({ canGenerate: false })

    expect(screen.getByRole('heading', { name: 'Esto necesita un proveedor de IA' })).toBeInTheDocument()
    expect(generateButton()).not.toBeInTheDocument()
    expect(saveWithVariationButton()).not.toBeInTheDocument()

    await user.type(memoryBox(), 'La huerta del abuelo.')
    await user.click(saveAsToldButton())
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/memories').map((request) => request.body)).toEqual([
      { originalText: 'La huerta del abuelo.', aiVariationText: null, saveMethod: 'original' },
    ])
    expect(await within(savedList()).findByText('La huerta del abuelo.')).toBeInTheDocument()
  })

  it('offers the variation while the server has not said whether it can make one', () => {
    fakeAiLabApi()
    renderTell({ canGenerate: undefined })
    expect(generateButton()).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Esto necesita un proveedor de IA' })).not.toBeInTheDocument()
  })

  it('switches to the explanation when the server answers a variation with ai_unavailable', async () => {
    const api = fakeAiLabApi()
    api.answerNext('POST', '/api/ai-lab/variations', () => errorResponse(503, 'ai_unavailable'))
    const { user } = renderTell()

    await user.type(memoryBox(), 'La casa del pueblo.')
    await user.click(generateButton()!)
    expect(await screen.findByRole('heading', { name: 'Esto necesita un proveedor de IA' })).toBeInTheDocument()
    expect(generateButton()).not.toBeInTheDocument()
    expect(variationAnswer()).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(saveAsToldButton()).not.toHaveAttribute('aria-disabled', 'true')
  })

  it.each([
    ['the server fails', () => errorResponse(500, 'internal'), 'No se pudo guardar el recuerdo. Inténtalo de nuevo.'],
    ['the session ended', () => errorResponse(401, 'unauthenticated'), 'No se pudo guardar el recuerdo. Inténtalo de nuevo. Tu sesión ha terminado. Inicia sesión de nuevo.'],
    [
      'the server names the field',
      () => errorResponse(400, 'validation_failed', [{ path: 'aiVariationText', code: 'aiLab.variation_required' }]),
      'No se pudo guardar el recuerdo. Inténtalo de nuevo. Genera una variación antes de guardarla con tu recuerdo.',
    ],
  ])('says the memory was not saved when %s, and keeps it to try again', async (_case, answer, text) => {
    const api = fakeAiLabApi()
    api.answerNext('POST', '/api/ai-lab/memories', answer)
    const { user } = renderTell()

    await user.type(memoryBox(), 'La casa del pueblo.')
    await user.click(saveAsToldButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.getByRole('alert').textContent).toBe(text)
    expect(memoryBox()).toHaveValue('La casa del pueblo.')

    await user.click(saveAsToldButton())
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('dictates in Spanish from Spain, continuously, adding what it hears to the memory', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    fakeAiLabApi()
    const { user } = renderTell()

    await user.type(memoryBox(), 'Mi abuela  ')
    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    expect(recognition.latest().lang).toBe('es-ES')
    expect(recognition.latest().continuous).toBe(true)
    recognition.latest().emitStart()
    expect(screen.getByRole('button', { name: 'Dictar con el micrófono' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText('Grabando ahora')).toBeInTheDocument()

    recognition.latest().emitResult([{ transcript: 'cantaba bol' }])
    expect(screen.getByText('Escuchando: cantaba bol')).toBeInTheDocument()
    expect(memoryBox()).toHaveValue('Mi abuela  ')
    recognition.latest().emitResult([{ transcript: 'cantaba boleros', isFinal: true }])
    expect(memoryBox()).toHaveValue('Mi abuela cantaba boleros')
    recognition.latest().emitResult([{ transcript: 'cantaba boleros', isFinal: true }, { transcript: 'en la cocina', isFinal: true }], 1)
    expect(memoryBox()).toHaveValue('Mi abuela cantaba boleros en la cocina')

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    expect(recognition.latest().stopCalls).toBe(1)
  })

  it('stops dictating when a variation is asked for, and waits for the last words before sending', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    recognition.latest().emitStart()
    recognition.latest().emitResult([{ transcript: 'El mar de Cádiz', isFinal: true }])
    await user.click(generateButton()!)
    expect(recognition.latest().stopCalls).toBe(1)
    // The recognition hands over its last words after stop(), then ends.
    act(() => {
      recognition.latest().emitResult([{ transcript: 'y su faro', isFinal: true }])
      recognition.latest().emitEnd()
    })
    expect(await screen.findByRole('button', { name: 'Guardar con la variación' })).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/variations').map((request) => request.body)).toEqual([{ text: 'El mar de Cádiz y su faro', language: 'es' }])
  })

  it('saves the whole dictated memory when Save is pressed while dictating, and leaves the box empty', async () => {
    installFakeMicrophone()
    const recognition = installFakeRecognition()
    const api = fakeAiLabApi()
    const { user } = renderTell()

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    await waitFor(() => expect(recognition.instances).toHaveLength(1))
    recognition.latest().emitStart()
    recognition.latest().emitResult([{ transcript: 'Mi abuela', isFinal: true }])
    await user.click(saveAsToldButton())
    act(() => {
      recognition.latest().emitResult([{ transcript: 'cantaba', isFinal: true }])
      recognition.latest().emitEnd()
    })
    expect(await screen.findByText('¡Recuerdo guardado!')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/ai-lab/memories').map((request) => request.body)).toEqual([{ originalText: 'Mi abuela cantaba', aiVariationText: null, saveMethod: 'original' }])
    expect(memoryBox()).toHaveValue('')
    expect(memoryBox()).toHaveFocus()
  })

  it('says the microphone was refused and lets the person go on typing', async () => {
    installFakeMicrophone({ getUserMedia: 'NotAllowedError' })
    installFakeRecognition()
    fakeAiLabApi()
    const { user } = renderTell()

    await user.click(screen.getByRole('button', { name: 'Dictar con el micrófono' }))
    const denied = await screen.findByRole('alert')
    expect(denied).toHaveTextContent('No se pudo acceder al micrófono. Permite el acceso en la configuración de tu navegador para dictar.')
    expect(screen.queryByRole('button', { name: 'Dictar con el micrófono' })).not.toBeInTheDocument()

    await user.click(within(denied).getByRole('button', { name: 'Seguir escribiendo sin micrófono' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(memoryBox()).toHaveFocus()
  })

  it('deletes a kept memory after asking, and keeps it when the person cancels', async () => {
    const kept = buildLabMemory({ originalText: 'La boda de mis padres', aiVariationText: 'Una boda entre cometas', saveMethod: 'withVariation' })
    const api = fakeAiLabApi({ memories: [kept] })
    const { user } = renderTell()

    const item = await within(savedList()).findByRole('listitem')
    expect(item).toHaveTextContent('La boda de mis padres')
    expect(item).toHaveTextContent('Una boda entre cometas')
    await user.click(within(item).getByRole('button', { name: /^Eliminar el recuerdo del / }))
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este recuerdo?' })
    expect(dialog).toHaveTextContent('Se eliminará el recuerdo y su variación. Esta acción no se puede deshacer.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(api.requests.filter((request) => request.method === 'DELETE')).toEqual([])

    await user.click(within(item).getByRole('button', { name: /^Eliminar el recuerdo del / }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await screen.findByText('Recuerdo eliminado.')).toBeInTheDocument()
    expect(within(savedList()).queryByRole('listitem')).not.toBeInTheDocument()
    expect(within(savedList()).getByText('Aún no has guardado recuerdos en el laboratorio.')).toBeInTheDocument()
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/ai-lab/memories/${kept.id}`])
    expect(api.memories()).toEqual([])
  })

  it('keeps the dialog open with the reason when a delete fails', async () => {
    const kept = buildLabMemory({ originalText: 'La boda de mis padres' })
    const api = fakeAiLabApi({ memories: [kept] })
    api.answerNext('DELETE', `/api/ai-lab/memories/${kept.id}`, () => errorResponse(500, 'internal'))
    const { user } = renderTell()

    await user.click(await screen.findByRole('button', { name: /^Eliminar el recuerdo del / }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('No se pudo eliminar el recuerdo. Inténtalo de nuevo.')
    expect(within(savedList()).getByRole('listitem')).toHaveTextContent('La boda de mis padres')
  })

  it('says when the kept memories could not be loaded, and loads them again on request', async () => {
    const api = fakeAiLabApi({ memories: [buildLabMemory({ originalText: 'El huerto' })] })
    api.answerNext('GET', '/api/ai-lab/memories', () => errorResponse(500, 'internal'))
    const { user } = renderTell()

    expect(within(savedList()).getByText('Cargando tus recuerdos...')).toBeInTheDocument()
    expect(await within(savedList()).findByText('No se pudieron cargar tus recuerdos.')).toBeInTheDocument()
    await user.click(within(savedList()).getByRole('button', { name: 'Reintentar' }))
    expect(await within(savedList()).findByText('El huerto')).toBeInTheDocument()
  })
})
