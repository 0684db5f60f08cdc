/**
 * Brings a section into view and moves keyboard and screen-reader focus to its heading, so the
 * "start" button takes everyone to the same place. Smooth scrolling only for those who accept
 * motion.
 */
export function revealSection(heading: HTMLElement | null) {
  if (!heading) return
  const prefersReducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  heading.scrollIntoView?.({ behavior: prefersReducedMotion ? 'auto' : 'smooth', block: 'start' })
  heading.focus({ preventScroll: true })
}
