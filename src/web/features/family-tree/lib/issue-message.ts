import type { TFunction } from 'i18next'

/**
 * Form errors keep a translation key (and the server's values for it) rather than text, so they
 * follow a language change: `member.cycle?names=Ana+→+Luis+→+Ana`. A bare code is looked up in
 * the `errors` catalogue; a `namespace:key` in its own.
 */
export function issueMessage(code: string, params?: Record<string, string>): string {
  return params && Object.keys(params).length > 0 ? `${code}?${new URLSearchParams(params).toString()}` : code
}

/** The translated text of a message made by `issueMessage`. */
export function issueText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined
  const [key = '', query] = message.split('?', 2)
  const params = query ? Object.fromEntries(new URLSearchParams(query)) : {}
  return t(key.includes(':') ? key : `errors:${key}`, params)
}
