// GEDCOM 5.5, 5.5.1 and 7.0 in and out, as a pure library: bytes → text → records → model, and
// model → text. The family-tree feature maps the model to its members.
import { decodeGedcom, type GedcomEncoding } from './decode.ts'
import type { GedcomTree } from './model.ts'
import { parseGedcomRecords } from './parse.ts'
import { readGedcom } from './read.ts'
import { createWarningLog } from './warnings.ts'

export { decodeGedcom, type DecodedGedcom, type GedcomEncoding } from './decode.ts'
export { parseGedcom, parseGedcomRecords, type GedcomNode, type ParseOptions } from './parse.ts'
export { readGedcom, type ReadOptions } from './read.ts'
export { writeGedcom, writeGedcomString, type GedcomWriteVersion, type WriteOptions } from './write.ts'
export { toGedcom551Date, toGedcom7Date } from './dates.ts'
export type * from './model.ts'
export { summaryTag } from './model.ts'
export { keptNameParts } from './read-kept.ts'
export type { GedcomWarning, GedcomWarningCode } from './warnings.ts'

/** A whole import in one call: decode, parse record by record, read. Warnings of all three steps end up in the tree. */
export function readGedcomFile(bytes: Uint8Array): GedcomTree & { encoding: GedcomEncoding } {
  const decoded = decodeGedcom(bytes)
  const log = createWarningLog()
  for (const warning of decoded.warnings) log.add(warning)
  const tree = readGedcom(parseGedcomRecords(decoded.text, { version: decoded.declaredVersion, onWarning: log.add }), { warnings: log })
  return { ...tree, encoding: decoded.encoding }
}
