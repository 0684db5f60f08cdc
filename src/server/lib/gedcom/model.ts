// The neutral family-tree model the GEDCOM reader produces and the writer consumes. It holds what
// Legado keeps of a tree (people, couples, children, two life events, notes, media references),
// never GEDCOM syntax: no CONC/CONT, no escapes, no @ around identifiers.
import type { GedcomWarning, GedcomWarningCode } from './warnings.ts'

/** GEDCOM 7 adds X (does not fit the M/F categories) to 5.5.1's M, F and U. */
export type GedcomSex = 'M' | 'F' | 'X' | 'U'

/**
 * How a child belongs to a family (PEDI), or to one parent of it (`_FREL`/`_MREL`). A FAMC link
 * without either is `birth`. Neither version's PEDI has a word for `step`: 5.5.1 files say it per
 * parent, 7.0 as `OTHER` with a PHRASE.
 */
export type GedcomPedigree = 'birth' | 'adopted' | 'step' | 'foster' | 'sealing' | 'other'

/**
 * The per-parent kinds Gramps, Family Tree Maker and others write as `_FREL` (the husband's) and
 * `_MREL` (the wife's), under the family's CHIL line or the child's FAMC.
 */
export const partnerPedigreeTags = { husband: '_FREL', wife: '_MREL' } as const

export interface GedcomEvent {
  /** The DATE value as written (surrounding spaces trimmed); interpreting it is another module's job. */
  date?: string
  /** GEDCOM 7's DATE.PHRASE: free text that says what the date value cannot. */
  datePhrase?: string
  /** The PLAC value as written (surrounding spaces trimmed). */
  place?: string
}

/**
 * Legado's mark on the note that holds a person's short biography (`2 _LEGADO_SUMMARY Y` under
 * the NOTE): other programs keep it as a note; Legado reads it back as the summary, not the notes.
 */
export const summaryTag = '_LEGADO_SUMMARY'

export interface GedcomNote {
  text: string
  /** Set when the text lives in a shared note record (5.5.1 NOTE, 7.0 SNOTE): that record's xref. */
  record?: string
  /** The note carries `summaryTag`: it is the person's short biography. */
  isSummary?: true
  /** The mark says `NOTE`: the biography is also the first of the person's notes (written once, not twice). */
  isAlsoNote?: true
}

export interface GedcomMediaRef {
  /** The FILE value: a path or URL as written. */
  file: string
  title?: string
  /** FORM: a short format (`jpg`) in 5.5/5.5.1, a media type (`image/jpeg`) in 7.0. */
  format?: string
  /** Set when the reference comes from a multimedia record: that record's xref. */
  record?: string
}

/**
 * A structure Legado does not model, kept as the file had it so an export can write it back: its
 * tag, payload (CONC/CONT joined, escapes undone) or pointer (null for 7.0's `@VOID@`), and
 * substructures. `isModeled` marks a structure Legado does model (the first NAME, BIRT, DEAT, MARR
 * or DIV, and their DATE and PLAC): its payload is the one read, for telling whether Legado's value
 * changed since, and its children are only the substructures Legado does not model.
 */
export interface GedcomKeptNode {
  tag: string
  value?: string
  /** A model xref (a person, family or kept record); null is GEDCOM 7's `@VOID@`. */
  pointer?: string | null
  children?: GedcomKeptNode[]
  isModeled?: true
}

/** A top-level record Legado does not model (SOUR, REPO, a NOTE or OBJE a kept structure points to, a `_` record), kept whole. */
export interface GedcomKeptRecord extends GedcomKeptNode {
  xref: string
}

export interface GedcomChildLink {
  /** xref of the family the person is a child of. */
  family: string
  /** The link as a whole (PEDI); a partner's own kind below wins over it for that partner. */
  pedigree: GedcomPedigree
  /** How the child is the husband's, when the file says it per parent (`_FREL`). */
  husband?: GedcomPedigree
  /** How the child is the wife's (`_MREL`). */
  wife?: GedcomPedigree
}

