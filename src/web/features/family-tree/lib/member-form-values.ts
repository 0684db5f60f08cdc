import type { CreateMember, Member, Union } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember, selfRelationship } from '../../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../../shared/limits.ts'
import { formatStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { unionsOf } from './member-unions.ts'
import type { MemberFormOutput, MemberFormValues } from './member-form-schema.ts'

export const emptyMemberValues: MemberFormValues = {
  firstName: '',
  lastName: '',
  isSelf: false,
  relationshipToOwner: '',
  isDeceased: false,
  birthDate: '',
  birthPlace: '',
  deathDate: '',
  deathPlace: '',
  gender: '',
  bioSummary: '',
  keyLifeEvents: '',
  notes: '',
  parentMemberIds: [],
  parentKinds: {},
  spouseMemberIds: [],
  unions: [],
  childrenMemberIds: [],
  childKinds: {},
}

/**
 * The form filled in with a stored member for editing, its dates in the reader's words; each
 * child's kind comes from the child's own links (`membersById`).
 */
export function memberFormValues(member: Member, unions: readonly Union[], language: Language, membersById: ReadonlyMap<string, Member> = new Map()): MemberFormValues {
  const isSelf = isSelfMember(member)
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    isSelf,
    // The self member's "Yo mismo/a" is written by the checkbox, not typed.
    relationshipToOwner: isSelf ? '' : member.relationshipToOwner,
    isDeceased: member.isDeceased,
    birthDate: formatStoredDate(member.birthDate, language),
    birthPlace: member.birthPlace,
    deathDate: formatStoredDate(member.deathDate, language),
    deathPlace: member.deathPlace,
    gender: member.gender,
    bioSummary: member.bioSummary,
    keyLifeEvents: member.keyLifeEvents.join('\n'),
    notes: member.notes,
    parentMemberIds: [...member.parentMemberIds],
    parentKinds: Object.fromEntries(member.parentLinks.map((link) => [link.parentId, link.kind])),
    spouseMemberIds: [...member.spouseMemberIds],
    unions: unionsOf(member, unions).map(({ union, spouseId }) => ({
      unionId: union.unionId,
      spouseId,
      marriageDate: formatStoredDate(union.marriageDate, language),
      marriagePlace: union.marriagePlace,
      isMarried: union.isMarried,
      divorceDate: formatStoredDate(union.divorceDate, language),
      divorcePlace: union.divorcePlace,
      notes: union.notes,
    })),
    childrenMemberIds: [...member.childrenMemberIds],
    childKinds: Object.fromEntries(
      member.childrenMemberIds.map((childId) => [
        childId,
        membersById.get(childId)?.parentLinks.find((link) => link.parentId === member.memberId)?.kind ??
          // A child known only by name: their union with this member says how they belong to it.
          unionsOf(member, unions)
            .flatMap(({ union }) => union.children)
            .find((child) => child.childId === childId)?.kind ??
          'birth',
      ]),
    ),
  }
}

/**
 * The member's unions after the spouse list changed: each spouse chosen keeps their marriages (a
 * couple may have married twice) or gains an empty one; families of one parent stay as they are.
 */
export function unionsForSpouses(unions: MemberFormValues['unions'], spouseIds: readonly string[]): MemberFormValues['unions'] {
  const kept = unions.filter((union) => union.spouseId === null || spouseIds.includes(union.spouseId))
  const added = spouseIds
    .filter((id) => !kept.some((union) => union.spouseId === id))
    .map((spouseId) => ({ spouseId, marriageDate: '', marriagePlace: '', isMarried: false, divorceDate: '', divorcePlace: '', notes: '' }))
  return [...kept, ...added]
}

/** What the API receives for a checked form (every field, for a create as for an edit). */
export function memberBody(values: MemberFormOutput, language: Language): CreateMember {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    isSelf: values.isSelf,
    relationshipToOwner: values.isSelf ? selfRelationship : values.relationshipToOwner,
    isDeceased: values.isDeceased,
    birthDate: values.birthDate.trim() || null,
    birthPlace: values.birthPlace,
    // A death date is stored only for someone who has passed away.
    deathDate: values.isDeceased ? values.deathDate.trim() || null : null,
    deathPlace: values.isDeceased ? values.deathPlace : '',
    gender: values.gender,
    bioSummary: values.bioSummary,
    keyLifeEvents: values.keyLifeEvents
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    notes: values.notes,
    parentMemberIds: values.parentMemberIds,
    // The kinds travel with the parents: a save never turns an adoptive parent into a birth one.
    parentLinks: values.parentMemberIds.map((parentId) => ({ parentId, kind: values.parentKinds[parentId] ?? 'birth' })),
    spouseMemberIds: values.spouseMemberIds,
    unions: unionsForSpouses(values.unions, values.spouseMemberIds).map((union) => ({
      ...(union.unionId ? { unionId: union.unionId } : {}),
      spouseId: union.spouseId,
      marriageDate: union.marriageDate.trim() || null,
      marriagePlace: union.marriagePlace.trim(),
      isMarried: union.isMarried,
      divorceDate: union.divorceDate.trim() || null,
      divorcePlace: union.divorcePlace.trim(),
      notes: union.notes.trim(),
    })),
    childrenMemberIds: values.childrenMemberIds,
    // As with the parents: a save never turns an adopted child into one by birth.
    childLinks: values.childrenMemberIds.map((childId) => ({ childId, kind: values.childKinds[childId] ?? 'birth' })),
    language,
  }
}
