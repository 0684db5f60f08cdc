import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MarkedText } from './marked-text.tsx'

describe('MarkedText', () => {
  it('marks the ranges the server found and keeps the rest as text, never as HTML', () => {
    const { container } = render(
      <p>
        <MarkedText
          value={{
            text: 'La finca de la abuela Peña <b>',
            matches: [
              [3, 8],
              [22, 26],
            ],
          }}
        />
      </p>,
    )
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['finca', 'Peña'])
    expect(container.textContent).toBe('La finca de la abuela Peña <b>')
    expect(container.querySelector('b')).toBeNull()
  })

  it('skips a range that overlaps the one before or runs past the text', () => {
    const { container } = render(
      <MarkedText
        value={{
          text: 'canciones',
          matches: [
            [0, 9],
            [2, 5],
            [5, 40],
          ],
        }}
      />,
    )
    expect(container.innerHTML).toBe('<mark>canciones</mark>')
  })
})