export interface GedcomIndividual {
  /** The file's identifier without the @s; a record the file left unnamed gets one with a space in it, which no file can use. */
  xref: string
  /** The first NAME value exactly as written, slashes included; absent when the person has no NAME. */
  name?: string
  /** GIVN when present, else the part of NAME before the surname. */
  givenNames: string
  /** The part of NAME between slashes, else SURN (with its SPFX prefix). */
  surname: string
  sex: GedcomSex
  /** Present when the file records the event, even with no date or place (`1 DEAT Y`). */
  birth?: GedcomEvent
  death?: GedcomEvent
  /** A burial or cremation is recorded (BURI, CREM): whoever has one has died, even without a DEAT. */
  isBuried?: true
  notes: GedcomNote[]
  media: GedcomMediaRef[]
  /** FAMC links, in file order. */
  childOf: GedcomChildLink[]
  /** FAMS links (families where the person is a partner), in file order. */
  spouseOf: string[]
  /**
   * UID (7.0) and `_UID` (5.5.1 programs: Gramps, RootsMagic, Legacy, webtrees) values as written,
   * in file order: identifiers meant to stay with the person through re-exports and other programs.
   */
  uids?: string[]
  /** Structures Legado does not model, in file order (see `GedcomKeptNode`). */
  kept?: GedcomKeptNode[]
}

export interface GedcomFamily {
  xref: string
  /** The partners: HUSB and WIFE, GEDCOM's role names (a same-sex couple still uses both). */
  husband?: string
  wife?: string
  /** CHIL links in file order. */
  children: string[]
  marriage?: GedcomEvent
  divorce?: GedcomEvent
  notes: GedcomNote[]
  media: GedcomMediaRef[]
  /** UID / `_UID` values as written, in file order. */
  uids?: string[]
  kept?: GedcomKeptNode[]
}

/** What the writer needs: people and families, each list in the order to write it. */
export interface GedcomData {
  individuals: GedcomIndividual[]
  families: GedcomFamily[]
  /** The top-level records kept structures point to, written after everyone else. */
  keptRecords?: GedcomKeptRecord[]
  /** Extension tags and the URI each was declared with (7.0's HEAD.SCHMA), for the kept structures that use them. */
  schema?: Record<string, string>
}

export interface GedcomHeader {
  /** GEDC.VERS as written: `5.5`, `5.5.1`, `5.5.5`, `7.0`… */
  version?: string
  /** CHAR as written (GEDCOM 7 has none: it is always UTF-8). */
  charset?: string
  /** HEAD.SOUR: the program that wrote the file, its name and version. */
  source?: { id: string; name?: string; version?: string }
  /** GEDCOM 7's HEAD.SCHMA: the extension tags the file declares. */
  extensionTags?: string[]
  /** The same declarations, each tag with its URI. */
  schema?: Record<string, string>
}

export interface GedcomCounts {
  people: number
  families: number
  /** Notes attached to people and families (a shared note counts once per person or family it is on). */
  notes: number
  /** Media references attached to people and families. */
  mediaReferences: number
}

export interface GedcomTree extends GedcomData {
  header: GedcomHeader
  counts: GedcomCounts
  /** Custom (`_TAG`) and non-standard tags outside kept structures, counted per tag. */
  unknownTags: Record<string, number>
  /** Standard tags Legado neither shows nor keeps, counted per tag, for an import summary. */
  unmappedTags: Record<string, number>
  /** Structures Legado does not show but keeps to write back (burials, sources, occupations, `_TAG`s…), counted per tag. */
  keptTags: Record<string, number>
  /** The first warnings of each kind, with line numbers where there is one. */
  warnings: GedcomWarning[]
  /** How many warnings of each kind there were, including those not kept in `warnings`. */
  warningCounts: Partial<Record<GedcomWarningCode, number>>
}
