/** Pages that are a starting point: going back from them would leave the app or undo a sign-in. */
const pathsWithoutBack = new Set(['/', '/dashboard', '/login', '/signup'])

/**
 * The header's back button (docs/product.md#layout) shows only when the browser history holds more than two
 * entries and the current page is not a starting point.
 */
export function shouldShowBackButton(historyLength: number, pathname: string): boolean {
  return historyLength > 2 && !pathsWithoutBack.has(pathname)
}
