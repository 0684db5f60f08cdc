import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import type { FactSubject } from '../lib/fact-words.ts'
import { buildProposal, buildSource, fakeFactApi } from '../test/fake-fact-api.ts'
import { HeardFacts } from './heard-facts.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderPanel({ subject = 'other', readerUserId = 'u-rosa', mayDecide = true }: { subject?: FactSubject; readerUserId?: string; mayDecide?: boolean } = {}) {
  const user = userEvent.setup()
  // The page reads the tree again, which takes a moment: the decided fact has left the list by then.
  const onTreeChanged = vi.fn(() => new Promise((resolve) => setTimeout(resolve, 30)))
  renderWithProviders(<HeardFacts memberId="m-aurora" name="Aurora" subject={subject} readerUserId={readerUserId} mayDecide={mayDecide} onTreeChanged={onTreeChanged} />)
  return { user, onTreeChanged }
}

const birthPlace = () => buildProposal({ kind: 'birthPlace', value: 'Pasto, Nariño' })
const birthDate = () => buildProposal({ kind: 'birthDate', value: 'ABT 1931' })
const panel = () => screen.findByRole('region', { name: 'Lo que Ana escuchó sobre Aurora' })

describe('what Ana heard about a relative', () => {
  it('shows each fact in words with the words it came from and who told them', async () => {
    fakeFactApi({ open: [birthPlace(), birthDate(), buildProposal({ kind: 'child', value: { first: 'Marta', last: '' }, quote: 'su hija Marta' })] })
    renderPanel()

    const items = within(within(await panel()).getByRole('list', { name: 'Datos por revisar' })).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.heard-fact-sentence')?.textContent)).toEqual(['Nació en Pasto, Nariño', 'Nació hacia 1931', 'Hija: Marta'])
    expect(items[0]).toHaveTextContent('Nació en Pasto, Nariño, hacia 1931')
    expect(items[0]).toHaveTextContent('Lo contó Lucía, su nieta, el 12 de mayo de 2026.')
    expect(items[2]).toHaveTextContent('Al aceptarlo, se añade al árbol como persona nueva.')
    // No recording, no player.
    expect(within(items[0]!).queryByRole('button', { name: /Escuchar/ })).not.toBeInTheDocument()
  })

  it('is read by those who do not edit the tree, with its words and recording, and nothing to decide', async () => {
    fakeFactApi({ open: [buildProposal({ current: 'Quito', source: buildSource({ recordingId: 'rec-1' }) })] })
    renderPanel({ mayDecide: false })

    const region = await panel()
    expect(region).toHaveTextContent('Quienes editan el árbol deciden si entran en él.')
    expect(region).toHaveTextContent('En el árbol: Quito · Se contó: Pasto, Nariño')
    expect(within(region).getByRole('button', { name: 'Escuchar la grabación: Nació en Pasto, Nariño' })).toBeInTheDocument()
    expect(within(region).getAllByRole('button')).toHaveLength(1)
  })

  it('says nothing at all while nothing waits', async () => {
    const api = fakeFactApi({ open: [] })
    renderPanel()
    await waitFor(() => expect(api.reads()).toHaveLength(1))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('accepts a fact with the keyboard, announces it, takes it out and has the tree read again', async () => {
    const place = birthPlace()
    const api = fakeFactApi({ open: [place, birthDate()] })
    const { user, onTreeChanged } = renderPanel()

    const accept = await screen.findByRole('button', { name: 'Aceptar: Nació en Pasto, Nariño' })
    accept.focus()
    await user.keyboard('{Enter}')

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Guardado en el árbol: Nació en Pasto, Nariño.'))
    expect(api.accepts()).toEqual([{ method: 'POST', path: `/api/facts/${place.id}/accept`, body: { replace: false, language: 'es' } }])
    expect(onTreeChanged).toHaveBeenCalledWith(['m-aurora'])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aceptar: Nació en Pasto, Nariño' })).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Lo que Ana escuchó sobre Aurora' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Aceptar: Nació hacia 1931' })).toBeInTheDocument()
  })

  it('dismisses a fact for good and says so', async () => {
    const date = birthDate()
    const api = fakeFactApi({ open: [date] })
    const { user, onTreeChanged } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Descartar: Nació hacia 1931' }))

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Descartado: Nació hacia 1931. No se volverá a proponer.'))
    expect(api.dismissals()).toEqual([{ method: 'POST', path: `/api/facts/${date.id}/dismiss`, body: {} }])
    expect(onTreeChanged).not.toHaveBeenCalled()
    expect(await screen.findByText('Ya revisaste todo lo que Ana escuchó. Lo que le cuentes después aparecerá aquí.')).toBeInTheDocument()
  })

  it('corrects a date in words before accepting it, the field filled with what was heard', async () => {
    const date = birthDate()
    const api = fakeFactApi({ open: [date] })
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Corregir: Nació hacia 1931' }))
    const form = screen.getByRole('form', { name: 'Corregir: Nació hacia 1931' })
    const field = within(form).getByRole('textbox', { name: 'Fecha de nacimiento' })
    expect(field).toHaveValue('hacia 1931')
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.click(within(form).getByRole('button', { name: 'Guardar en el árbol' }))
    expect(within(form).getByText('Escribe el dato antes de guardarlo.')).toBeInTheDocument()
    expect(api.accepts()).toEqual([])

    await user.type(field, 'mayo de 1931')
    await user.click(within(form).getByRole('button', { name: 'Guardar en el árbol' }))

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Guardado en el árbol: Nació en mayo de 1931.'))
    expect(api.accepts()).toEqual([{ method: 'POST', path: `/api/facts/${date.id}/accept`, body: { value: 'mayo de 1931', replace: false, language: 'es' } }])
  })

  it('cancelling a correction sends nothing and gives the keyboard back to «Corregir»', async () => {
    const api = fakeFactApi({ open: [birthPlace()] })
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Corregir: Nació en Pasto, Nariño' }))
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))

    await waitFor(() => expect(screen.getByRole('button', { name: 'Corregir: Nació en Pasto, Nariño' })).toHaveFocus())
    expect(api.accepts()).toEqual([])
  })

  it('corrects a relative by name and surname', async () => {
    const child = buildProposal({ kind: 'child', value: { first: 'Marta', last: '' }, quote: 'su hija Marta', existingMemberId: null })
    const api = fakeFactApi({ open: [child] })
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Corregir: Hija: Marta' }))
    const form = screen.getByRole('form', { name: 'Corregir: Hija: Marta' })
    await user.type(within(form).getByRole('textbox', { name: 'Apellido (opcional)' }), 'Rosero')
    await user.click(within(form).getByRole('button', { name: 'Guardar en el árbol' }))

    await waitFor(() => expect(api.accepts()).toHaveLength(1))
    expect(api.accepts()[0]!.body).toEqual({ value: { first: 'Marta', last: 'Rosero' }, replace: false, language: 'es' })
  })
})

