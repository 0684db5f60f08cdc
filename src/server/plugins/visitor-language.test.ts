import { describe, expect, it } from 'vitest'
import { acceptedLanguages, visitorLanguage } from './visitor-language.ts'

describe('the language a page is served in', () => {
  it('follows ?lng= first, then the cookie, then the browser, in the web app’s order', () => {
    const all = { query: 'lng=fr', cookie: 'i18next=en', acceptLanguage: 'es-ES,es;q=0.9' }
    expect(visitorLanguage(all)).toBe('fr')
    expect(visitorLanguage({ ...all, query: null })).toBe('en')
    expect(visitorLanguage({ ...all, query: null, cookie: undefined })).toBe('es')
    expect(visitorLanguage({ acceptLanguage: 'en-GB,en;q=0.9' })).toBe('en')
  })

  it('is Spanish when nothing names a language it speaks', () => {
    expect(visitorLanguage({})).toBe('es')
    expect(visitorLanguage({ acceptLanguage: 'de-DE,de;q=0.9,*;q=0.5' })).toBe('es')
  })

  it('passes over what it does not speak to the next source, as the browser’s detector does', () => {
    expect(visitorLanguage({ query: 'lng=de', cookie: 'i18next=fr' })).toBe('fr')
    expect(visitorLanguage({ cookie: 'theme=dark; i18next=xx', acceptLanguage: 'de, fr;q=0.8' })).toBe('fr')
  })

  it('reads regional tags and other cookies around the one it needs', () => {
    expect(visitorLanguage({ query: 'other=1&lng=en-US' })).toBe('en')
    expect(visitorLanguage({ cookie: 'session=abc; i18next=fr-CA; x=y' })).toBe('fr')
  })

  it('takes the browser’s languages by preference, not by their order in the header', () => {
    expect(acceptedLanguages('de;q=0.5, fr;q=0.9, en;q=0')).toEqual(['fr', 'de'])
    expect(visitorLanguage({ acceptLanguage: 'de;q=0.9, en;q=0.4, fr;q=0.7' })).toBe('fr')
    expect(visitorLanguage({ acceptLanguage: 'en;q=0, fr;q=0.1' })).toBe('fr')
  })
})
