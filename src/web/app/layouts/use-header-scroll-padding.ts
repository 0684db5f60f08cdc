import { useLayoutEffect, type RefObject } from 'react'

/**
 * The header sticks to the top of the screen, so whatever the browser scrolls into view (the
 * control a Tab or Shift+Tab reaches, a #fragment, `scrollIntoView`) would otherwise stop under it.
 * Its height, which grows when its buttons wrap on a narrow screen, becomes the page's scroll
 * padding through `--site-header-height` (app-layout.css).
 */
export function useHeaderScrollPadding(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current
    if (!element) return
    const root = document.documentElement
    const measure = () => root.style.setProperty('--site-header-height', `${element.offsetHeight}px`)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--site-header-height')
    }
  }, [header])
}
