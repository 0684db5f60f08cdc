import type { CreateMember, Member } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember, selfRelationship } from '../../../../shared/family-tree/self-member.ts'
import type { MemberFormOutput, MemberFormValues } from './member-form-schema.ts'

export const emptyMemberValues: MemberFormValues = {
  firstName: '',
  lastName: '',
  isSelf: false,
  relationshipToOwner: '',
  isDeceased: false,
  birthDate: '',
  deathDate: '',
  gender: '',
  bioSummary: '',
  keyLifeEvents: '',
  parentMemberIds: [],
  spouseMemberIds: [],
  childrenMemberIds: [],
}

/** The form filled in with a stored member, for editing it. */
export function memberFormValues(member: Member): MemberFormValues {
  const isSelf = isSelfMember(member)
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    isSelf,
    // The self member's "Yo mismo/a" is written by the checkbox, not typed.
    relationshipToOwner: isSelf ? '' : member.relationshipToOwner,
    isDeceased: member.isDeceased,
    birthDate: member.birthDate ?? '',
    deathDate: member.deathDate ?? '',
    gender: member.gender,
    bioSummary: member.bioSummary,
    keyLifeEvents: member.keyLifeEvents.join('\n'),
    parentMemberIds: [...member.parentMemberIds],
    spouseMemberIds: [...member.spouseMemberIds],
    childrenMemberIds: [...member.childrenMemberIds],
  }
}

/** What the API receives for a checked form (every field, for a create as for an edit). */
export function memberBody(values: MemberFormOutput): CreateMember {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    isSelf: values.isSelf,
    relationshipToOwner: values.isSelf ? selfRelationship : values.relationshipToOwner,
    isDeceased: values.isDeceased,
    birthDate: values.birthDate.trim() || null,
    // Spec §5: a death date is stored only for someone who has passed away.
    deathDate: values.isDeceased ? values.deathDate.trim() || null : null,
    gender: values.gender,
    bioSummary: values.bioSummary,
    keyLifeEvents: values.keyLifeEvents
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    parentMemberIds: values.parentMemberIds,
    spouseMemberIds: values.spouseMemberIds,
    childrenMemberIds: values.childrenMemberIds,
  }
}
