import { createContext, useContext } from 'react'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import type { TreeChanges, TreeIndexEntry } from '../../../../shared/contracts/family-tree-view.ts'
import { memberFromEntry } from './tree-index.ts'

/**
 * Each index person's stand-in, made once per entry: a save's index keeps the entries it did not
 * change, so the list of everyone made again after it makes only the changed ones anew.
 */
const stubs = new WeakMap<TreeIndexEntry, Member>()
function stubOf(entry: TreeIndexEntry): Member {
  let stub = stubs.get(entry)
  if (!stub) stubs.set(entry, (stub = memberFromEntry(entry)))
  return stub
}

/** An index's people by id. */
export interface EntryLookup {
  get(id: string): TreeIndexEntry | undefined
}

/**
 * The lookup of an index some saves changed: their people (null: removed) over the lookup of the
 * index they were first made to. Each save adds its few people to the carried ones; the 100,000
 * entries underneath are never copied.
 */
class ChangedEntries implements EntryLookup {
  constructor(
    readonly base: ReadonlyMap<string, TreeIndexEntry>,
    readonly changed: ReadonlyMap<string, TreeIndexEntry | null>,
  ) {}

  get(id: string): TreeIndexEntry | undefined {
    const entry = this.changed.get(id)
    return entry === undefined ? this.base.get(id) : (entry ?? undefined)
  }
}

/** Each index's people by id, made once per index however many `TreePeople` read it. */
const entryMaps = new WeakMap<readonly TreeIndexEntry[], ReadonlyMap<string, TreeIndexEntry> | ChangedEntries>()

/** The index's people by id, made once per index (about 40 ms at 100,000: `readTreeIndex` makes it in slices, or in a task of its own). */
export function entryMapOf(entries: readonly TreeIndexEntry[]): EntryLookup {
  let byId = entryMaps.get(entries)
  if (!byId) entryMaps.set(entries, (byId = new Map(entries.map((entry) => [entry[0], entry]))))
  return byId
}

/**
 * The lookup of an index a save changed (`withChanges`), from the one before's: the save's people
 * laid over it. Copying the lookup took 27–40 ms at 100,000, at each save.
 */
export function carryEntryMap(before: readonly TreeIndexEntry[], after: readonly TreeIndexEntry[], changes: Pick<TreeChanges, 'members' | 'removedMemberIds'>): void {
  const old = entryMaps.get(before)
  if (!old || entryMaps.has(after)) return
  const base = old instanceof ChangedEntries ? old.base : old
  const changed = new Map(old instanceof ChangedEntries ? old.changed : [])
  for (const id of changes.removedMemberIds) changed.set(id, null)
  const saved = new Set(changes.members.map((member) => member.memberId))
  // The save's people as the new index holds them (the same entries everyone() makes stand-ins of).
  if (saved.size > 0) for (const entry of after) if (saved.has(entry[0])) changed.set(entry[0], entry)
  entryMaps.set(after, new ChangedEntries(base, changed))
}

/** `byId` as the lookup of `entries`, made by whoever read them (in slices). */
export function keepEntryMap(entries: readonly TreeIndexEntry[], byId: Map<string, TreeIndexEntry>): void {
  entryMaps.set(entries, byId)
}

/**
 * Everyone the tree page can name, without holding everyone whole: the members read whole (the
 * chart's view, the list's cards) and, for the others, what the index says of them (their name,
 * years and marks, `memberFromEntry`). A `get` asks only about one person; going through all of
 * them (a picker listing everyone) makes each of the index's people once.
 */
export class TreePeople implements ReadonlyMap<string, Member> {
  readonly #whole: ReadonlyMap<string, Member>
  readonly #entries: readonly TreeIndexEntry[]
  #entryById: EntryLookup | undefined
  #everyone: Member[] | undefined

  constructor(whole: ReadonlyMap<string, Member>, entries: readonly TreeIndexEntry[] = []) {
    this.#whole = whole
    this.#entries = entries
  }

  /** Whether the index has come: until then only the members read whole are known. */
  get hasIndex(): boolean {
    return this.#entries.length > 0 || this.#whole.size === 0
  }

  get(id: string): Member | undefined {
    const whole = this.#whole.get(id)
    if (whole) return whole
    this.#entryById ??= entryMapOf(this.#entries)
    const entry = this.#entryById.get(id)
    return entry && stubOf(entry)
  }

  /** The member read whole, if they were. */
  whole(id: string): Member | undefined {
    return this.#whole.get(id)
  }

  /** Everyone read whole. */
  wholeMembers(): IterableIterator<Member> {
    return this.#whole.values()
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /** Everyone in the index's order (the list's), those read whole as they are; without the index, those read whole. */
  everyone(): readonly Member[] {
    if (this.#everyone) return this.#everyone
    const everyone = this.#entries.map((entry) => this.#whole.get(entry[0]) ?? stubOf(entry))
    if (this.#entries.length === 0) everyone.push(...this.#whole.values())
    this.#everyone = everyone
    return everyone
  }

  get size(): number {
    return this.everyone().length
  }

  forEach(callback: (value: Member, key: string, map: ReadonlyMap<string, Member>) => void): void {
    for (const member of this.everyone()) callback(member, member.memberId, this)
  }

  *entries(): MapIterator<[string, Member]> {
    for (const member of this.everyone()) yield [member.memberId, member]
  }

  *keys(): MapIterator<string> {
    for (const member of this.everyone()) yield member.memberId
  }

  *values(): MapIterator<Member> {
    yield* this.everyone()
  }

  [Symbol.iterator](): MapIterator<[string, Member]> {
    return this.entries()
  }
}

/** What the tree page knows of its people and their couples, for the cards and forms under it. */
export interface TreePeopleValue {
  people: TreePeople
  /** The unions read with the members read whole. */
  unions: readonly Union[]
}

const nobody: TreePeopleValue = { people: new TreePeople(new Map()), unions: [] }

export const TreePeopleContext = createContext<TreePeopleValue>(nobody)

export const useTreePeople = () => useContext(TreePeopleContext)
