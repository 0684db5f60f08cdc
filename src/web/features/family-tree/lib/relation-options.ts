import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { ancestorsOf, descendantsOf } from '../../../../shared/family-tree/ancestry.ts'
import { limits } from '../../../../shared/limits.ts'
import { memberName } from './member-name.ts'
import { matchesWords, searchWords } from './name-search.ts'

export interface RelationOption {
  memberId: string
  /** What a search looks in. */
  name: string
  /** What the choice shows: the name with years and a place ("Elizabeth Smith (1820–1890, Boston)"). */
  label: string
  /** A child that already has two other birth parents: said beside them, and, once ticked, they are given another kind (adopted…). */
  hasTwoParents?: boolean
}

export interface RelationOptions {
  parents: RelationOption[]
  spouses: RelationOption[]
  children: RelationOption[]
}

/** Stands for the member being added, who has no id yet. */
const newMemberId = '\u0000new-member'

/**
 * The people the member form offers as parents, spouses and children: every other member, but
 * never a descendant as a parent nor an ancestor as a child, as the form's current choices make
 * them (so ticking a parent removes them from the children). A choice already ticked stays
 * listed, so it can always be unticked.
 */
export function relationOptions(
  members: readonly Member[],
  editingId: string | undefined,
  chosen: { parentMemberIds: readonly string[]; childrenMemberIds: readonly string[] },
  labelOf: (member: Member) => string = memberName,
): RelationOptions {
  const self = editingId ?? newMemberId
  const others = members.filter((member) => member.memberId !== self)
  const parents = new Map<string, readonly string[]>()
  for (const member of others)
    parents.set(
      member.memberId,
      member.parentMemberIds.filter((id) => id !== self),
    )
  parents.set(self, chosen.parentMemberIds)
  for (const childId of chosen.childrenMemberIds) parents.set(childId, [...(parents.get(childId) ?? []), self])

  const ancestors = ancestorsOf(parents, self)
  const descendants = descendantsOf(parents, self)
  const option = (member: Member): RelationOption => ({ memberId: member.memberId, name: memberName(member), label: labelOf(member) })

  return {
    parents: others.filter((member) => chosen.parentMemberIds.includes(member.memberId) || !descendants.has(member.memberId)).map(option),
    spouses: others.map(option),
    children: others
      .filter((member) => chosen.childrenMemberIds.includes(member.memberId) || !ancestors.has(member.memberId))
      .map((member) => {
        const kindOf = (parentId: string) => member.parentLinks.find((link) => link.parentId === parentId)?.kind ?? 'birth'
        const otherBirthParents = member.parentMemberIds.filter((id) => id !== self && kindOf(id) === 'birth')
        const isChosen = chosen.childrenMemberIds.includes(member.memberId)
        return { ...option(member), hasTwoParents: !isChosen && otherBirthParents.length >= limits.parentsPerMember }
      }),
  }
}

/**
 * Up to this many people a relation group lists everyone as checkboxes. Beyond it (a tree brought
 * in from another program can hold thousands) the group shows those ticked and a few found by a
 * search: three lists of ten thousand checkboxes took the browser a second and a half to draw,
 * and are no way to find one person anyway.
 */
export const listEveryoneUpTo = 40

/** People a search shows at once, besides those ticked. */
export const searchShowsUpTo = 30

export interface RelationSearch {
  /** Those ticked first (so they can always be unticked), then the matches shown. */
  shown: RelationOption[]
  /** Every option not ticked that matches (all of them with nothing typed). */
  matches: number
}

/**
 * What a large relation group shows for `query`: the options ticked in `chosen`, then, in the
 * tree's order, at most `limit` others whose name holds every word typed (accents and case
 * ignored).
 */
export function searchRelationOptions(options: readonly RelationOption[], chosen: readonly string[], query: string, limit = searchShowsUpTo): RelationSearch {
  const words = searchWords(query)
  const ticked = new Set(chosen)
  const shown = ticked.size === 0 ? [] : options.filter((option) => ticked.has(option.memberId))
  // With nothing typed every option not ticked matches: the first `limit` are shown, and they are
  // counted by a subtraction (walking three groups of 100,000 took 20 ms of a form's render).
  if (words.length === 0) {
    const matches = options.length - shown.length
    for (let at = 0, added = 0; at < options.length && added < limit; at += 1) {
      if (ticked.has(options[at]!.memberId)) continue
      shown.push(options[at]!)
      added += 1
    }
    return { shown, matches }
  }
  let matches = 0
  for (const option of options) {
    if (ticked.has(option.memberId) || !matchesWords(option.name, words)) continue
    matches += 1
    if (matches <= limit) shown.push(option)
  }
  return { shown, matches }
}
