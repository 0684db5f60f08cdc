import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildLabMemory, errorResponse, fakeAiLabApi } from '../test/fake-ai-lab-api.ts'
import { LabMemoryList } from './lab-memory-list.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

function renderList() {
  const user = userEvent.setup()
  renderWithProviders(<LabMemoryList />)
  return { user }
}

const savedList = () => screen.getByRole('region', { name: 'Recuerdos guardados' })

describe('the memories kept in the lab', () => {
  it('deletes a kept memory after asking, and keeps it when the person cancels', async () => {
    const kept = buildLabMemory({ originalText: 'La boda de mis padres', aiVariationText: 'Una boda entre cometas', saveMethod: 'withVariation' })
    const api = fakeAiLabApi({ memories: [kept] })
    const { user } = renderList()

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
    const { user } = renderList()

    await user.click(await screen.findByRole('button', { name: /^Eliminar el recuerdo del / }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('No se pudo eliminar el recuerdo. Inténtalo de nuevo.')
    expect(within(savedList()).getByRole('listitem')).toHaveTextContent('La boda de mis padres')
  })

  it('says when the kept memories could not be loaded, and loads them again on request', async () => {
    const api = fakeAiLabApi({ memories: [buildLabMemory({ originalText: 'El huerto' })] })
    api.answerNext('GET', '/api/ai-lab/memories', () => errorResponse(500, 'internal'))
    const { user } = renderList()

    expect(within(savedList()).getByText('Cargando tus recuerdos...')).toBeInTheDocument()
    expect(await within(savedList()).findByText('No se pudieron cargar tus recuerdos.')).toBeInTheDocument()
    await user.click(within(savedList()).getByRole('button', { name: 'Reintentar' }))
    expect(await within(savedList()).findByText('El huerto')).toBeInTheDocument()
  })
})
