import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'

/** Every catalogue, read synchronously, so component tests see the real Spanish texts. */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' })

export function testResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {}
  for (const [file, catalogue] of Object.entries(catalogues)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file)
    if (!match) continue
    const [, lng, ns] = match as unknown as [string, string, string]
    resources[lng] ??= {}
    resources[lng][ns] = catalogue
  }
  return resources
}

export function initTestI18n(lng = 'es') {
  return i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'es',
    defaultNS: 'common',
    resources: testResources(),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
}
