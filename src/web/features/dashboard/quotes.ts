import { isDrawnSignedIn } from '../../lib/signed-in-shell.ts'

/** Keys of the 7 family and life quotes (docs/product.md#dashboard) under `dashboard:quotes`. */
export const quoteKeys = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const
export type QuoteKey = (typeof quoteKeys)[number]

/** A quote chosen with `random` (0 ≤ random < 1), so tests can pick one. */
export function pickQuote(random: number = Math.random()): QuoteKey {
  const index = Math.min(quoteKeys.length - 1, Math.floor(random * quoteKeys.length))
  return quoteKeys[index] ?? 'q1'
}

let prerenderQuote: QuoteKey | undefined

/** The build draws one signed-in shell of the dashboard per quote, with this set. */
export function setPrerenderQuote(key: QuoteKey | undefined) {
  prerenderQuote = key
}

/**
 * The quote the page's HTML already shows, when the server sent one of the dashboard's signed-in
 * shells (it picks one of them at random, so the quote is still chosen at random): hydration keeps
 * it rather than drawing another.
 */
export function drawnQuote(): QuoteKey | undefined {
  if (typeof document === 'undefined') return prerenderQuote
  if (!isDrawnSignedIn()) return undefined
  const drawn = document.querySelector('.dashboard-quote')?.getAttribute('data-quote')
  return quoteKeys.find((key) => key === drawn)
}
