import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { orderedChapters, type BookChoices } from '../lib/book-options.ts'
import { buildChapter } from '../test/fake-book-api.ts'
import { BookOrderChoice } from './book-order.tsx'

const chapters = [buildChapter('infancia', 'Infancia'), buildChapter('juventud', 'Juventud'), buildChapter('madurez', 'Madurez')]

/** The order as the maker holds it: the chapters shown follow the manual order chosen. */
function OrderHarness({ onChange }: { onChange?: (choices: Pick<BookChoices, 'order' | 'manualOrder'>) => void }) {
  const [choices, setChoices] = useState<Pick<BookChoices, 'order' | 'manualOrder'>>({ order: 'life-stage', manualOrder: [] })
  return (
    <BookOrderChoice
      order={choices.order}
      chapters={orderedChapters(chapters, choices)}
      onChange={(changes) => {
        const next = { ...choices, ...changes }
        setChoices(next)
        onChange?.(next)
      }}
    />
  )
}

const shownOrder = () => Array.from(screen.getByRole('list', { name: 'Capítulos en el orden del libro' }).querySelectorAll('.book-manual-title'), (title) => title.textContent)

describe('the chapters placed by hand', () => {
  it('are moved with the keyboard alone, the pressed button keeping the focus, and each move is announced', async () => {
    const user = userEvent.setup()
    const seen: Pick<BookChoices, 'order' | 'manualOrder'>[] = []
    render(<OrderHarness onChange={(choices) => seen.push(choices)} />)
    expect(screen.queryByRole('button', { name: /Subir/ })).not.toBeInTheDocument()

    // The order is chosen with the arrow keys, as radio buttons are.
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Por etapas de la vida' })).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'A mano, capítulo por capítulo' })).toBeChecked()
    expect(shownOrder()).toEqual(['Infancia', 'Juventud', 'Madurez'])

    const down = screen.getByRole('button', { name: 'Bajar «Infancia»' })
    down.focus()
    await user.keyboard('{Enter}')
    expect(shownOrder()).toEqual(['Juventud', 'Infancia', 'Madurez'])
    expect(down).toHaveFocus()
    expect(screen.getByText('«Infancia» es ahora el capítulo 2 de 3.')).toBeInTheDocument()
    await user.keyboard(' ')
    expect(shownOrder()).toEqual(['Juventud', 'Madurez', 'Infancia'])
    expect(seen.at(-1)).toEqual({ order: 'manual', manualOrder: ['juventud', 'madurez', 'infancia'] })

    // At the end it stays where it is, says so, and keeps the focus (never disabled).
    expect(down).toHaveAttribute('aria-disabled', 'true')
    await user.keyboard('{Enter}')
    expect(shownOrder()).toEqual(['Juventud', 'Madurez', 'Infancia'])
    expect(down).toHaveFocus()
    expect(screen.getByText('«Infancia» ya es el último capítulo.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Subir «Madurez»' }))
    expect(shownOrder()).toEqual(['Madurez', 'Juventud', 'Infancia'])
    expect(screen.getByText('«Madurez» es ahora el capítulo 1 de 3.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subir «Madurez»' })).toHaveAttribute('aria-disabled', 'true')
  })
})
