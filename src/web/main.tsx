import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './app/public-pages.ts'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { createAppRouter, loadMatchedRoutes, routeNeeds } from './app/router.tsx'
import { startEarlyReads } from './lib/api-client.ts'
import { i18n, initI18n, languageOnlyInStorage, readPageCatalogue } from './lib/i18n.ts'
import { isDrawnSignedIn } from './lib/signed-in-shell.ts'

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

/**
 * The next task. The start-up's steps (matching the route, the catalogues, the route's modules,
 * the router) were one task of some 120 ms on a slow phone, and the route's modules and the start
 * of hydrating another: each now has a task of its own, so the page answers input between them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start(root: HTMLElement) {
  // The page's data is asked for now, alongside its code, not once that code has rendered (a
  // signed-in page would otherwise wait for the script, then the session, then its own data).
  const pathname = window.location.pathname
  const needs = routeNeeds(pathname)
  startEarlyReads(needs.requests)
  await nextTask()

  const page = readPageCatalogue()
  const storedLanguage = page ? languageOnlyInStorage(page) : undefined
  void initI18n(page)

  // The page's own script first: a pre-rendered page then hydrates to exactly what its HTML shows,
  // and the app shell renders its page at once instead of an empty router.
  await loadMatchedRoutes(pathname)
  await nextTask()
  const isPageDrawn = Boolean(page && root.firstElementChild)
  const router = createAppRouter({ isPageDrawn })
  await nextTask()

  // A public page (one that reads nothing at once) is hydrated as a transition: React takes it
  // over in slices of a few milliseconds, yielding to the browser between them, rather than in one
  // long task that blocks typing into a form the HTML already shows (a submit meanwhile is posted
  // by the browser, which the server answers). Measured on /login: blocking time 200 → 20 ms.
  // So does a signed-in page drawn for a live session, already painted as the page itself. The
  // shells that wait for the session hydrate as before; their pages pace their own work.
  const app = <App router={router} />
  if (!isPageDrawn) createRoot(root).render(app)
  else if (needs.requests.length === 0 || isDrawnSignedIn()) startTransition(() => void hydrateRoot(root, app))
  else hydrateRoot(root, app)
  if (storedLanguage) void i18n.loadLanguages(storedLanguage).then(() => i18n.changeLanguage(storedLanguage))
}

void start(container)
