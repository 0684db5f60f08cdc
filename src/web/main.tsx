import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './app/public-pages.ts'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { loadMatchedRoutes, routeNeeds } from './app/router.tsx'
import { startEarlyReads } from './lib/api-client.ts'
import { i18n, initI18n, languageOnlyInStorage, readPageCatalogue } from './lib/i18n.ts'
import { isDrawnSignedIn } from './lib/signed-in-shell.ts'

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

// The page's data is asked for now, alongside its code, not once that code has rendered (a
// signed-in page would otherwise wait for the script, then the session, then its own data).
const needs = routeNeeds(window.location.pathname)
startEarlyReads(needs.requests)

const page = readPageCatalogue()
const storedLanguage = page ? languageOnlyInStorage(page) : undefined
void initI18n(page)

// The page's own script first: a pre-rendered page then hydrates to exactly what its HTML shows,
// and the app shell renders its page at once instead of an empty router.
void loadMatchedRoutes(window.location.pathname).then(() => {
  // A public page (one that reads nothing at once) is hydrated as a transition: React takes it
  // over in slices of a few milliseconds, yielding to the browser between them, rather than in one
  // long task that blocks typing into a form the HTML already shows (a submit meanwhile is posted
  // by the browser, which the server answers). Measured on /login: blocking time 200 → 20 ms.
  // So does a signed-in page drawn for a live session, already painted as the page itself. The
  // shells that wait for the session hydrate as before; their pages pace their own work.
  if (!page || !container.firstElementChild) createRoot(container).render(<App />)
  else if (needs.requests.length === 0 || isDrawnSignedIn()) startTransition(() => void hydrateRoot(container, <App />))
  else hydrateRoot(container, <App />)
  if (storedLanguage) void i18n.loadLanguages(storedLanguage).then(() => i18n.changeLanguage(storedLanguage))
})
