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
  return member.isSelf === true || selfWords.has(normaliseRelationship(member.relationshipToOwner ?? ''))
}
