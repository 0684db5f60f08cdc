import { describe, expect, it } from 'vitest'
import { errorStatus, fieldErrorCodes } from '../../shared/errors.ts'
import { languages } from '../../shared/limits.ts'

/** Every catalogue file, keyed by `lng/ns`. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })
const catalogues = new Map(Object.entries(files).map(([path, catalogue]) => [path.replace(/^\.\//, '').replace(/\.json$/, ''), catalogue]))

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`, the way i18next reads nested keys. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>()
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf)
    }
  } else {
    entries.set(prefix, value)
  }
  return entries
}

const namespaces = [...catalogues.keys()].filter((key) => key.startsWith('es/')).map((key) => key.slice(3))
const others = languages.filter((lng) => lng !== 'es')

describe('translation catalogues', () => {
  it('exist for Spanish', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors']))
  })

  describe.each(namespaces)('%s', (ns) => {
    const spanishKeys = [...flatten(catalogues.get(`es/${ns}`)).keys()].sort()

    it.each(others)('has exactly the Spanish keys in %s', (lng) => {
      const catalogue = catalogues.get(`${lng}/${ns}`)
      expect(catalogue, `${lng}/${ns}.json is missing`).toBeDefined()
      const keys = [...flatten(catalogue).keys()].sort()
      expect({ missing: spanishKeys.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !spanishKeys.includes(key)) }).toEqual({
        missing: [],
        extra: [],
      })
    })

    it.each(languages)('has no empty or non-text value in %s', (lng) => {
      const bad = [...flatten(catalogues.get(`${lng}/${ns}`))].filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      expect(bad.map(([key]) => key)).toEqual([])
    })
  })

  it.each(languages)('translates every error code in %s', (lng) => {
    const keys = new Set(flatten(catalogues.get(`${lng}/errors`)).keys())
    const codes = [...Object.keys(errorStatus), ...fieldErrorCodes, 'network_error']
    expect(codes.filter((code) => !keys.has(code))).toEqual([])
  })
})
