import { readStoredDate, storedDateSortKey, type GenealogyDate, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { endOf, position, startOf } from '../../../../shared/genealogy-date/sort.ts'
import type { Acquaintance } from '../ai-provider.ts'

/** Years either side of an approximate date («hacia 1920», estimated, calculated, a phrase with a year). */
export const approximateYears = 10
/** A relative born this many years before the storyteller is taken as never met, death date or none. */
export const centuryApart = 100

/** What the tree tells of the storyteller beside the relative (the family tree's `StorytellerKinship`). */
export interface StorytellerFacts {
  birthDate: StoredGenealogyDate | null
  generationsAbove: number | null
  isCloseFamily: boolean
}

export interface RelativeLife {
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  isDeceased: boolean
}

// Positions (sort.ts) grow by this much per year, whatever the month and day.
const perYear = position(1, 0, 0)

/** The earliest and latest day a date can mean, as positions; null where it is open or unknown. */
function span(stored: StoredGenealogyDate | null): [number | null, number | null] {
  const value: GenealogyDate | null = readStoredDate(stored)
  if (!value) return [null, null]
  const margin = approximateYears * perYear
  switch (value.kind) {
    case 'phrase': {
      // «verano de 1936»: about its year. A phrase with no year tells nothing.
      const key = storedDateSortKey(stored)
      if (key === null) return [null, null]
      const year = Math.floor(key / 10 / perYear)
      return [position(year, 0, 0) - margin, position(year, 12, 31) + margin]
    }
    case 'about':
    case 'estimated':
    case 'calculated':
      return [startOf(value.date) - margin, endOf(value.date) + margin]
    case 'before':
      return [null, startOf(value.date) - 1]
    case 'after':
      return [endOf(value.date) + 1, null]
    case 'between':
      return [startOf(value.from), endOf(value.to)]
    case 'period':
      return [value.from ? startOf(value.from) : null, value.to ? endOf(value.to) : null]
    default:
      return [startOf(value.date), endOf(value.date)]
  }
}

/** True only when every day `a` can mean is before every day `b` can mean, `years` apart at least. */
function surelyBefore(a: StoredGenealogyDate | null, b: StoredGenealogyDate | null, years = 0): boolean {
  const latest = span(a)[1]
  const earliest = span(b)[0]
  return latest !== null && earliest !== null && latest + years * perYear < earliest
}

/**
 * Whether the storyteller can have known the relative, from the tree alone, erring towards asking:
 * - `neverMet` when the relative surely died before the storyteller was born, was surely born a
 *   century or more before them, or is a great-grandparent or further who has died and did not
 *   surely live past the storyteller's birth;
 * - `met` when the relative is the storyteller's parent, child or partner (and none of the above);
 * - undefined otherwise (and when the storyteller has no card of their own): Ana asks.
 * Approximate dates count with `approximateYears` either side; a date that is only words counts as none.
 */
export function acquaintanceOf(relative: RelativeLife, storyteller: StorytellerFacts | undefined): Acquaintance | undefined {
  if (!storyteller) return undefined
  const born = storyteller.birthDate
  if (surelyBefore(relative.deathDate, born) || surelyBefore(relative.birthDate, born, centuryApart)) return 'neverMet'
  const livedOn = surelyBefore(born, relative.deathDate)
  if ((storyteller.generationsAbove ?? 0) >= 3 && relative.isDeceased && !livedOn) return 'neverMet'
  return storyteller.isCloseFamily ? 'met' : undefined
}
