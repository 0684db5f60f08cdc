import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { relationFromWord, type RelationWord } from '../../../../shared/family-tree/relation-words.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import type { MemberFormValues } from './member-form-schema.ts'

/** The form's relation fields, as the link reads them. */
type Links = Pick<MemberFormValues, 'parentMemberIds' | 'spouseMemberIds' | 'childrenMemberIds'>

/**
 * What the member form can offer for the relationship typed: to link the person to the owner
 * (`ready`: to `targetIds`, one of which is chosen when there are several), or why it cannot yet
 * (`missing`: a grandparent needs one of the owner's parents in the tree). Undefined when there
 * is nothing to offer: no word of kinship, no self card, the self card itself, or already linked.
 */
export type RelationLinkOffer =
  | { kind: 'ready'; word: RelationWord; self: Member; targets: Member[] }
  | { kind: 'missing'; word: RelationWord; needs: 'parents' | 'children' }
  | { kind: 'no-self'; word: RelationWord }

/** Who the new person hangs from: the owner, or one of their parents or children. */
function targetsFor(word: RelationWord, self: Member, byId: ReadonlyMap<string, Member>): Member[] {
  const known = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((member) => member !== undefined)
  if (word.relation === 'grandparent') return known(self.parentMemberIds)
  if (word.relation === 'grandchild') return known(self.childrenMemberIds)
  // A sibling is linked to all of the owner's parents at once: one choice, whoever they are.
  if (word.relation === 'sibling') return self.parentMemberIds.length > 0 ? [self] : []
  return [self]
}

function isLinked(word: RelationWord, self: Member, targets: readonly Member[], links: Links): boolean {
  const has = (ids: readonly string[], id: string) => ids.includes(id)
  switch (word.relation) {
    case 'parent':
      return has(links.childrenMemberIds, self.memberId)
    case 'grandparent':
      return targets.some((target) => has(links.childrenMemberIds, target.memberId))
    case 'child':
      return has(links.parentMemberIds, self.memberId)
    case 'grandchild':
      return targets.some((target) => has(links.parentMemberIds, target.memberId))
    case 'sibling':
      return self.parentMemberIds.some((id) => has(links.parentMemberIds, id))
    default:
      return has(links.spouseMemberIds, self.memberId)
  }
}

/** The tree's self member, if any: what the offers link to. */
export function findSelf(members: readonly Member[]): Member | undefined {
  return members.find((member) => isSelfMember(member))
}

/**
 * The offer for `relationship` on the form of `memberId` (none when adding), given its current
 * links; `self` and `byId` are worked out once per tree by the caller, not at every keystroke.
 */
export function relationLinkOffer(
  relationship: string,
  self: Member | undefined,
  byId: ReadonlyMap<string, Member>,
  memberId: string | undefined,
  links: Links,
): RelationLinkOffer | undefined {
  const word = relationFromWord(relationship)
  if (!word) return undefined
  if (!self) return { kind: 'no-self', word }
  if (self.memberId === memberId) return undefined
  const targets = targetsFor(word, self, byId).filter((target) => target.memberId !== memberId)
  if (isLinked(word, self, targets, links)) return undefined
  if (targets.length === 0) return { kind: 'missing', word, needs: word.relation === 'grandchild' ? 'children' : 'parents' }
  return { kind: 'ready', word, self, targets }
}

/** The form's relation fields once the person is linked through `target` (the owner, or one of their parents or children). */
export function linkedValues(word: RelationWord, self: Member, target: Member, values: Links): Partial<Links> {
  const add = (ids: readonly string[], more: readonly string[]) => [...ids, ...more.filter((id) => !ids.includes(id))]
  switch (word.relation) {
    case 'parent':
    case 'grandparent':
      return { childrenMemberIds: add(values.childrenMemberIds, [target.memberId]) }
    case 'child':
    case 'grandchild':
      return { parentMemberIds: add(values.parentMemberIds, [target.memberId]) }
    case 'sibling':
      return { parentMemberIds: add(values.parentMemberIds, self.parentMemberIds) }
    default:
      return { spouseMemberIds: add(values.spouseMemberIds, [self.memberId]) }
  }
}
