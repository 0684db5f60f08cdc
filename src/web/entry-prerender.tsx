/**
 * The build's pre-render (scripts/prerender.mjs, in Node): the public pages rendered to HTML in
 * each language with the same tree the browser hydrates, and what the server must know to serve
 * them. Never part of the browser bundle.
 */
import i18n from 'i18next'
import { prerender } from 'react-dom/static'
import { initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router'
import { AppFrame, createQueryClient } from './app/app.tsx'
import { pagesDrawnSignedIn, routeNeeds, routes } from './app/router.tsx'
import { quoteKeys, setPrerenderQuote } from './features/dashboard/quotes.ts'
import { formOutcomeId, setPrerenderFormOutcome, type FormOutcome } from './lib/form-outcome.ts'
import { baseNamespaces, pageCatalogueId } from './lib/i18n.ts'
import { setPrerenderSignedIn, signedInShellAttribute, signedInShellValue } from './lib/signed-in-shell.ts'

export { pageCatalogueId, formOutcomeId, signedInShellAttribute, signedInShellValue }

/**
 * The signed-in shells of a page drawn for someone signed in (app/router.tsx's `pagesDrawnSignedIn`),
 * each a variant the server may send: the dashboard's, one per quote, so that the quote it shows is
 * still chosen at random (by the server, among them); any other page's, one.
 */
export function signedInShells(pattern: string): { variant: string; drawn: DrawnWith }[] {
  if (!pagesDrawnSignedIn.includes(pattern)) return []
  if (pattern === '/dashboard') return quoteKeys.map((quote) => ({ variant: quote, drawn: { signedIn: true, quote } }))
  return [{ variant: '', drawn: { signedIn: true } }]
}

/** How a page is drawn beyond its path and language: for someone signed in, and with which quote. */
interface DrawnWith {
  signedIn?: boolean
  quote?: (typeof quoteKeys)[number]
}

/**
 * Placeholders in the pages of a refused form, which the server fills in for each refusal (with
 * the text escaped): the message, what was typed into each field, and the outcome as JSON.
 * Letters and underscores only, so the render writes them unchanged.
 */
export const formPlaceholders = {
  message: '__LEGADO_FORM_MESSAGE__',
  value: (field: string) => `__LEGADO_FORM_VALUE_${field}__`,
  outcome: '__LEGADO_FORM_OUTCOME__',
}

/**
 * The public pages whose form works without JavaScript: posted to the page's own path, the
 * server answers a refusal with the page again (`failed`, its placeholders filled in), and the
 * contact form's success with the page that thanks (`sent`). `kept` names the fields whose text
 * comes back (never a password).
 */
export const formPages = [
  { form: 'login', page: 'login', kept: ['email'] },
  { form: 'signup', page: 'signup', kept: ['email'] },
  { form: 'contact', page: 'contact', kept: ['name', 'email', 'message'], sent: true },
] as const

/** The outcome a form page's variant is rendered with: placeholders for a refusal, or sent. */
export function formVariantOutcome(form: (typeof formPages)[number], variant: 'failed' | 'sent'): FormOutcome {
  if (variant === 'sent') return { form: form.form, sent: true }
  return { form: form.form, message: formPlaceholders.message, values: Object.fromEntries(form.kept.map((field) => [field, formPlaceholders.value(field)])) }
}

/** The pages anyone can open: each is pre-rendered in every language. */
export const publicPages = [
  { name: 'landing', path: '/', title: 'pages.landing' },
  { name: 'login', path: '/login', title: 'pages.login' },
  { name: 'signup', path: '/signup', title: 'pages.signup' },
  { name: 'forgot-password', path: '/forgot-password', title: 'pages.forgotPassword' },
  { name: 'reset-password', path: '/reset-password', title: 'pages.resetPassword' },
  { name: 'contact', path: '/contact', title: 'pages.contact' },
  // Rendered through the catch-all route; the server answers it, with status 404, for any path
  // that is neither a public page nor an app page.
  { name: 'not-found', path: '/page-not-found', title: 'pages.notFound' },
] as const

/**
 * The pages behind sign-in, by path pattern and by the name of their module under app/routes/:
 * the server answers them with an app shell that preloads that module and carries the catalogues
 * the page uses.
 */
export function appPages(tree: RouteObject[] = routes, parent = ''): { pattern: string; name: string; namespaces: string[]; requests: string[] }[] {
  return tree.flatMap((route) => {
    const pattern = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent
    const isAppPage = route.path && route.path !== '*' && !publicPages.some((page) => page.path === pattern)
    const needs = routeNeeds(pattern)
    const own = isAppPage ? [{ pattern, name: route.path?.split('/')[0] ?? '', namespaces: [...baseNamespaces, ...needs.namespaces], requests: needs.requests }] : []
    return [...own, ...appPages(route.children ?? [], pattern)]
  })
}

type Resources = Record<string, Record<string, Record<string, unknown>>>

/** Collects the namespaces the components of one render asked for. */
function trackNamespaces(): Set<string> {
  const used = new Set<string>(baseNamespaces)
  Object.assign(i18n, { reportNamespaces: { addUsedNamespaces: (names: string[]) => names.forEach((name) => used.add(name)), getUsedNamespaces: () => [...used] } })
  return used
}

export async function initPrerender(resources: Resources, defaultLanguage: string) {
  await i18n
    .use(initReactI18next)
    .init({ resources, lng: defaultLanguage, fallbackLng: defaultLanguage, defaultNS: 'common', interpolation: { escapeValue: false }, react: { useSuspense: true } })
}

const handler = createStaticHandler(routes)

/**
 * One page in one language: its HTML (the inside of #root), its title and its namespaces. An app
 * page renders as the browser first draws it, before the session has answered: the layout and
 * 'Loading authentication...' (`RequireAuth`), so it too paints from the HTML; drawn signed in, it
 * renders the page itself, loading. A form page renders with `outcome` as the server answers a
 * form posted without JavaScript.
 */
export async function renderPage(path: string, lng: string, outcome?: FormOutcome, drawn: DrawnWith = {}) {
  await i18n.changeLanguage(lng)
  setPrerenderFormOutcome(outcome)
  setPrerenderSignedIn(drawn.signedIn === true)
  setPrerenderQuote(drawn.quote)
  const used = trackNamespaces()
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`${path} redirected while pre-rendering`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const { prelude } = await prerender(
    <AppFrame queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppFrame>,
  )
  const html = await new Response(prelude).text()
  setPrerenderFormOutcome(undefined)
  setPrerenderSignedIn(false)
  setPrerenderQuote(undefined)
  const page = publicPages.find((candidate) => candidate.path === path)
  const title = page ? i18n.t('titleTemplate', { page: i18n.t(page.title) }) : i18n.t(appPages().some((app) => app.pattern === path) ? 'appName' : 'pages.notFound')
  return { html, title, description: i18n.t('description'), namespaces: [...used] }
}
