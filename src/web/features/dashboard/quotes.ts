/** Keys of the 7 family and life quotes (docs/product.md#dashboard) under `dashboard:quotes`. */
export const quoteKeys = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const
export type QuoteKey = (typeof quoteKeys)[number]

/** A quote chosen with `random` (0 ≤ random < 1), so tests can pick one. */
export function pickQuote(random: number = Math.random()): QuoteKey {
  const index = Math.min(quoteKeys.length - 1, Math.floor(random * quoteKeys.length))
  return quoteKeys[index] ?? 'q1'
}
