import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { keptNameParts, type GedcomData, type GedcomFamily, type GedcomIndividual, type GedcomKeptNode, type GedcomKeptRecord } from '../../lib/gedcom/index.ts'
import { inNamespace, namespaceOf, uidPrefix } from './gedcom.identity.ts'
import type { KeptRow } from './gedcom.kept.repository.ts'
import { schemaKey } from './gedcom.map.ts'

// What imports kept without showing it, put back on the exported people, families and records.
// Pointers inside kept structures name xrefs of the file they came from, in its namespace; each
// becomes the model xref of the person, family or record it names, or @VOID@ when that is gone
// (a member deleted in Legado). Only the records something exported still points to are written.

interface Exported {
  tree: FamilyTree
  /** Parallel to `tree.members`. */
  individuals: GedcomIndividual[]
  /** The first `tree.unions.length` are parallel to `tree.unions`. */
  families: GedcomFamily[]
  memberKey: Map<string, string>
  unionKey: Map<string, string>
}

const modeled = (nodes: GedcomKeptNode[] | undefined, tag: string) => nodes?.find((node) => node.isModeled && node.tag === tag)

export function attachKept(data: GedcomData, rows: KeptRow[], { tree, individuals, families, memberKey, unionKey }: Exported): void {
  if (rows.length === 0) return
  const byMember = new Map<string, KeptRow>()
  const byUnion = new Map<string, KeptRow>()
  const records = new Map<string, KeptRow>()
  for (const row of rows) {
    if (row.memberId !== null) byMember.set(row.memberId, row)
    else if (row.unionId !== null) byUnion.set(row.unionId, row)
    else records.set(row.recordKey, row)
  }

  // Every key a kept pointer may name → the model xref it is exported under.
  const targets = new Map<string, string>()
  const addRows = (list: { id: string; sourceId: string | null }[], keyOf: Map<string, string>, keptOf: Map<string, KeptRow>) => {
    for (const { id, sourceId } of list) {
      const xref = keyOf.get(id)
      if (xref === undefined) continue
      if (sourceId !== null && !sourceId.startsWith(uidPrefix)) targets.set(sourceId, xref)
      const row = keptOf.get(id)
      if (row) targets.set(row.recordKey, xref)
    }
  }
  addRows(
    tree.members.map((member) => ({ id: member.memberId, sourceId: member.sourceId })),
    memberKey,
    byMember,
  )
  addRows(
    tree.unions.map((union) => ({ id: union.unionId, sourceId: union.sourceId })),
    unionKey,
    byUnion,
  )
  const modelKeys = new Set([...memberKey.values(), ...unionKey.values()])
  const bareCounts = new Map<string, number>()
  for (const key of records.keys()) bareCounts.set(bareXref(key), (bareCounts.get(bareXref(key)) ?? 0) + 1)
  for (const key of records.keys()) {
    const bare = bareXref(key)
    // The record's own xref when no other record or person has it, so a source stays @S1@.
    targets.set(key, bareCounts.get(bare) === 1 && !modelKeys.has(bare) ? bare : `record ${key}`)
  }

  const reached = new Set<string>()
  const pending: string[] = []
  /** The structures with each pointer as a model xref, noting the records they need. */
  const place = (nodes: GedcomKeptNode[], namespace: string): GedcomKeptNode[] =>
    nodes.map((node) => {
      const copy: GedcomKeptNode = { ...node }
      if (typeof node.pointer === 'string') {
        const key = inNamespace(namespace, node.pointer)
        copy.pointer = targets.get(key) ?? null
        if (records.has(key) && !reached.has(key)) {
          reached.add(key)
          pending.push(key)
        }
      }
      if (node.children) copy.children = place(node.children, namespace)
      return copy
    })
  const structuresOf = (row: KeptRow) => place(JSON.parse(row.structures) as GedcomKeptNode[], namespaceOf(row.recordKey))

  tree.members.forEach((member, index) => {
    const row = byMember.get(member.memberId)
    const person = individuals[index]!
    if (!row) return
    let kept = structuresOf(row)
    // A death Legado no longer records takes its kept sources and causes with it.
    if (person.death === undefined) kept = kept.filter((node) => !(node.isModeled && node.tag === 'DEAT'))
    const name = modeled(kept, 'NAME')
    if (name) {
      const read = keptNameParts(name)
      // The name as the file wrote it ("Lt. Joseph /Allen/ Jr."), unless Legado's names changed since.
      // Not a NAME of more than two slashes ("Gerald R/Jr/Ford/"): no reader agrees on its surname, and 7.0 refuses it.
      const isPersonalName = (name.value?.split('/').length ?? 0) <= 3
      if (read.givenNames === person.givenNames && read.surname === person.surname && name.value !== undefined && isPersonalName) person.name = name.value
    }
    person.kept = kept
  })
  tree.unions.forEach((union, index) => {
    const row = byUnion.get(union.unionId)
    if (row) families[index]!.kept = structuresOf(row)
  })

  const keptRecords: GedcomKeptRecord[] = []
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    const [record] = structuresOf(records.get(key)!)
    if (record) keptRecords.push({ ...record, xref: targets.get(key)! })
  }
  if (keptRecords.length > 0) data.keptRecords = keptRecords
  const declared = [...records].filter(([key]) => key.endsWith(schemaKey)).flatMap(([, row]) => (JSON.parse(row.structures) as GedcomKeptNode[])[0]?.children ?? [])
  for (const { value } of declared) {
    const [tag, uri] = value?.split(' ') ?? []
    if (tag && uri) (data.schema ??= {})[tag] = uri
  }
}

/** A kept row's xref without its namespace. */
function bareXref(key: string): string {
  const namespace = namespaceOf(key)
  return namespace ? key.slice(namespace.length + 1) : key
}
