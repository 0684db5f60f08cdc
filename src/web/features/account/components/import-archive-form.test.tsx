import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ImportReport } from '../../../../shared/contracts/portability.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { ImportArchiveForm } from './import-archive-form.tsx'

/** Stands in for the browser's XMLHttpRequest: records the request, then the test sends progress and the answer. */
class FakeRequest {
  static sent: FakeRequest[] = []
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  method = ''
  path = ''
  body: unknown
  status = 0
  statusText = ''
  responseText = ''
  open(method: string, path: string) {
    this.method = method
    this.path = path
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  send(body: unknown) {
    this.body = body
    FakeRequest.sent.push(this)
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }))
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.events.dispatchEvent(new Event('load'))
  }
}

const report: ImportReport = {
  kinds: [
    { kind: 'account', found: 1, restored: 1, skipped: [] },
    { kind: 'familyTree', found: 0, restored: 0, skipped: [] },
    { kind: 'dreams', found: 3, restored: 2, skipped: [{ id: 'd9', reason: 'invalid', detail: 'content' }] },
    { kind: 'media', found: 2, restored: 1, skipped: [{ id: 'm2', reason: 'quota_exceeded' }] },
  ],
  ignoredEntries: ['family-tree.ged'],
}

const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'legado-2026-11-25.zip', { type: 'application/zip' })

beforeEach(() => {
  FakeRequest.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeRequest)
})
afterEach(() => vi.unstubAllGlobals())

describe('ImportArchiveForm', () => {
  it('asks for the file before sending anything', async () => {
    renderWithProviders(<ImportArchiveForm />)
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }))
    expect(screen.getByLabelText('Archivo .zip exportado')).toHaveAccessibleDescription('Elige primero el archivo .zip.')
    expect(FakeRequest.sent).toEqual([])
  })

  it('sends the archive as the field "file", shows the upload’s progress, then the report of what came back and what was skipped', async () => {
    renderWithProviders(<ImportArchiveForm />)
    await userEvent.upload(screen.getByLabelText('Archivo .zip exportado'), zip())
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }))
    const [request] = FakeRequest.sent
    expect(request).toMatchObject({ method: 'POST', path: '/api/me/import' })
    expect((request!.body as FormData).get('file')).toBeInstanceOf(File)
    expect(screen.getByRole('button', { name: 'Importando...' })).toBeDisabled()

    act(() => request!.progress(50, 100))
    expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute('value', '0.5')
    expect(screen.getByText('Subiendo el archivo: 50 %')).toBeInTheDocument()
    act(() => request!.progress(100, 100))
    expect(screen.getByText('Restaurando tus recuerdos...')).toBeInTheDocument()

    act(() => request!.answer(200, report))
    expect(await screen.findByText('Importación terminada.')).toHaveAttribute('role', 'status')
    expect(screen.getByText('Sueños: 2 de 3')).toBeInTheDocument()
    expect(screen.getByText('Omitido (d9): sus datos no tienen el formato esperado')).toBeInTheDocument()
    expect(screen.getByText('Omitido (m2): no cabe en tu espacio de almacenamiento')).toBeInTheDocument()
    expect(screen.getByText('No se leyeron (se guardan aparte): family-tree.ged')).toBeInTheDocument()
    // A kind the archive did not hold is not listed.
    expect(screen.queryByText(/Personas del árbol/)).not.toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('says in the person’s words why an archive was refused', async () => {
    renderWithProviders(<ImportArchiveForm />)
    await userEvent.upload(screen.getByLabelText('Archivo .zip exportado'), zip())
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }))
    act(() => FakeRequest.sent[0]!.answer(422, { error: { code: 'portability.unsupported_version', message: 'version 2' } }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta exportación es de una versión más nueva de Legado. Actualiza esta instalación para importarla.')
    expect(screen.getByRole('button', { name: 'Importar' })).toBeEnabled()
  })
})
