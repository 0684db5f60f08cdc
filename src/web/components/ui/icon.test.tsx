import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Icon, type IconName } from './icon.tsx'

const names: IconName[] = ['paperclip', 'microphone', 'speaker', 'speakerOff', 'document', 'camera', 'tree', 'moon', 'book', 'sparkles', 'envelope', 'check', 'pencil', 'smile', 'angel', 'wizard']

/** Pictographs that need an emoji font (many Linux desktops and kiosks have none: they show boxes). */
const emoji = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

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
    const offenders = sources(path.resolve(__dirname, '../..')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (emoji.test(line) ? [`${path.relative(process.cwd(), file)}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(offenders).toEqual([])
  })
})
