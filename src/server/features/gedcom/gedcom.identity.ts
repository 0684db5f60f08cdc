import type { Pacer } from '../../lib/cooperative.ts'
import type { ImportedPerson, ImportedTree } from '../family-tree/family-tree.service.ts'

// Who a GEDCOM person or family is, as a source id that a later import of the same tree finds again
// and a different file never does. A UID / _UID names the person itself and needs nothing more:
// `uid:<value>`. Anything else is known only by its xref, which is merely a name inside one file
// (every program starts at @I1@), so it is kept as `<namespace>:<xref>`, the namespace standing for
// the file's tree. Rows imported before namespaces existed carry the bare xref; they form the
// "legacy" namespace, spelled ''. See ADR 0019.

export const uidPrefix = 'uid:'

/** Marks a reference that is still an xref of the file, namespaced on the request thread once the namespace is chosen. */
const localMark = '@'
export const localRef = (xref: string) => `${localMark}${xref}`

/** `g` and 12 hex digits of the file's SHA-256: two different files get different namespaces. */
const namespacePattern = /^(g[0-9a-f]{12}):/
export const namespaceOfFingerprint = (sha256Hex: string) => `g${sha256Hex.slice(0, 12)}`

/**
 * A UID as the key it is matched by. A UUID is matched by its 32 hex digits whatever its spelling
 * (7.0's `bbcc0025-34cb-…`, 5.5.1's `BBCC002534CB…`, or PAF's 36-digit form with a 4-digit
 * checksum at the end), so a person moved from one program to another keeps one identity; any
 * other value (a URI) is matched exactly.
 */
export function uidKey(uid: string): string {
  const text = uid.trim().replace(/^\{(.*)\}$/, '$1')
  const hex = text.replace(/-/g, '')
  if (/^[0-9a-f]+$/i.test(hex) && (hex.length === 32 || hex.length === 36)) return hex.slice(0, 32).toLowerCase()
  return text
}

/** The UUID a 32-hex-digit key spells (a member or union id of ours, if Legado wrote the UID). */
export function uuidOfKey(key: string): string | undefined {
  if (!/^[0-9a-f]{32}$/.test(key)) return undefined
  return `${key.slice(0, 8)}-${key.slice(8, 12)}-${key.slice(12, 16)}-${key.slice(16, 20)}-${key.slice(20)}`
}

/** The xref a source id was imported from, without its namespace; undefined for a UID. */
export function xrefOfSourceId(sourceId: string): string | undefined {
  if (sourceId.startsWith(uidPrefix)) return undefined
  const match = namespacePattern.exec(sourceId)
  return match ? sourceId.slice(match[0].length) : sourceId
}

/** The UID a source id holds, as Legado writes it back (a UUID with its hyphens). */
export function uidOfSourceId(sourceId: string | null): string | undefined {
  if (!sourceId?.startsWith(uidPrefix)) return undefined
  const key = sourceId.slice(uidPrefix.length)
  return uuidOfKey(key) ?? key
}

/** Names as compared between a file and the rows an earlier import wrote: case and spacing aside. */
export const nameKey = (firstName: string, lastName: string) => `${firstName.trim()}|${lastName.trim()}`.normalize('NFC').toLocaleLowerCase('und')

export interface ImportedMember {
  sourceId: string
  firstName: string
  lastName: string
}

/** The owner's imported members by namespace, then xref: the name each has. */
export function indexImported(rows: ImportedMember[]): Map<string, Map<string, string>> {
  const index = new Map<string, Map<string, string>>()
  for (const row of rows) {
    if (row.sourceId.startsWith(uidPrefix)) continue
    const namespace = namespacePattern.exec(row.sourceId)?.[1] ?? ''
    const byXref = index.get(namespace) ?? new Map<string, string>()
    byXref.set(xrefOfSourceId(row.sourceId)!, nameKey(row.firstName, row.lastName))
    index.set(namespace, byXref)
  }
  return index
}

