import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildBook, buildChapter, buildPlan, fakeBookApi, memoryBlock } from '../test/fake-book-api.ts'
import { BookMaker } from './book-maker.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

const relatives = [
  { id: '0190a0a0-0000-7000-8000-000000000001', name: 'Carmen Ruiz' },
  { id: '0190a0a0-0000-7000-8000-000000000002', name: 'Pedro Martínez' },
]

const told = buildPlan({
  chapters: [
    buildChapter('infancia', 'Infancia', [memoryBlock('m1', 'La escuela del pueblo', 'Mi primer día de escuela llovía.'), memoryBlock('m2', 'El río')]),
    buildChapter('juventud', 'Juventud', [memoryBlock('m3', 'El baile')]),
  ],
})

const preview = () => screen.getByRole('list', { name: 'Primeras páginas del libro' })
const pageNames = () =>
  within(preview())
    .getAllByRole('group')
    .map((page) => page.getAttribute('aria-label'))

describe('making a book', () => {
  it('builds the options from the choices: a relative, an item left out, a dedication, by hand, A5 with bleed; the preview follows', async () => {
    const user = userEvent.setup()
    const api = fakeBookApi({ draftFor: (options) => ({ plan: { ...told, title: options.memberId ? 'Carmen Ruiz' : 'Rosa Martínez' }, canRetell: false }) })
    renderWithProviders(<BookMaker language="es" relatives={relatives} />)

    expect(await within(await screen.findByRole('list', { name: 'Primeras páginas del libro' })).findByText('Rosa Martínez')).toBeInTheDocument()
    expect(pageNames()).toEqual(['Página 1: portada', 'Página 2: índice', 'Página 3: comienzo del capítulo «Infancia»', 'Página 4: comienzo del capítulo «Juventud»'])
    expect(api.drafts()[0]).toMatchObject({ kind: 'person', language: 'es', excluded: [], dedication: '' })
    expect(api.drafts()[0]!.memberId).toBeUndefined()

    await user.click(screen.getByRole('radio', { name: 'El libro de un familiar' }))
    expect(screen.getByText('Elige arriba a la persona de la que quieres hacer el libro.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hacer el libro' })).toHaveAttribute('aria-disabled', 'true')
    await user.selectOptions(screen.getByRole('combobox', { name: '¿De quién es el libro?' }), 'Carmen Ruiz')
    expect(await within(preview()).findByText('Carmen Ruiz')).toBeInTheDocument()

    // Left out, and a dedication: the preview changes at once, the draft is not asked again for them.
    const draftsBefore = api.drafts().length
    await user.click(screen.getByRole('checkbox', { name: 'Recuerdo: La escuela del pueblo' }))
    await user.type(screen.getByRole('textbox', { name: /Dedicatoria/ }), 'Para Lucía')
    expect(screen.getByText('10 de 2000 caracteres')).toBeInTheDocument()
    expect(within(preview()).getByText('Para Lucía')).toBeInTheDocument()
    expect(pageNames()[1]).toBe('Página 2: dedicatoria')
    expect(within(preview()).queryByText('Mi primer día de escuela llovía.')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Recuerdo: El río' }))
    expect(pageNames()).toEqual(['Página 1: portada', 'Página 2: dedicatoria', 'Página 3: índice', 'Página 4: comienzo del capítulo «Juventud»'])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(api.drafts()).toHaveLength(draftsBefore)

    await user.click(screen.getByRole('radio', { name: 'A mano, capítulo por capítulo' }))
    await user.click(screen.getByRole('button', { name: 'Bajar «Infancia»' }))
    await user.click(screen.getByRole('radio', { name: 'A5 (14,8 × 21 cm)' }))
    await user.click(screen.getByRole('checkbox', { name: 'Márgenes de corte de 3 mm para imprenta' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Los códigos QR de las voces funcionan' }), 'Durante 10 años')
    await user.click(screen.getByRole('button', { name: 'Hacer el libro' }))

    await waitFor(() => expect(api.made()).toHaveLength(1))
    expect(api.made()[0]).toEqual({
      kind: 'person',
      memberId: relatives[0]!.id,
      language: 'es',
      format: 'a5',
      bleed: true,
      include: { memories: true, interviews: true, photos: true },
      order: 'manual',
      manualOrder: ['juventud', 'infancia'],
      excluded: ['m1', 'm2'],
      dedication: 'Para Lucía',
      linkExpiry: '10y',
      retold: [],
    })
    // The book is followed to the end, and its download link takes the focus.
    const bar = await screen.findByRole('progressbar', { name: 'Progreso del libro' })
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    const download = await screen.findByRole('link', { name: 'Descargar el libro (PDF, 48 páginas)' }, { timeout: 5000 })
    expect(download).toHaveAttribute('href', expect.stringMatching(/^\/api\/books\/book-\d+\/pdf$/))
    expect(download).toHaveFocus()
  })

  it('says in plain words when a book is already being made', async () => {
    const user = userEvent.setup()
    const api = fakeBookApi()
    api.answerNext('POST', '/api/books', () => jsonResponse(429, { error: { code: 'job.too_many', message: 'Too many' } }))
    renderWithProviders(<BookMaker language="es" relatives={[]} />)
    await within(await screen.findByRole('list', { name: 'Primeras páginas del libro' })).findByText('Rosa Martínez')
    await user.click(screen.getByRole('button', { name: 'Hacer el libro' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya se está haciendo un libro. Cuando termine, podrás hacer otro.')
  })

  it('says why a book failed, in the book’s own words', async () => {
    const user = userEvent.setup()
    fakeBookApi({ progress: [{ status: 'failed', progress: 30, errorCode: 'job.interrupted' }] })
    renderWithProviders(<BookMaker language="es" relatives={[]} />)
    await within(await screen.findByRole('list', { name: 'Primeras páginas del libro' })).findByText('Rosa Martínez')
    await user.click(screen.getByRole('button', { name: 'Hacer el libro' }))
    expect(await screen.findByText(/El libro se detuvo porque el servidor se reinició/)).toBeInTheDocument()
  })

  it('offers a chapter retold by a model where one answers, and puts it in the book when asked', async () => {
    const user = userEvent.setup()
    const api = fakeBookApi({ draftFor: () => ({ plan: told, canRetell: true }) })
    api.answerNext('POST', '/api/books/retell', () => jsonResponse(200, { chapterKey: 'infancia', retelling: 'Llovía el primer día de escuela, y el río crecía.' }))
    renderWithProviders(<BookMaker language="es" relatives={[]} />)
    await user.click(await screen.findByRole('button', { name: 'Contar como relato con IA: «Infancia»' }))
    expect(await screen.findByText('Llovía el primer día de escuela, y el río crecía.')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/books/retell')[0]!.body).toMatchObject({ chapterKey: 'infancia', options: { kind: 'person' } })
    const use = screen.getByRole('button', { name: 'Usar en el libro el relato de «Infancia»' })
    expect(use).toHaveAttribute('aria-pressed', 'false')
    await user.click(use)
    expect(use).toHaveAttribute('aria-pressed', 'true')
    const chapterPage = within(preview()).getByRole('group', { name: 'Página 3: comienzo del capítulo «Infancia»' })
    expect(within(chapterPage).getByText('Este capítulo lo contó como relato una IA.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hacer el libro' }))
    await waitFor(() => expect(api.made()[0]).toMatchObject({ retold: ['infancia'] }))

    // Taking a memory out of the chapter changes what was retold: the retelling must be asked for again.
    await user.click(screen.getByRole('checkbox', { name: 'Recuerdo: El río' }))
    expect(screen.queryByRole('button', { name: 'Usar en el libro el relato de «Infancia»' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Contar como relato con IA: «Infancia»' })).toBeInTheDocument()
    expect(within(preview()).queryByText('Este capítulo lo contó como relato una IA.')).not.toBeInTheDocument()
  })

  it('follows a book already being made when the page opens', async () => {
    fakeBookApi({ books: [buildBook({ status: 'running', progress: 20 })], progress: [{ status: 'running', progress: 60 }] })
    renderWithProviders(<BookMaker language="es" relatives={[]} />)
    const bar = await screen.findByRole('progressbar', { name: 'Progreso del libro' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'))
  })
})
