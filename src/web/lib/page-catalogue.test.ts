import { afterEach, describe, expect, it } from 'vitest'
import { languageOnlyInStorage, pageCatalogueId, readPageCatalogue, type PageCatalogue } from './i18n.ts'

const page: PageCatalogue = { lng: 'es', resources: { common: { appName: 'Legado' } } }

function clearCookie() {
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
}

afterEach(() => {
  document.getElementById(pageCatalogueId)?.remove()
  window.localStorage.clear()
  window.sessionStorage.clear()
  clearCookie()
  window.history.replaceState(null, '', '/')
})

describe('the catalogue a pre-rendered page carries', () => {
  it('is read from the page, language and texts', () => {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: pageCatalogueId, textContent: JSON.stringify(page) })
    document.body.append(script)
    expect(readPageCatalogue()).toEqual(page)
  })

  it('is absent from the development page, and ignored when it names no language of ours', () => {
    expect(readPageCatalogue()).toBeUndefined()
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: pageCatalogueId, textContent: JSON.stringify({ ...page, lng: 'de' }) })
    document.body.append(script)
    expect(readPageCatalogue()).toBeUndefined()
  })
})

describe('a language chosen on this device that the server could not see', () => {
  it('is the one in local storage when neither the address nor the cookie names one', () => {
    window.localStorage.setItem('i18nextLng', 'fr')
    expect(languageOnlyInStorage(page)).toBe('fr')
  })

  it('is nothing when the cookie or ?lng= already decided, or storage agrees with the page', () => {
    window.localStorage.setItem('i18nextLng', 'fr')
    document.cookie = 'i18next=en; path=/'
    expect(languageOnlyInStorage(page)).toBeUndefined()
    clearCookie()
    window.history.replaceState(null, '', '/?lng=en')
    expect(languageOnlyInStorage(page)).toBeUndefined()
    window.history.replaceState(null, '', '/')
    window.localStorage.setItem('i18nextLng', 'es-ES')
    expect(languageOnlyInStorage(page)).toBeUndefined()
  })
})
