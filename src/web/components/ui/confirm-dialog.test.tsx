import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog.tsx'

function Harness({ onConfirm = vi.fn(), pending = false, error }: { onConfirm?: () => void; pending?: boolean; error?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar la foto
      </button>
      <ConfirmDialog
        open={open}
        title="¿Eliminar la foto?"
        description="La foto se eliminará para siempre."
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        pendingLabel="Eliminando..."
        pending={pending}
        error={error}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  )
}

async function openDialog(ui = <Harness />) {
  const user = userEvent.setup()
  render(ui)
  const opener = screen.getByRole('button', { name: 'Eliminar la foto' })
  await user.click(opener)
  return { user, opener, dialog: screen.getByRole('alertdialog', { name: '¿Eliminar la foto?' }) }
}

describe('ConfirmDialog', () => {
  it('opens named and described, with focus on the safe choice', async () => {
    const { dialog } = await openDialog()
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toHaveAccessibleDescription('La foto se eliminará para siempre.')
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus()
  })

  it('closes on Escape without confirming and gives focus back to the opener', async () => {
    const onConfirm = vi.fn()
    const { user, opener, dialog } = await openDialog(<Harness onConfirm={onConfirm} />)
    await user.keyboard('{Escape}')
    expect(dialog).not.toHaveAttribute('open')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('closes on the browser’s own cancel request (e.g. a back gesture)', async () => {
    const { dialog, opener } = await openDialog()
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(dialog).not.toHaveAttribute('open')
    expect(opener).toHaveFocus()
  })

  it('closes with the cancel button and gives focus back to the opener', async () => {
    const { user, opener, dialog } = await openDialog()
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(dialog).not.toHaveAttribute('open')
    expect(opener).toHaveFocus()
  })

  it('reports the confirmation', async () => {
    const onConfirm = vi.fn()
    const { user } = await openDialog(<Harness onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Eliminar' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('while pending, shows progress and ignores the buttons and Escape', async () => {
    const onConfirm = vi.fn()
    const { user, dialog } = await openDialog(<Harness onConfirm={onConfirm} pending />)
    const confirm = screen.getByRole('button', { name: 'Eliminando...' })
    const cancel = screen.getByRole('button', { name: 'Cancelar' })
    expect(confirm).toHaveAttribute('aria-disabled', 'true')
    expect(cancel).toHaveAttribute('aria-disabled', 'true')
    await user.click(confirm)
    await user.click(cancel)
    await user.keyboard('{Escape}')
    expect(onConfirm).not.toHaveBeenCalled()
    expect(dialog).toHaveAttribute('open')
  })

  it('shows why the action failed as an alert', async () => {
    await openDialog(<Harness error="No se pudo eliminar." />)
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo eliminar.')
  })

  it('falls back to the open attribute where showModal is missing', async () => {
    const original = HTMLDialogElement.prototype.showModal
    // @ts-expect-error: simulating an engine without the dialog API
    delete HTMLDialogElement.prototype.showModal
    try {
      const { dialog } = await openDialog()
      expect(dialog).toHaveAttribute('open')
      expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus()
    } finally {
      HTMLDialogElement.prototype.showModal = original
    }
  })
})
