import i18n, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { defaultLanguage, languages } from '../../shared/limits.ts'

/** Catalogue files under `locales/{lng}/`; each page loads the namespaces it uses. */
export const namespaces = ['common', 'errors', 'landing', 'auth', 'dashboard', 'dreams', 'contact', 'family-tree', 'family-chart', 'media', 'biography', 'chat', 'interviews', 'ai-lab', 'memory-game'] as const
export type Namespace = (typeof namespaces)[number]

/** Spec §9: detection order, and the choice cached in local storage and a cookie. */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', 'path', 'subdomain'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  cookieOptions: { path: '/', sameSite: 'lax' as const },
}

export function initI18n(instance: I18n = i18n): Promise<unknown> {
  instance.on('languageChanged', (lng) => {
    // The detector may report a regional tag (es-ES); the page speaks the catalogue's language.
    document.documentElement.lang = instance.resolvedLanguage ?? lng.split('-')[0] ?? lng
  })
  return instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...languages],
      fallbackLng: defaultLanguage,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: ['common', 'errors'],
      defaultNS: 'common',
      // Spec §9: up to 5 retries starting at 350 ms and doubling; at most 10 parallel reads.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: detectionOptions,
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        queryStringParams: { v: __LOCALES_VERSION__ },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
}

export { i18n }
