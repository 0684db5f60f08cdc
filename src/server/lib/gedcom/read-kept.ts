// Copying out of the parser's nodes what Legado does not model, so an export can write it back:
// whole structures (an occupation, a burial, a source citation, a `_TAG`), and the unmodeled
// substructures of one it does model (a name's title and nickname, a birth's sources, a place's
// coordinates). Every one counted per tag, for the import report's "kept, not shown".
import { limits } from '../../../shared/limits.ts'
import type { GedcomKeptNode, GedcomKeptRecord } from './model.ts'
import type { GedcomNode } from './parse.ts'
import { splitName } from './read-structures.ts'

/** Deeper than this nothing is kept (the export archive holds kept structures to the same depth). */
const maxKeptDepth = limits.gedcomKeptMaxDepth

export function keepNode(node: GedcomNode, depth = 0): GedcomKeptNode {
  const kept: GedcomKeptNode = { tag: node.tag }
  if (node.value !== undefined) kept.value = node.value
  if (node.pointer !== undefined) kept.pointer = node.pointer
  if (node.children.length > 0 && depth < maxKeptDepth) kept.children = node.children.map((child) => keepNode(child, depth + 1))
  return kept
}

/** A record kept whole, under its xref. */
export const keepRecord = (record: GedcomNode, xref: string): GedcomKeptRecord => ({ xref, ...keepNode(record) })

/** Children of the first DATE and PLAC of an event that Legado reads: DATE's value and PHRASE, PLAC's value. */
const modeledUnder: Record<string, readonly string[]> = { DATE: ['PHRASE'], PLAC: [] }

/**
 * What Legado does not model of an event it does (the first BIRT, DEAT, MARR, DIV): every
 * substructure but its first DATE and PLAC, and under those everything but what is read (DATE's
 * PHRASE). The DATE and PLAC come along, marked modeled, only when something under them is kept
 * (a TIME, a MAP), with the payload read, so a writer can tell whether Legado's value is still that.
 */
export function eventExtras(node: GedcomNode): GedcomKeptNode | undefined {
  // Called for every event of every person: nothing is allocated until something is kept.
  let children: GedcomKeptNode[] | undefined
  let seen: string[] | undefined
  for (const child of node.children) {
    const modeled = seen?.includes(child.tag) || !Object.hasOwn(modeledUnder, child.tag) ? undefined : modeledUnder[child.tag]
    if (modeled === undefined) {
      ;(children ??= []).push(keepNode(child, 1))
      continue
    }
    ;(seen ??= []).push(child.tag)
    let rest: GedcomKeptNode[] | undefined
    for (const grandchild of child.children) if (!modeled.includes(grandchild.tag)) (rest ??= []).push(keepNode(grandchild, 2))
    if (rest) (children ??= []).push({ tag: child.tag, ...(child.value === undefined ? {} : { value: child.value.trim() }), children: rest, isModeled: true })
  }
  return children === undefined ? undefined : { tag: node.tag, children, isModeled: true }
}

/**
 * What Legado does not model of the first NAME: titles, suffixes, nicknames, prefixes, TYPE,
 * notes and sources. The NAME's own value and its GIVN and SURN come along (modeled: Legado writes
 * its own) whenever the NAME says more than `Given /Surname/`, so an export whose given names and
 * surname are unchanged writes the name as the file had it ("Lt. Joseph "John" /Allen/ Jr.").
 */
export function nameExtras(node: GedcomNode, givenNames: string, surname: string): GedcomKeptNode | undefined {
  const children = node.children.map((child) => keepNode(child, 1))
  const hasExtras = children.some((child) => child.tag !== 'GIVN' && child.tag !== 'SURN')
  const plain = surname ? `${givenNames} /${surname}/`.trimStart() : givenNames
  if (!hasExtras && (node.value ?? '') === plain) return undefined
  for (const child of children) if (child.tag === 'GIVN' || child.tag === 'SURN') child.isModeled = true
  return { tag: 'NAME', ...(node.value === undefined ? {} : { value: node.value }), ...(children.length > 0 ? { children } : {}), isModeled: true }
}

/** Counts what a kept structure keeps, per tag: a modeled one's kept substructures, else the structure itself. */
export function countKept(node: GedcomKeptNode, counts: Map<string, number>): void {
  if (!node.isModeled) {
    counts.set(node.tag, (counts.get(node.tag) ?? 0) + 1)
    return
  }
  for (const child of node.children ?? []) if (!(child.isModeled && (child.tag === 'GIVN' || child.tag === 'SURN'))) countKept(child, counts)
}

/** Every pointer under kept structures, for finding the records they need. */
export function* keptPointers(nodes: readonly GedcomKeptNode[]): Generator<string> {
  const stack = [...nodes]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node.pointer === 'string') yield node.pointer
    if (node.children) stack.push(...node.children)
  }
}

/** The given names and surname a kept NAME was read as (see `readName`), to tell whether Legado's are still those. */
export function keptNameParts(name: GedcomKeptNode): { givenNames: string; surname: string } {
  const part = (tag: string) => name.children?.find((child) => child.tag === tag)?.value?.trim() || undefined
  const split = splitName(name.value ?? '')
  const surnameParts = [part('SPFX'), part('SURN')].filter((value) => value !== undefined)
  return { givenNames: part('GIVN') ?? split.given, surname: split.surname || surnameParts.join(' ') }
}
