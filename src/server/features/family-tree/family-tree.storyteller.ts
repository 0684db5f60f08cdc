import type { FamilyTreeRepository } from './family-tree.repository.ts'
import { toMemberFacts, type MemberFacts, type StorytellerKinship } from './family-tree.member-facts.ts'

/** Far beyond any tree's generations; it only bounds the walk up a tree with a loop in it. */
const maxGenerations = 64

/**
 * How `member` stands to the person telling (`selfId`, their own card: the keeper's self card, or
 * the card linked to another's account): their birth, how many generations up the member is,
 * whether they are the teller's parent, child or partner. Undefined when the teller has no card of
 * their own, or the member is that card. Ana chooses her questions by it: an ancestor the teller
 * never met is asked about through what the family tells.
 */
export async function storytellerKinship(
  repo: Pick<FamilyTreeRepository, 'memberWithRelatives' | 'generationsUp'>,
  ownerId: string,
  selfId: string | undefined,
  member: MemberFacts,
): Promise<StorytellerKinship | undefined> {
  if (!selfId || selfId === member.memberId) return undefined
  const self = toMemberFacts(await repo.memberWithRelatives(ownerId, selfId), selfId)
  if (!self) return undefined
  const generationsAbove = await repo.generationsUp(ownerId, selfId, member.memberId, maxGenerations)
  return {
    birthDate: self.birthDate,
    generationsAbove,
    // The member's own links name the teller's card when they are one step apart, in any direction.
    isCloseFamily: member.relatives.some((relative) => relative.memberId === selfId),
  }
}
