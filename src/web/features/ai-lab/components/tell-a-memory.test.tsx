import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeSynthesis, uninstallSpeechFakes } from '../../../lib/speech/test/fake-speech.ts'
import { deferred, jsonResponse } from '../../../test/http.ts'
import { buildLabMemory, errorResponse, fakeAiLabApi, storytellerVariation } from '../test/fake-ai-lab-api.ts'
import { generateButton, memoryBox, renderTell, saveAsToldButton, saveWithVariationButton } from '../test/render-tell.tsx'

afterEach(() => {
  uninstallSpeechFakes()
  vi.restoreAllMocks()
})

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
    expect(api.requestsTo('POST', '/api/ai-lab/variations').map((request) => request.body)).toEqual([{ text: 'Mi abuela cantaba boleros en la cocina.', language: 'es' }])
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
    [
      'the stream breaks off',
      async (api: ReturnType<typeof fakeAiLabApi>) => {
        const stream = api.holdNextVariation()
        return async () => {
          await stream.delta('Había una')
          await stream.drop()
        }
      },
      'No se pudo generar la variación. Intenta de nuevo.',
    ],
    [
      'too many variations were asked for',
      async (api: ReturnType<typeof fakeAiLabApi>) => {
        api.answerNext('POST', '/api/ai-lab/variations', () => errorResponse(429, 'rate_limited'))
        return async () => undefined
      },
      'Demasiados intentos por ahora. Vuelve a intentarlo más tarde.',
    ],
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

    expect(screen.getByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeInTheDocument()
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
    expect(screen.queryByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).not.toBeInTheDocument()
  })

  it('switches to the explanation when the server answers a variation with ai_unavailable', async () => {
    const api = fakeAiLabApi()
    api.answerNext('POST', '/api/ai-lab/variations', () => errorResponse(503, 'ai_unavailable'))
    const { user } = renderTell()

    await user.type(memoryBox(), 'La casa del pueblo.')
    await user.click(generateButton()!)
    expect(await screen.findByRole('heading', { name: 'Aquí el asistente funciona en modo guiado' })).toBeInTheDocument()
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
})
