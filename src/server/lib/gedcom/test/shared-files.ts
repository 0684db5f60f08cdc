// The public GEDCOM test files live beside the repository (../shared/gedcom), never inside it: they
// carry third-party licences. Tests that need them skip, with one notice, where the folder is absent.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readGedcomFile } from '../index.ts'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))
/** GEDCOM_SAMPLES_DIR points elsewhere, for a checkout (a git worktree) that does not sit beside `shared/`. */
export const sharedGedcomDir = process.env.GEDCOM_SAMPLES_DIR ? path.resolve(process.env.GEDCOM_SAMPLES_DIR) : path.resolve(repoRoot, '..', 'shared', 'gedcom')
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

/** INDI and FAM counts: the README's table; for the FamilySearch examples (0–6, 0–3 there) counted per file. */
export const sharedFileCounts: Record<string, [people: number, families: number]> = {
  'gedcom-5.5/torture-test/TGC551.ged': [15, 7],
  'gedcom-5.5/torture-test/TGC551LF.ged': [15, 7],
  'gedcom-5.5/torture-test/TGC55C.ged': [15, 7],
  'gedcom-5.5/torture-test/TGC55CLF.ged': [15, 7],
  'gedcom-5.5/large/royal92.ged': [3010, 1422],
  'gedcom-5.5/large/pres2020.ged': [2322, 1115],
  'gedcom-7.0/maximal70.ged': [4, 2],
  'gedcom-7.0/minimal70.ged': [0, 0],
  'gedcom-7.0/remarriage1.ged': [3, 2],
  'gedcom-7.0/familysearch-examples/age.ged': [1, 0],
  'gedcom-7.0/familysearch-examples/escapes.ged': [1, 0],
  'gedcom-7.0/familysearch-examples/extension-record.ged': [1, 0],
  'gedcom-7.0/familysearch-examples/extensions.ged': [2, 0],
  'gedcom-7.0/familysearch-examples/filename-1.ged': [0, 0],
  'gedcom-7.0/familysearch-examples/lang.ged': [0, 0],
  'gedcom-7.0/familysearch-examples/long-url.ged': [0, 0],
  'gedcom-7.0/familysearch-examples/maximal70-lds.ged': [4, 2],
  'gedcom-7.0/familysearch-examples/maximal70-memories1.ged': [4, 2],
  'gedcom-7.0/familysearch-examples/maximal70-memories2.ged': [4, 2],
  'gedcom-7.0/familysearch-examples/maximal70-tree1.ged': [4, 2],
  'gedcom-7.0/familysearch-examples/maximal70-tree2.ged': [4, 2],
  'gedcom-7.0/familysearch-examples/notes-1.ged': [0, 0],
  'gedcom-7.0/familysearch-examples/obje-1.ged': [1, 0],
  'gedcom-7.0/familysearch-examples/remarriage2.ged': [3, 3],
  'gedcom-7.0/familysearch-examples/same-sex-marriage.ged': [2, 1],
  'gedcom-7.0/familysearch-examples/voidptr.ged': [2, 1],
  'gedcom-7.0/familysearch-examples/xref.ged': [7, 0],
  'encoding/utf8-bom.ged': [3, 2],
  'encoding/utf16le.ged': [3, 2],
  'encoding/utf16be.ged': [3, 2],
  'encoding/ansel-lf.ged': [35, 1],
  'encoding/utf8-nobom-lf.ged': [35, 1],
}
