/**
 * Whether the page's HTML was drawn for someone signed in. The server answers a signed-in page
 * with its signed-in shell only when the request carries a live session (else with the shell
 * that waits for the session, as before): the page itself in its loading state, with the
 * signed-in header, and no one's data. The app then hydrates to that same first frame, drawing the
 * page while the session is still on its way instead of 'Loading authentication...'.
 *
 * It holds for the page as loaded only: once the session has answered, the guard forgets it, and a
 * later wait for the session (after signing out and in again) shows the guard's loading line.
 */
export const signedInShellAttribute = 'data-drawn'
export const signedInShellValue = 'signed-in'

let prerenderSignedIn = false

/** The build draws a page's signed-in shell with this set. */
export function setPrerenderSignedIn(value: boolean) {
  prerenderSignedIn = value
}

/** The mark is on the element the app renders into (React leaves that element's own attributes alone). */
const appRoot = () => document.getElementById('root')

export function isDrawnSignedIn(): boolean {
  if (typeof document === 'undefined') return prerenderSignedIn
  return appRoot()?.getAttribute(signedInShellAttribute) === signedInShellValue
}

export function forgetDrawnSignedIn() {
  if (typeof document !== 'undefined') appRoot()?.removeAttribute(signedInShellAttribute)
}
