import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fakeVoice, installFakeSynthesis, removeSynthesis, uninstallSpeechFakes } from '../../lib/speech/test/fake-speech.ts'
import { ListenButton } from './listen-button.tsx'

beforeEach(() => window.localStorage.clear())
afterEach(() => uninstallSpeechFakes())

describe('listening to one text', () => {
  it('reads the text in its language, in the chosen voice, and stops when pressed again', async () => {
    const synthesis = installFakeSynthesis([fakeVoice('Jorge', 'es-ES'), fakeVoice('Salomé', 'es-CO')])
    window.localStorage.setItem('legado.biography.voice.es', 'Jorge')
    const user = userEvent.setup()
    render(<ListenButton text="Había una vez un río." language="es" what="la variación" />)

    await user.click(screen.getByRole('button', { name: 'Escuchar: la variación' }))
    expect(synthesis.latest().text).toBe('Había una vez un río.')
    expect(synthesis.latest().lang).toBe('es-CO')
    expect(synthesis.latest().voice?.name).toBe('Jorge')
    synthesis.start()

    const stop = screen.getByRole('button', { name: 'Dejar de leer: la variación' })
    expect(stop).toHaveAttribute('aria-pressed', 'true')
    await user.click(stop)
    expect(synthesis.cancelCalls()).toBeGreaterThan(0)
    expect(await screen.findByRole('button', { name: 'Escuchar: la variación' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('is not offered where the browser cannot speak, or when there is nothing to read', () => {
    const restore = removeSynthesis()
    const { unmount } = render(<ListenButton text="Había una vez." language="es" what="la variación" />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    unmount()
    restore()
    installFakeSynthesis()
    render(<ListenButton text="  " language="es" what="la variación" />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
