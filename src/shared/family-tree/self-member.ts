/** The relationship the form writes when "this profile represents me" is ticked (docs/product.md#family-tree). */
export const selfRelationship = 'Yo mismo/a'

const selfWords = new Set(['yo mismo', 'yo misma', 'yo mismo/a', 'yo', 'self', 'me', 'myself'])

/** Lower case, accents removed, inner spaces collapsed: 'Yo Mísmo ' → 'yo mismo'. */
export function normaliseRelationship(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
}

/**
 * Whether a member is the tree's owner: `isSelf`, or a relationship that says so (yo mismo, yo
 * misma, yo, self, me, myself; accents and case ignored). Server and web share this one rule.
 */
export function isSelfMember(member: { isSelf?: boolean | null; relationshipToOwner?: string | null }): boolean {
  if (member.isSelf === true) return true
  // Most relationships are empty (an imported tree's): normalising 100,000 of them took 80 ms.
  return !!member.relationshipToOwner && selfWords.has(normaliseRelationship(member.relationshipToOwner))
}

/** What `isStandInSelf` reads of a member (the API's member has it all). */
export interface StandInFacts {
  isSelf: boolean
  sourceId: string | null
  isDeceased: boolean
  birthPlace: string
  deathPlace: string
  bioSummary: string
  notes: string
  keyLifeEvents: readonly string[]
  parentMemberIds: readonly string[]
  spouseMemberIds: readonly string[]
  childrenMemberIds: readonly string[]
  mediaAssetIds: readonly string[]
  interviewSegments: readonly string[]
}

/**
 * Whether the owner's own card is still only what sign-up made of it: a name, perhaps a birth
 * date, nothing else (no relatives, files, places, notes, nor a record of an imported file).
 * Such a card gives way to the person's own record when they bring one — an export restored, or
 * the person they say they are in an imported tree — so they never end with two cards of
 * themselves (docs/product.md#family-tree). Memories saved about it go with them.
 */
export function isStandInSelf(member: StandInFacts): boolean {
  return (
    member.isSelf &&
    member.sourceId === null &&
    !member.isDeceased &&
    [member.birthPlace, member.deathPlace, member.bioSummary, member.notes].every((text) => text.trim() === '') &&
    [member.keyLifeEvents, member.parentMemberIds, member.spouseMemberIds, member.childrenMemberIds, member.mediaAssetIds, member.interviewSegments].every(
      (list) => list.length === 0,
    )
  )
}
