import type { z } from 'zod'
import type { Gender, ParentKind, ParentLink, updateMemberSchema } from '../../../shared/contracts/family-tree.ts'
import type { FieldIssue } from '../../../shared/errors.ts'
import { findAncestryCycle } from '../../../shared/family-tree/ancestry.ts'
import { isCertainlyBefore, type StoredGenealogyDate } from '../../../shared/genealogy-date/index.ts'
import { isSelfMember, selfRelationship } from '../../../shared/family-tree/self-member.ts'
import { limits } from '../../../shared/limits.ts'
import { AppError } from '../../lib/app-error.ts'
import { storedValue } from './family-tree.dates.ts'

/** A member as the rules see it: its own fields and the relations the request asks for. */
export interface ProposedMember {
  id: string
  firstName: string
  lastName: string
  relationshipToOwner: string
  isSelf: boolean
  isDeceased: boolean
  /** In the stored, language-free form. */
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  birthPlace: string
  deathPlace: string
  notes: string
  sourceId: string | null
  gender: Gender
  bioSummary: string
  keyLifeEvents: string[]
  parentMemberIds: string[]
  /** The parents' links as stored; `checkMember` writes the ones `parentMemberIds` asks for. */
  parentLinks: ParentLink[]
  spouseMemberIds: string[]
  childrenMemberIds: string[]
  /** How each child chosen is the member's, when the request says (else a kept link's kind, or birth). */
  childKinds?: ReadonlyMap<string, ParentKind>
}

export type MemberChanges = z.output<typeof updateMemberSchema>

/** A member that passed the rules, with every child's parent links as they will be. */
export type CheckedMember = ProposedMember & { linksByChild: Map<string, ParentLink[]> }

export interface TreeState {
  /** Every other member of the tree: id → display name and whether it is the owner. */
  others: Map<string, { name: string; isSelf: boolean }>
  /** Parent links of the whole tree before the change, by child. */
  parents: Map<string, ParentLink[]>
}

/** More than 2 parents of one kind (2 by birth and 2 by adoption is a life, 3 by birth is a mistake). */
export function hasTooManyOfAKind(links: readonly ParentLink[]): boolean {
  const counts = new Map<string, number>()
  for (const { kind } of links) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return [...counts.values()].some((count) => count > limits.parentsPerMember)
}

/**
 * The parent links a request asks for: a parent whose kind is unchanged keeps their link (and so
 * their union); a new parent, or a new kind, starts without a union and joins the one of its kind.
 */
export function requestedParentLinks(stored: readonly ParentLink[], requested: readonly { parentId: string; kind: ParentKind }[]): ParentLink[] {
  return requested.map(({ parentId, kind }) => {
    const link = stored.find((candidate) => candidate.parentId === parentId)
    return link && link.kind === kind ? link : { parentId, unionId: null, kind }
  })
}

/**
 * The end is surely before the start (an "about" or a phrase is never sure): a death before the
 * birth, a divorce before the wedding. Both in the stored form.
 */
export function endsBeforeItStarts(start: StoredGenealogyDate | null | undefined, end: StoredGenealogyDate | null | undefined, valueOf = storedValue): boolean {
  if (!start || !end) return false
  const [from, to] = [valueOf(start), valueOf(end)]
  return from !== null && to !== null && isCertainlyBefore(to, from)
}

/**
 * The server's rules for a member, whatever the client sent: self at most once and spelled
 * 'Yo mismo/a'; a relationship unless self or brought in by an import; a death date only for the
 * deceased, never surely before the birth; at most 2 parents of each kind; relations only to other
 * members of the tree; no one their own ancestor. Returns the member as it will be stored (its
 * parent links included), or throws `validation_failed` with `earlier` issues and its own.
 */
