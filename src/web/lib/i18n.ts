import i18n, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { defaultLanguage, isLanguage, languages, type Language } from '../../shared/limits.ts'

/** Catalogue files under `locales/{lng}/`; each page loads the namespaces it uses. */
export const namespaces = [
  'common',
  'errors',
  'landing',
  'auth',
  'dashboard',
  'dreams',
  'contact',
  'family-tree',
  'family-chart',
  'family-circle',
  'gedcom',
  'media',
  'biography',
  'chat',
  'interviews',
  'ai-lab',
  'memory-game',
  'story',
  'facts',
  'book',
  'listening',
  'timeline',
  'search',
] as const
export type Namespace = (typeof namespaces)[number]

/** Every page needs these: the layout's texts and the error messages a form may show. */
export const baseNamespaces: readonly Namespace[] = ['common', 'errors']

/** The name of the cookie that carries the chosen language; the server reads it too. */
export const languageCookie = 'i18next'

/** The detection order of docs/product.md#languages, and the choice cached in local storage and a cookie. */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', 'path', 'subdomain'],
  lookupQuerystring: 'lng',
  lookupCookie: languageCookie,
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  // The server reads the cookie to send the page in the chosen language: it must last as long
  // as the local storage copy (the detector's default is ten minutes).
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' as const },
}

/**
 * What the server put in the page: its language and that language's catalogues for the page, so
 * the first render needs no request (and matches the pre-rendered HTML).
 */
export interface PageCatalogue {
  lng: Language
  resources: Record<string, Record<string, unknown>>
}

/** Where the catalogue sits in the HTML: JSON, never executed, so the CSP needs no exception. */
export const pageCatalogueId = 'page-catalogue'

export function readPageCatalogue(doc: Document = document): PageCatalogue | undefined {
  const text = doc.getElementById(pageCatalogueId)?.textContent
  if (!text) return undefined
  const parsed = JSON.parse(text) as Partial<PageCatalogue>
  return isLanguage(parsed.lng) && parsed.resources ? (parsed as PageCatalogue) : undefined
}

/**
 * Starts i18next. With the page's catalogue it is ready synchronously in the page's language
 * (other namespaces and languages still load over HTTP when needed); without one (the
 * development server) the detector chooses and the catalogues load first.
 */
export function initI18n(page?: PageCatalogue, instance: I18n = i18n): Promise<unknown> {
  instance.on('languageChanged', (lng) => {
    // The detector may report a regional tag (es-ES); the page speaks the catalogue's language.
    document.documentElement.lang = instance.resolvedLanguage ?? lng.split('-')[0] ?? lng
  })
  return instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...(page ? { lng: page.lng, resources: { [page.lng]: page.resources }, partialBundledLanguages: true, initAsync: false } : {}),
      supportedLngs: [...languages],
      // Every catalogue is complete in every language (i18n:check), so a supported language needs
      // no fallback: not fetching Spanish beside English or French saves requests on each page.
      fallbackLng: (code: string) => (isLanguage(code.split('-')[0]) ? [] : [defaultLanguage]),
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: [...baseNamespaces],
      defaultNS: 'common',
      // Up to 5 retries starting at 350 ms and doubling; at most 10 parallel reads (docs/product.md#languages).
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: detectionOptions,
      // The build names the folder by the catalogues' content hash: the files are cached for good.
      backend: { loadPath: `/assets/locales/${__LOCALES_VERSION__}/{{lng}}/{{ns}}.json` },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
}

/**
 * A language chosen on this device but not visible to the server: local or session storage
 * without the cookie (cleared, or set before the cookie lasted). Read before i18next caches the
 * page's language over it.
 */
export function languageOnlyInStorage(page: PageCatalogue): Language | undefined {
  const query = new URLSearchParams(window.location.search).get(detectionOptions.lookupQuerystring)
  const hasCookie = document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${languageCookie}=`))
  if (query || hasCookie) return undefined
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(detectionOptions.lookupLocalStorage) ?? window.sessionStorage.getItem(detectionOptions.lookupSessionStorage)
  } catch {
    return undefined // storage blocked by the browser's privacy settings
  }
  const language = stored?.split('-')[0]
  return isLanguage(language) && language !== page.lng ? language : undefined
}

export { i18n }
