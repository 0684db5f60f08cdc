/**
 * The kinds of data a GEDCOM file brings beyond what the tree shows, named in the family's words:
 * the preview and the report count them by kind, never by the file's tags.
 */
const kindOfTag: Record<string, string> = {
  SOUR: 'sources',
  REPO: 'repositories',
  BURI: 'burials',
  CREM: 'cremations',
  OCCU: 'occupations',
  RESI: 'residences',
  CHR: 'christenings',
  BAPM: 'baptisms',
  EDUC: 'education',
  GRAD: 'graduations',
  RELI: 'religion',
  EVEN: 'otherEvents',
  FACT: 'otherFacts',
  CENS: 'censuses',
  EMIG: 'emigrations',
  IMMI: 'immigrations',
  NATU: 'naturalizations',
  NATI: 'nationalities',
  WILL: 'wills',
  PROB: 'probates',
  ADOP: 'adoptions',
  ENGA: 'engagements',
  NAME: 'otherNames',
  NPFX: 'namePrefixes',
  NSFX: 'nameSuffixes',
  NICK: 'nicknames',
  SPFX: 'surnamePrefixes',
  TYPE: 'types',
  MAP: 'coordinates',
  ADDR: 'addresses',
  NOTE: 'notes',
  SNOTE: 'notes',
  OBJE: 'mediaLinks',
  REFN: 'referenceNumbers',
  RIN: 'recordNumbers',
  EXID: 'externalIds',
  CHAN: 'changeDates',
  ASSO: 'associates',
  TITL: 'titles',
  DSCR: 'descriptions',
  CAUS: 'causes',
  AGE: 'ages',
  NCHI: 'childCounts',
  RESN: 'restrictions',
  // Gramps's parentage by father and by mother, where the file puts it somewhere Legado does not read it.
  _FREL: 'parentKinds',
  _MREL: 'parentKinds',
  SUBM: 'submitters',
  SUBN: 'submitters',
}

/** Tags no list names: a program's own (`_` tags), then whatever else, last. */
const programData = 'programData'
const other = 'other'

export interface DataKindCount {
  /** The key under `gedcom:import.kind`. */
  kind: string
  count: number
}

/** Counts per tag to counts per kind, most frequent first, with the unnamed kinds last. */
export function countByKind(tags: Record<string, number> | undefined): DataKindCount[] {
  const counts = new Map<string, number>()
  for (const [tag, count] of Object.entries(tags ?? {})) {
    const kind = kindOfTag[tag] ?? (tag.startsWith('_') ? programData : other)
    counts.set(kind, (counts.get(kind) ?? 0) + count)
  }
  const rank = (kind: string) => (kind === other ? 2 : kind === programData ? 1 : 0)
  return [...counts].map(([kind, count]) => ({ kind, count })).sort((a, b) => rank(a.kind) - rank(b.kind) || b.count - a.count)
}

/** How many pieces of data the counts add up to. */
export const totalOf = (kinds: readonly DataKindCount[]) => kinds.reduce((sum, { count }) => sum + count, 0)
