import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import type { MemberFormValues } from './member-form-schema.ts'
import { kindForNewChild } from './parent-kinds.ts'

/** The relatives the chart and an opened card offer to add to a person. */
export type NewRelative = 'mother' | 'father' | 'child'

/** "Add Ana's mother": whom to add, to whom. */
export interface NewRelativeRequest {
  relation: NewRelative
  memberId: string
}

/** The birth parents of `member` (a member read without kinds has only those). */
function birthParentIds(member: Member): string[] {
  return member.parentMemberIds.filter((id) => (member.parentLinks.find((link) => link.parentId === id)?.kind ?? 'birth') === 'birth')
}

/**
 * What may be added to `member`: a mother and a father while they have fewer than two birth
 * parents and none of that gender (a parent of unsaid gender leaves both open), and always a child.
 */
export function missingRelatives(member: Member, membersById: ReadonlyMap<string, Member>): NewRelative[] {
  const parents = birthParentIds(member)
  const missing: NewRelative[] = []
  if (parents.length < 2) {
    const genders = parents.map((id) => membersById.get(id)?.gender)
    if (!genders.includes('Femenino')) missing.push('mother')
    if (!genders.includes('Masculino')) missing.push('father')
  }
  missing.push('child')
  return missing
}

/** The relationship words a pre-linked form writes, in the reader's language ("Madre", "Abuelo"…). */
export interface RelationshipWords {
  mother: string
  father: string
  grandmother: string
  grandfather: string
  child: string
  grandchild: string
}

/**
 * The member form's first values for a new relative of `of`: already linked to them, with the
 * gender a mother or a father has, and the relationship to the owner when it follows from the
 * link (the owner's mother, a grandfather through one of the owner's parents, a grandchild).
 */
export function newRelativeValues(relation: NewRelative, of: Member, members: readonly Member[], words: RelationshipWords): Partial<MemberFormValues> {
  const self = members.find((member) => isSelfMember(member))
  const isSelf = self?.memberId === of.memberId
  if (relation === 'child') {
    const relationship = isSelf ? words.child : self?.childrenMemberIds.includes(of.memberId) ? words.grandchild : ''
    return { relationshipToOwner: relationship, parentMemberIds: [of.memberId], parentKinds: { [of.memberId]: 'birth' } }
  }
  const isMother = relation === 'mother'
  const isSelfParent = self?.parentMemberIds.includes(of.memberId) ?? false
  const relationship = isSelf ? (isMother ? words.mother : words.father) : isSelfParent ? (isMother ? words.grandmother : words.grandfather) : ''
  return {
    relationshipToOwner: relationship,
    gender: isMother ? 'Femenino' : 'Masculino',
    childrenMemberIds: [of.memberId],
    childKinds: { [of.memberId]: kindForNewChild(of, undefined) },
  }
}
