import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Icon, type IconName } from './icon.tsx'

const names: IconName[] = [
  'paperclip',
  'microphone',
  'speaker',
  'speakerOff',
  'document',
  'camera',
  'tree',
  'moon',
  'book',
  'sparkles',
  'envelope',
  'check',
  'pencil',
  'smile',
  'angel',
  'wizard',
]

/** Pictographs that need an emoji font (many Linux desktops and kiosks have none: they show boxes). */
const emoji = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u

/** Every source file of the web app, as text (read by Vite at test time). */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx,css}', '!../../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })

describe('Icon', () => {
  it('draws every icon as a path in the text colour, hidden from screen readers', () => {
    for (const name of names) {
      const { container, unmount } = render(<Icon name={name} />)
      const svg = container.querySelector('svg')!
      expect(svg.getAttribute('aria-hidden'), name).toBe('true')
      expect(svg.getAttribute('stroke'), name).toBe('currentColor')
      expect(svg.querySelector('path')?.getAttribute('d'), name).toMatch(/^M/)
      unmount()
    }
  })

  it('is what the app draws with: no emoji stands in for an icon anywhere in the web code', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100)
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => (emoji.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(offenders).toEqual([])
  })
})
