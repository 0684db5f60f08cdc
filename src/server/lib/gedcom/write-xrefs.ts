import type { GedcomData, GedcomFamily, GedcomIndividual } from './model.ts'

/**
 * An identifier both 5.5.1 (at most 20 characters, starting with a letter or digit) and 7.0
 * (upper-case letters, digits and `_`; VOID reserved) accept, so both exports of one tree agree.
 */
const VALID_XREF = /^[A-Z0-9][A-Z0-9_]{0,19}$/

/** Items planned between two empty chunks. */
const planPause = 2_000

/**
 * The identifiers a file gets. A model xref that is already valid and unique is kept, so a
 * re-exported file still matches the one it came from; the others (database ids, duplicates) get
 * the next free `I7`, `F3`… in model order, so the same tree always gets the same file.
 */
export function* planXrefs(data: GedcomData): Generator<'', XrefPlan, undefined> {
  const used = new Set<string>(['VOID'])
  const keep = (xref: string): string | undefined => {
    if (!VALID_XREF.test(xref) || used.has(xref)) return undefined
    used.add(xref)
    return xref
  }
  const counters = new Map<string, number>()
  const next = (prefix: string): string => {
    let counter = counters.get(prefix) ?? 0
    let xref: string
    do {
      counter += 1
      xref = `${prefix}${counter}`
    } while (used.has(xref))
    counters.set(prefix, counter)
    used.add(xref)
    return xref
  }
  /** Each item of `list` through `each`, with an empty chunk now and then (see `planPause`). */
  function* eachOf<T, R>(list: readonly T[], each: (item: T, index: number) => R): Generator<'', R[], undefined> {
    const results: R[] = []
    for (let index = 0; index < list.length; index += 1) {
      results.push(each(list[index] as T, index))
      if (index % planPause === planPause - 1) yield ''
    }
    return results
  }

  const keptPeople = yield* eachOf(data.individuals, (person) => keep(person.xref))
  const keptFamilies = yield* eachOf(data.families, (family) => keep(family.xref))
  const noteKeys = new Map<string, string | undefined>()
  const mediaKeys = new Map<string, string | undefined>()
  for (const owners of [data.individuals, data.families]) {
    yield* eachOf<GedcomIndividual | GedcomFamily, void>(owners, (owner) => {
      for (const note of owner.notes) if (note.record !== undefined && !noteKeys.has(note.record)) noteKeys.set(note.record, keep(note.record))
      for (const media of owner.media) if (media.record !== undefined && !mediaKeys.has(media.record)) mediaKeys.set(media.record, keep(media.record))
    })
  }

  const people = yield* eachOf(keptPeople, (xref) => xref ?? next('I'))
  const families = yield* eachOf(keptFamilies, (xref) => xref ?? next('F'))
  function* byModel(models: { xref: string }[], written: string[]): Generator<'', Map<string, string>, undefined> {
    const map = new Map<string, string>()
    yield* eachOf(models, (model, index) => {
      if (!map.has(model.xref)) map.set(model.xref, written[index] as string)
    })
    return map
  }
  for (const [key, xref] of noteKeys) noteKeys.set(key, xref ?? next('N'))
  for (const [key, xref] of mediaKeys) mediaKeys.set(key, xref ?? next('O'))
  // Kept records after the rest: a source keeps its S3 unless a person or family already took it.
  const keptRecords = (data.keptRecords ?? []).map((record) => keep(record.xref) ?? next(/^[A-Z]/.test(record.tag) ? record.tag[0]! : 'X'))
  const recordByModel = yield* byModel(data.keptRecords ?? [], keptRecords)
  return {
    people,
    families,
    personByModel: yield* byModel(data.individuals, people),
    familyByModel: yield* byModel(data.families, families),
    keptRecords,
    recordByModel,
    noteRecords: noteKeys as Map<string, string>,
    mediaRecords: mediaKeys as Map<string, string>,
    submitter: next('U'),
    next,
  }
}

/**
 * The identifiers of one file. `planXrefs` is a generator: a tree of 100,000 people takes a good
 * part of a second to plan, and the empty chunks it yields on the way let a consumer on a shared
 * thread turn its event loop; `[...]` or `for…of` over the writer simply skips them.
 */
export interface XrefPlan {
  people: string[]
  families: string[]
  /** Model xref → file xref, for pointers; a duplicated model xref points to its first holder. */
  personByModel: Map<string, string>
  familyByModel: Map<string, string>
  keptRecords: string[]
  recordByModel: Map<string, string>
  noteRecords: Map<string, string>
  mediaRecords: Map<string, string>
  submitter: string
  /** A fresh identifier for a record the model does not name (a media file linked inline). */
  next(prefix: string): string
}