describe('a fact that says otherwise than the tree', () => {
  it('shows both and overwrites only with «Usar lo contado»', async () => {
    const place = buildProposal({ kind: 'birthPlace', value: 'Pasto', quote: 'Ella nació en Pasto', current: 'Quito' })
    const api = fakeFactApi({ open: [place] })
    const { user } = renderPanel()

    const item = (await screen.findByText('Nació en Pasto')).closest('li')!
    expect(item).toHaveTextContent('En el árbol: Quito · Se contó: Pasto')
    expect(within(item).queryByRole('button', { name: /^Aceptar/ })).not.toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Usar lo contado: Nació en Pasto' }))

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Guardado en el árbol: Nació en Pasto.'))
    expect(api.accepts()[0]!.body).toEqual({ replace: true, language: 'es' })
  })

  it('«Dejar lo del árbol» dismisses what was told', async () => {
    const place = buildProposal({ kind: 'birthPlace', value: 'Pasto', quote: 'Nació en Pasto', current: 'Quito' })
    const api = fakeFactApi({ open: [place] })
    const { user } = renderPanel()

    await user.click(await screen.findByRole('button', { name: 'Dejar lo del árbol y descartar: Nació en Pasto' }))

    await waitFor(() => expect(api.dismissals()).toHaveLength(1))
    expect(api.accepts()).toEqual([])
  })

  it('a tree changed meanwhile: the refusal is shown and the list read again shows both', async () => {
    const place = buildProposal({ kind: 'birthPlace', value: 'Pasto', quote: 'Nació en Pasto' })
    const api = fakeFactApi({ open: [place] })
    const { user, onTreeChanged } = renderPanel()
    // Someone wrote Quito into the tree after the list was read.
    await screen.findByRole('button', { name: 'Aceptar: Nació en Pasto' })
    api.list.open = [{ ...place, current: 'Quito' }]

    await user.click(screen.getByRole('button', { name: 'Aceptar: Nació en Pasto' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Lo que se contó no coincide con lo que dice el árbol. Elige cuál quieres conservar.')
    expect(await screen.findByText('En el árbol: Quito')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Usar lo contado: Nació en Pasto' })).toBeInTheDocument()
    expect(onTreeChanged).not.toHaveBeenCalled()
  })
})

describe('the recording of the answer', () => {
  it('plays it from a button named with the fact, through a real audio element', async () => {
    fakeFactApi({ open: [buildProposal({ source: buildSource({ recordingId: 'rec-1' }) })] })
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const { user } = renderPanel()

    const button = await screen.findByRole('button', { name: 'Escuchar la grabación: Nació en Pasto, Nariño' })
    const audio = document.querySelector('audio')!
    expect(audio).toHaveAttribute('src', '/api/media/rec-1/content')
    expect(audio).toHaveAttribute('preload', 'none')
    await user.click(button)
    expect(play).toHaveBeenCalledTimes(1)
    expect(audio).toHaveAttribute('controls')
  })
})

describe('what Cronos heard about the reader', () => {
  it('speaks to them, and says they told it', async () => {
    fakeFactApi({ open: [buildProposal({ source: buildSource({ kind: 'biography', tellerUserId: 'u-rosa', tellerName: 'Rosa', tellerKin: null }) })] })
    renderPanel({ subject: 'self' })

    const region = await screen.findByRole('region', { name: 'Lo que Cronos escuchó de tu vida' })
    expect(within(region).getByText('Naciste en Pasto, Nariño')).toBeInTheDocument()
    expect(region).toHaveTextContent('Lo contaste tú el 12 de mayo de 2026.')
  })
})

describe('a list that cannot be read', () => {
  it('leaves the page as it was', async () => {
    const api = fakeFactApi()
    api.answerNext('GET', '/api/facts?memberId=m-aurora&language=es', () => jsonResponse(500, { error: { code: 'internal', message: 'boom' } }))
    renderPanel()
    await waitFor(() => expect(api.reads()).toHaveLength(1))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
