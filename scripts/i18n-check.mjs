// Fails when a translation key exists in one language and not in another, or a value is empty.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/locales')
const languages = ['es', 'en', 'fr']

const flatten = (value, prefix = '') =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? flatten(child, `${prefix}${key}.`) : [[`${prefix}${key}`, child]]))

const catalogues = Object.fromEntries(
  languages.map((lng) => {
    const dir = path.join(localesDir, lng)
    const entries = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))).map(([key, text]) => [`${file}:${key}`, text]))
    return [lng, new Map(entries)]
  }),
)

const problems = []
const allKeys = new Set(languages.flatMap((lng) => [...catalogues[lng].keys()]))
for (const key of allKeys) {
  for (const lng of languages) {
    const text = catalogues[lng].get(key)
    if (text === undefined) problems.push(`${lng} lacks ${key}`)
    else if (typeof text !== 'string' || text.trim() === '') problems.push(`${lng} has an empty ${key}`)
  }
}
if (problems.length) {
  console.error(`Translations out of step (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(`Translations complete: ${allKeys.size} keys in ${languages.join(', ')}.`)
