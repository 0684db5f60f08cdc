import type { z } from 'zod'
import type { Gender, updateMemberSchema } from '../../../shared/contracts/family-tree.ts'
import type { FieldIssue } from '../../../shared/errors.ts'
import { findAncestryCycle } from '../../../shared/family-tree/ancestry.ts'
import { isSelfMember, selfRelationship } from '../../../shared/family-tree/self-member.ts'
import { limits } from '../../../shared/limits.ts'
import { AppError } from '../../lib/app-error.ts'

/** A member as the rules see it: its own fields and the relations the request asks for. */
export interface ProposedMember {
  id: string
  firstName: string
  lastName: string
  relationshipToOwner: string
  isSelf: boolean
  isDeceased: boolean
  birthDate: string | null
  deathDate: string | null
  gender: Gender
  bioSummary: string
  keyLifeEvents: string[]
  parentMemberIds: string[]
  spouseMemberIds: string[]
  childrenMemberIds: string[]
}

export type MemberChanges = z.output<typeof updateMemberSchema>

interface TreeState {
  /** Every other member of the tree: id → display name and whether it is the owner. */
  others: Map<string, { name: string; isSelf: boolean }>
  /** Parent links of the whole tree before the change. */
  parents: Map<string, string[]>
}

/**
 * The server's rules for a member, whatever the client sent (issue 3, spec §5): self at most once
 * and spelled 'Yo mismo/a'; a relationship unless self; a death date only for the deceased; at
 * most 2 parents for anyone; relations only to other members of the tree; no one their own
 * ancestor. Returns the member as it will be stored, or throws `validation_failed`.
 */
export function checkMember(member: ProposedMember, state: TreeState, sentFields: ReadonlySet<string> = new Set()): ProposedMember {
  const isSelf = isSelfMember(member)
  const checked = { ...member, isSelf, relationshipToOwner: isSelf ? selfRelationship : member.relationshipToOwner.trim() }
  const issues: FieldIssue[] = []
  const named = (ids: string[]) => ids.map((id) => (id === member.id ? `${member.firstName} ${member.lastName}` : state.others.get(id)?.name ?? id))

  if (!isSelf && checked.relationshipToOwner === '') issues.push({ path: 'relationshipToOwner', code: 'member.relationship_required' })
  if (isSelf && [...state.others.values()].some((other) => other.isSelf)) issues.push({ path: 'isSelf', code: 'member.self_exists' })
  if (checked.deathDate && !checked.isDeceased) issues.push({ path: 'deathDate', code: 'member.death_date_requires_deceased' })
  if (checked.deathDate && checked.birthDate && checked.deathDate < checked.birthDate) {
    issues.push({ path: 'deathDate', code: 'member.death_before_birth' })
  }

  for (const path of ['parentMemberIds', 'spouseMemberIds', 'childrenMemberIds'] as const) {
    const ids = checked[path]
    if (ids.includes(member.id)) issues.push({ path, code: 'member.related_to_itself' })
    else if (ids.some((id) => !state.others.has(id))) issues.push({ path, code: 'member.unknown_relative' })
    else if (new Set(ids).size !== ids.length) issues.push({ path, code: 'member.duplicate_relative' })
  }
  if (checked.parentMemberIds.length > limits.parentsPerMember) issues.push({ path: 'parentMemberIds', code: 'member.too_many_parents' })
  if (issues.length > 0) throw new AppError('validation_failed', 'The member breaks a rule of the family tree', issues)

  const proposed = new Map(state.parents)
  proposed.set(member.id, checked.parentMemberIds)
  for (const [childId, parentIds] of state.parents) {
    if (childId === member.id) continue
    const keeps = parentIds.filter((id) => id !== member.id)
    proposed.set(childId, checked.childrenMemberIds.includes(childId) ? [...keeps, member.id] : keeps)
  }
  for (const childId of checked.childrenMemberIds) {
    if (!proposed.has(childId)) proposed.set(childId, [member.id])
    if ((proposed.get(childId) ?? []).length > limits.parentsPerMember) {
      throw new AppError('validation_failed', 'That child already has two parents', [
        { path: 'childrenMemberIds', code: 'member.child_has_two_parents', params: { name: named([childId])[0] ?? '' } },
      ])
    }
  }
  const cycle = findAncestryCycle(proposed, member.id)
  if (cycle) {
    const names = named(cycle).join(' → ')
    throw new AppError('validation_failed', `No one can be their own ancestor: ${names}`, [
      // The loop runs through both the member's parents and children: blame the list that was sent.
      { path: sentFields.has('childrenMemberIds') && !sentFields.has('parentMemberIds') ? 'childrenMemberIds' : 'parentMemberIds', code: 'member.cycle', params: { names } },
    ])
  }
  return checked
}
