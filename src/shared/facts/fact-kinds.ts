import type { StoredGenealogyDate } from '../genealogy-date/index.ts'

/** The genealogical facts Legado can propose from what someone told; each becomes a field or a relative once a person accepts it. */
export const factKinds = [
  'birthDate',
  'birthPlace',
  'deathDate',
  'deathPlace',
  'marriageDate',
  'marriagePlace',
  'spouse',
  'parent',
  'sibling',
  'child',
  'occupation',
  'residence',
  'nickname',
] as const
export type FactKind = (typeof factKinds)[number]

export const dateFactKinds = ['birthDate', 'deathDate', 'marriageDate'] as const satisfies readonly FactKind[]
export const placeFactKinds = ['birthPlace', 'deathPlace', 'marriagePlace', 'residence'] as const satisfies readonly FactKind[]
export const relativeFactKinds = ['spouse', 'parent', 'sibling', 'child'] as const satisfies readonly FactKind[]
export type DateFactKind = (typeof dateFactKinds)[number]
export type PlaceFactKind = (typeof placeFactKinds)[number]
export type RelativeFactKind = (typeof relativeFactKinds)[number]

/** A name as a card keeps it: the first word said is the first name, the rest (possibly empty) the last name. */
export interface PersonName {
  first: string
  last: string
}

/** The words a fact came from: exactly `answer.slice(start, end)`. */
export interface FactQuote {
  text: string
  start: number
  end: number
}

export type FactProposal =
  | { kind: DateFactKind; value: StoredGenealogyDate; quote: FactQuote; spouse?: PersonName }
  | { kind: PlaceFactKind | 'occupation' | 'nickname'; value: string; quote: FactQuote; spouse?: PersonName }
  | { kind: RelativeFactKind; value: PersonName; quote: FactQuote }

export const isDateFactKind = (kind: FactKind): kind is DateFactKind => (dateFactKinds as readonly string[]).includes(kind)
export const isPlaceFactKind = (kind: FactKind): kind is PlaceFactKind => (placeFactKinds as readonly string[]).includes(kind)
export const isRelativeFactKind = (kind: FactKind): kind is RelativeFactKind => (relativeFactKinds as readonly string[]).includes(kind)

/**
 * What may still be unknown about a person and worth asking: a fact, or a part of their life no
 * one has told yet (their childhood).
 */
export const factGaps = [...factKinds, 'childhood'] as const
export type FactGap = (typeof factGaps)[number]
