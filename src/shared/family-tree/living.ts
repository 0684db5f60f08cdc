import { isCalendarDate } from '../calendar-date.ts'
import type { FamilyTree, Member, MemberFacts, Union } from '../contracts/family-tree.ts'
import type { GenealogyDate } from '../genealogy-date/date-point.ts'
import { boundsOf, genealogyDateSortKey, position } from '../genealogy-date/sort.ts'
import { asStoredDate, readStoredDate, storedDateText, type StoredGenealogyDate } from '../genealogy-date/stored.ts'

/**
 * Who is living, and what a viewer of a shared tree sees of them: their name and how they are
 * related, never when or where they were born, lived or married (docs/product.md#privacy-of-the-living).
 * The owner may open a person up; everyone else who is living stays closed.
 */

/** What `isLiving` reads of a person (the API's member and member facts have it all). */
export interface LifeFacts {
  isDeceased: boolean
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
}

/** `today` as `YYYY-MM-DD`, and the members the owner has opened up to viewers (besides each member's `openToViewers`). */
export interface ViewerContext {
  today: string
  openedUp: ReadonlySet<string>
}

/** People born this many years ago or more, with no death known, are taken as no longer living. */
export const livingYears = 100
/**
 * Years an approximate birth ("hacia 1920", estimated, calculated, a phrase with a year in it) may
 * fall after the year it names: families write "hacia" for anything within a decade or so, and a
 * guess that is too narrow would show the dates of someone alive.
 */
export const approximateYears = 10

// Positions (sort.ts) grow by this much per year, whatever the month and day.
const perYear = position(1, 0, 0)