export function checkMember(member: ProposedMember, state: TreeState, sentFields: ReadonlySet<string> = new Set(), earlier: FieldIssue[] = []): CheckedMember {
  const isSelf = isSelfMember(member)
  const kept = new Map(member.parentLinks.map((link) => [link.parentId, link]))
  const parentLinks = member.parentMemberIds.map((parentId): ParentLink => kept.get(parentId) ?? { parentId, unionId: null, kind: 'birth' })
  const checked = { ...member, isSelf, parentLinks, relationshipToOwner: isSelf ? selfRelationship : member.relationshipToOwner.trim() }
  const issues: FieldIssue[] = [...earlier]
  const named = (ids: string[]) => ids.map((id) => (id === member.id ? `${member.firstName} ${member.lastName}` : (state.others.get(id)?.name ?? id)))

  if (!isSelf && checked.relationshipToOwner === '' && checked.sourceId === null) issues.push({ path: 'relationshipToOwner', code: 'member.relationship_required' })
  if (isSelf && [...state.others.values()].some((other) => other.isSelf)) issues.push({ path: 'isSelf', code: 'member.self_exists' })
  if (checked.deathDate && !checked.isDeceased) issues.push({ path: 'deathDate', code: 'member.death_date_requires_deceased' })
  if (endsBeforeItStarts(checked.birthDate, checked.deathDate)) issues.push({ path: 'deathDate', code: 'member.death_before_birth' })

  for (const path of ['parentMemberIds', 'spouseMemberIds', 'childrenMemberIds'] as const) {
    const ids = checked[path]
    if (ids.includes(member.id)) issues.push({ path, code: 'member.related_to_itself' })
    else if (ids.some((id) => !state.others.has(id))) issues.push({ path, code: 'member.unknown_relative' })
    else if (new Set(ids).size !== ids.length) issues.push({ path, code: 'member.duplicate_relative' })
  }
  if (hasTooManyOfAKind(parentLinks)) issues.push({ path: 'parentMemberIds', code: 'member.too_many_parents' })
  if (issues.length > 0) throw new AppError('validation_failed', 'The member breaks a rule of the family tree', issues)

  // Children chosen from the parent's side keep the link they had (unless asked for another kind),
  // or gain one of the kind asked for, by birth when none is.
  const linkTo = (childId: string, own: ParentLink | undefined): ParentLink => {
    const kind = member.childKinds?.get(childId) ?? own?.kind ?? 'birth'
    return own && own.kind === kind ? own : { parentId: member.id, unionId: null, kind }
  }
  const proposedLinks = new Map(state.parents)
  proposedLinks.set(member.id, parentLinks)
  for (const [childId, links] of state.parents) {
    if (childId === member.id) continue
    const own = links.find((link) => link.parentId === member.id)
    const keeps = links.filter((link) => link.parentId !== member.id)
    proposedLinks.set(childId, checked.childrenMemberIds.includes(childId) ? [...keeps, linkTo(childId, own)] : keeps)
  }
  for (const childId of checked.childrenMemberIds) {
    if (!proposedLinks.has(childId)) proposedLinks.set(childId, [linkTo(childId, undefined)])
    if (hasTooManyOfAKind(proposedLinks.get(childId) ?? [])) {
      throw new AppError('validation_failed', 'That child already has two parents', [
        { path: 'childrenMemberIds', code: 'member.child_has_two_parents', params: { name: named([childId])[0] ?? '' } },
      ])
    }
  }
  const proposed = new Map([...proposedLinks].map(([childId, links]) => [childId, links.map((link) => link.parentId)]))
  const cycle = findAncestryCycle(proposed, member.id)
  if (cycle) {
    const names = named(cycle).join(' → ')
    throw new AppError('validation_failed', `No one can be their own ancestor: ${names}`, [
      // The loop runs through both the member's parents and children: blame the list that was sent.
      { path: sentFields.has('childrenMemberIds') && !sentFields.has('parentMemberIds') ? 'childrenMemberIds' : 'parentMemberIds', code: 'member.cycle', params: { names } },
    ])
  }
  return { ...checked, linksByChild: proposedLinks }
}
