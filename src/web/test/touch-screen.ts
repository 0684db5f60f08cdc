import { vi } from 'vitest'

/**
 * Makes the window answer `(pointer: coarse)` as a phone does, until `vi.restoreAllMocks()`.
 * happy-dom's own matchMedia answers as a desktop with a mouse.
 */
export function pretendTouchScreen() {
  const original = window.matchMedia.bind(window)
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (!query.includes('pointer: coarse')) return original(query)
    const list = original(query)
    return Object.defineProperty(list, 'matches', { value: true })
  })
}
