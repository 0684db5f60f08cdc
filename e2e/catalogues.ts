import { readFileSync } from 'node:fs'

export const languages = ['es', 'en', 'fr'] as const
export type Language = (typeof languages)[number]

/** Reads a text from the web's own catalogues, so each language is checked against what it says. */
export type Translate = (key: `${string}:${string}`, values?: Record<string, string>) => string

const catalogues = new Map<string, Record<string, unknown>>()
export function translator(language: Language): Translate {
  return (key, values = {}) => {
    const [namespace, path] = key.split(':') as [string, string]
    const file = `src/web/locales/${language}/${namespace}.json`
    if (!catalogues.has(file)) catalogues.set(file, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues.get(file))
    if (typeof text !== 'string') throw new Error(`${key} is not a text in ${file}`)
    return text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '')
  }
}