/** The position of the day `livingYears` before `today`: a birth on it or before is 100 years ago or more. */
function livingCutoff(today: string): number {
  if (!isCalendarDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, not ${JSON.stringify(today)}`)
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  // 29 February in a year with none still falls between the 28th and 1 March: positions only order.
  return position(y - livingYears, m, d)
}

/**
 * The last day a birth date can mean, as a position, or null when nothing bounds it from above.
 * The bounds are the shared ones (`boundsOf`): "antes de 1900" ends before 1900, "después de 1900"
 * has no end, "entre 1920 y 1925" and "de 1920 a 1925" end with 1925, a year or a month with its
 * last day, a dual year "1648/49" in 1649. An approximate date ends `approximateYears` after the
 * year it names. A phrase is read by its sort key: other calendars ("@#DHEBREW@ 5680") by their
 * Gregorian year and "verano de 1936" by its year, both as approximate; a phrase with no year has
 * no end, as if there were no birth date at all. Julian days are not converted (at most 13 days off).
 */
function latestBirth(value: GenealogyDate): number | null {
  const allowance = approximateYears * perYear
  switch (value.kind) {
    case 'phrase': {
      const key = genealogyDateSortKey(value)
      if (key === null) return null
      // A sort key is a position times 10 plus a slot; the phrase's is the start of its year.
      return Math.floor(key / 10) + position(0, 12, 31) + allowance
    }
    case 'about':
    case 'estimated':
    case 'calculated':
      return boundsOf(value, { nominal: true })[1]! + allowance
    default:
      return boundsOf(value, { nominal: false })[1]
  }
}

/**
 * `latestBirth` of a stored date. An exact Gregorian day is stored as `YYYY-MM-DD`, and most births
 * are one: it is read as a point without the full parser, which tries every wording it knows
 * (some 20 µs a date, seconds over a tree of 100,000).
 */
function latestStoredBirth(text: string): number | null {
  if (isCalendarDate(text)) {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number]
    return latestBirth({ kind: 'date', date: { year, month, day } })
  }
  const value = readStoredDate(asStoredDate(text))
  return value && latestBirth(value)
}

/**
 * The rule for one `today`, for many people: every other stored birth date ("1850", "ABT 1900")
 * recurs across a big tree, so each distinct text is read once.
 */
export function livingOn(today: string): (person: LifeFacts) => boolean {
  const cutoff = livingCutoff(today)
  const latestByText = new Map<string, number | null>()
  return (person) => {
    // Any death recorded, even one with no date or no year, says the person has died.
    if (person.isDeceased || readStoredDate(person.deathDate) !== null) return false
    if (person.birthDate === null) return true
    const text = storedDateText(person.birthDate)
    let latest = latestByText.get(text)
    if (latest === undefined) latestByText.set(text, (latest = latestStoredBirth(text)))
    // Living unless every day the birth date can mean is at least 100 years before today.
    return latest === null || latest > cutoff
  }
}

/**
 * Whether a person counts as living on `today` (`YYYY-MM-DD`): no death recorded (neither
 * `isDeceased` nor a death date) and a birth less than 100 years ago, or no birth date we can
 * place. An approximate or ranged birth counts as living unless even its latest possible day is
 * 100 years ago or more: "antes de 1900" is sure, "después de 1900" never is, "entre 1920 y 1930"
 * is once 1930 is. Born exactly 100 years ago today is no longer living.
 */
export function isLiving(person: LifeFacts, today: string): boolean {
  return livingOn(today)(person)
}

/** A member's dates, places, notes, stories and pictures blanked; name, gender and every link kept. */
function closedMember(member: Member): Member {
  return {
    ...member,
    birthDate: null,
    deathDate: null,
    birthDateSortKey: null,
    deathDateSortKey: null,
    birthPlace: '',
    deathPlace: '',
    notes: '',
    bioSummary: '',
    keyLifeEvents: [],
    // The imported record's id leads back to the file that holds the dates.
    sourceId: null,
    // Conversations and files about a person are full of where and when; a portrait is one of them.
    interviewSegments: [],
    mediaAssetIds: [],
    portraitURL: null,
  }
}

function closedFacts(facts: MemberFacts): MemberFacts {
  return { ...facts, birthDate: null, deathDate: null, birthPlace: '', deathPlace: '', bioSummary: '' }
}

/** A union's when and where blanked; the partners, whether they married, its order and children kept. */
function closedUnion(union: Union): Union {
  return { ...union, marriageDate: null, marriageDateSortKey: null, marriagePlace: '', divorceDate: null, divorcePlace: '', notes: '', sourceId: null }
}

/**
 * Whether a viewer sees only the name and relation of a person: living, and not opened up, in
 * `openedUp` or by the member's own `openToViewers` (member facts do not carry it).
 */
function closedOn({ today, openedUp }: ViewerContext): (person: LifeFacts & { memberId: string; openToViewers?: boolean }) => boolean {
  const isLivingPerson = livingOn(today)
  return (person) => person.openToViewers !== true && !openedUp.has(person.memberId) && isLivingPerson(person)
}

/** What a viewer sees of a member: all of it, unless they are living and not opened up. */
export function memberForViewer(member: Member, viewer: ViewerContext): Member {
  return closedOn(viewer)(member) ? closedMember(member) : member
}

/** What a viewer sees of one member's facts; the relatives are names and links only already. */
export function memberFactsForViewer(facts: MemberFacts, viewer: ViewerContext): MemberFacts {
  return closedOn(viewer)(facts) ? closedFacts(facts) : facts
}

/**
 * What a viewer sees of a whole tree: each living member not opened up closed, and the wedding
 * and divorce of a couple hidden while either partner is. A partner id that is not among the
 * members cannot be judged, so it hides them too. One pass over members, one over unions.
 */
export function familyTreeForViewer(tree: FamilyTree, viewer: ViewerContext): FamilyTree {
  const redaction = createViewerRedaction(viewer)
  const members = tree.members.map(redaction.member)
  const unions = tree.unions.map(redaction.union)
  return { ...tree, members, unions }
}

/**
 * `familyTreeForViewer` one member or union at a time, for a caller that lets other work in
 * between (a tree of 100,000 people read for a viewer on the server). Every member goes through
 * `member` before any union goes through `union`.
 */
export function createViewerRedaction(viewer: ViewerContext) {
  const isClosed = closedOn(viewer)
  const shownIds = new Set<string>()
  const isHiddenPartner = (id: string | null) => id !== null && !shownIds.has(id)
  return {
    member(member: Member): Member {
      if (isClosed(member)) return closedMember(member)
      shownIds.add(member.memberId)
      return member
    },
    union(union: Union): Union {
      return isHiddenPartner(union.firstPartnerId) || isHiddenPartner(union.secondPartnerId) ? closedUnion(union) : union
    },
  }
}