/** The xref of a batch member and the name it brings, whether it is keyed by xref or by UID. */
function xrefOf(member: ImportedPerson): string | undefined {
  const local = [member.sourceId, ...(member.alsoMatches ?? [])].find((ref) => ref?.startsWith(localMark))
  return local?.slice(localMark.length)
}

/**
 * The namespace of the earlier import this file is a version of: the one where most of the people
 * the file shares xrefs with also share the name (a newer export of the same tree keeps its xrefs
 * and, mostly, its names; another file reusing @I1@… has other people at them). Among several, the
 * one with the most people in common. Otherwise a new namespace, from the file's fingerprint.
 */
export async function chooseNamespace(batch: ImportedTree, imported: Map<string, Map<string, string>>, fingerprint: string, pacer: Pacer): Promise<string> {
  let best: { namespace: string; same: number } | undefined
  for (const [namespace, byXref] of imported) {
    let shared = 0
    let same = 0
    for (const member of batch.members) {
      const pause = pacer.step()
      if (pause) await pause
      const xref = xrefOf(member)
      const known = xref === undefined ? undefined : byXref.get(xref)
      if (known === undefined) continue
      shared += 1
      if (known === nameKey(member.firstName, member.lastName)) same += 1
    }
    if (same > 0 && same * 2 > shared && same > (best?.same ?? 0)) best = { namespace, same }
  }
  return best?.namespace ?? namespaceOfFingerprint(fingerprint)
}

/**
 * Places every xref reference of the batch in `namespace`, in place and a slice at a time (a
 * 100,000-person batch is rewritten between other requests). A UID-keyed item's own xref stays a
 * second way to find it only where an earlier import of this tree used it for the same name: rows
 * imported before UIDs were read, or before the program wrote them.
 */
export async function namespaceBatch(
  batch: ImportedTree,
  namespace: string,
  imported: Map<string, Map<string, string>>,
  pacer: Pacer,
  media: { owner: string; partners?: string[] }[] = [],
  kept: { owner?: string; key: string }[] = [],
): Promise<void> {
  const place = (ref: string) => (ref.startsWith(localMark) ? (namespace ? `${namespace}:${ref.slice(localMark.length)}` : ref.slice(localMark.length)) : ref)
  const placeOptional = <T extends string | null | undefined>(ref: T): T => (typeof ref === 'string' ? (place(ref) as T) : ref)
  const known = imported.get(namespace)
  for (const member of batch.members) {
    if (member.alsoMatches?.length) {
      const name = nameKey(member.firstName, member.lastName)
      member.alsoMatches = member.alsoMatches.flatMap((ref) => (ref.startsWith(localMark) && known?.get(ref.slice(localMark.length)) !== name ? [] : [place(ref)]))
    }
    member.sourceId = placeOptional(member.sourceId)
    const pause = pacer.step()
    if (pause) await pause
  }
  for (const union of batch.unions) {
    union.sourceId = placeOptional(union.sourceId)
    union.firstPartner = placeOptional(union.firstPartner)
    union.secondPartner = placeOptional(union.secondPartner)
    if (union.alsoMatches) union.alsoMatches = union.alsoMatches.map(place)
    const pause = pacer.step()
    if (pause) await pause
  }
  for (const link of batch.links) {
    link.child = place(link.child)
    link.union = placeOptional(link.union)
    link.parent = placeOptional(link.parent)
    const pause = pacer.step()
    if (pause) await pause
  }
  for (const file of media) {
    file.owner = place(file.owner)
    if (file.partners) file.partners = file.partners.map(place)
  }
  for (const item of kept) {
    if (item.owner !== undefined) item.owner = place(item.owner)
    item.key = place(item.key)
  }
}

/** The namespace a namespaced reference (a source id, a kept record's key) is in: '' for the legacy one. */
export const namespaceOf = (ref: string) => namespacePattern.exec(ref)?.[1] ?? ''

/** An xref of a file as a reference in `namespace`, as `namespaceBatch` places it. */
export const inNamespace = (namespace: string, xref: string) => (namespace ? `${namespace}:${xref}` : xref)
