import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

export { foundItemId } from '../../shared/search/found-item.ts'

/** An address's fragment as written; one mangled by hand («%E0») names nothing rather than throwing. */
function decoded(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return undefined
  }
}

/**
 * The item the address names (`/my-dreams#dream-<id>`, as a search result links it), brought into
 * view and given the focus once the list holding it has arrived: a result opens on the very text,
 * not at the top of a page of hundreds. Answers the id named, for the list to mark that item (a
 * `tabIndex` of -1 so it can take the focus, and the `found-item` look). Once per address: a list
 * that refetches later does not pull the page back.
 */
export function useFoundItem(isListReady: boolean): string | undefined {
  const { hash } = useLocation()
  const broughtFor = useRef<string | undefined>(undefined)
  const named = hash.length > 1 ? decoded(hash.slice(1)) : undefined
  useEffect(() => {
    if (!isListReady || named === undefined || broughtFor.current === hash) return
    const element = document.getElementById(named)
    if (!element) return
    // After every effect of this render: the layout moves the focus to the page's main region on
    // a navigation, and a list already in the cache renders in that same commit.
    const timer = setTimeout(() => {
      broughtFor.current = hash
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true
      element.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' })
      element.focus({ preventScroll: true })
    }, 0)
    return () => clearTimeout(timer)
  }, [isListReady, named, hash])
  return named
}

/**
 * A listed item's `id` (and `className`); when the address names it, also what lets it take the
 * focus and shows it found.
 */
export function foundItemProps(id: string, found: string | undefined, className?: string): { id: string; tabIndex?: number; className?: string } {
  if (id !== found) return className ? { id, className } : { id }
  return { id, tabIndex: -1, className: className ? `${className} found-item` : 'found-item' }
}
