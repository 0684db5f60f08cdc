// The public GEDCOM test files live beside the repository (../shared/gedcom), never inside it: they
// carry third-party licences. Tests that need them skip, with one notice, where the folder is absent.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readGedcomFile } from '../index.ts'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))
export const sharedGedcomDir = path.resolve(repoRoot, '..', 'shared', 'gedcom')
export const hasSharedGedcom = existsSync(sharedGedcomDir)

let hasNoticed = false
/** Call at the top of a test file that uses the shared files: warns once when they are missing. */
export function noticeMissingSharedGedcom(): void {
  if (hasSharedGedcom || hasNoticed) return
  hasNoticed = true
  console.warn(`GEDCOM sample files not found at ${sharedGedcomDir}: the tests that read them are skipped.`)
}

export function readSharedBytes(relative: string): Buffer {
  return readFileSync(path.join(sharedGedcomDir, relative))
}

export function readSharedTree(relative: string): ReturnType<typeof readGedcomFile> {
  return readGedcomFile(readSharedBytes(relative))
}
