import { defaultLanguage, isLanguage, type Language } from '../../shared/limits.ts'

/** The cookie the web app's language detector writes when a language is chosen (src/web/lib/i18n.ts). */
export const languageCookie = 'i18next'

function primaryLanguage(tag: string | undefined): Language | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase()
  return isLanguage(primary) ? primary : undefined
}

/** The value of one cookie in a Cookie header, if set. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=')
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

/** Accept-Language's tags, most wanted first (q=0 means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
      const q = params.find((param) => param.startsWith('q='))
      return { tag, index, quality: q ? Number(q.slice(2)) : 1 }
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag)
}

/**
 * The page's language in the order the web app detects it (docs/product.md#languages): `?lng=`, then the cookie of
 * a past choice, then the browser's languages, Spanish otherwise. Local storage, which the web
 * app reads after the cookie, is not visible here; the browser switches afterwards in the rare
 * case it holds a choice the cookie lost.
 */
export function visitorLanguage(request: { query?: string | null; cookie?: string; acceptLanguage?: string }): Language {
  const fromQuery = request.query ? new URLSearchParams(request.query).get('lng') : null
  const candidates = [fromQuery ?? undefined, cookieValue(request.cookie, languageCookie), ...acceptedLanguages(request.acceptLanguage)]
  for (const candidate of candidates) {
    const language = primaryLanguage(candidate)
    if (language) return language
  }
  return defaultLanguage
}
