import type { Member, MemberFacts } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'

/** Who reads a tree: their account, and the account the tree is kept in (its keeper). */
export interface TreeReader {
  userId: string | undefined
  /** Undefined while there is no tree yet (the reader's own, to be made) or nobody said whose it is. */
  keeperId: string | undefined
}

/** What tells a card is the reader's: the keeper's mark, or the account linked to it. */
export type ReaderCardFacts = Pick<Member, 'isSelf' | 'relationshipToOwner' | 'linkedUserAccountId'>

/**
 * Whether the reader keeps the tree: it is kept in their account, or it is their own tree-to-be,
 * or nobody says who reads (a tree of one's own in the component tests).
 */
export function keepsTree(reader: TreeReader): boolean {
  return reader.userId === undefined || reader.keeperId === undefined || reader.keeperId === reader.userId
}

/**
 * Whether a card is the reader's own, the one the tree's pages call "you": the keeper's own card
 * to the keeper, and to anyone else the card linked to their account. The keeper's card is then an
 * ordinary relative; someone linked to no card has no "you" in that tree.
 */
export function isReaderCard(member: ReaderCardFacts, reader: TreeReader): boolean {
  if (keepsTree(reader)) return isSelfMember(member)
  return member.linkedUserAccountId === reader.userId
}

/** The reader's own card among the tree's people, or undefined when they have none there. */
export function readerCardIn<M extends ReaderCardFacts>(members: readonly M[], reader: TreeReader): M | undefined {
  return members.find((member) => isReaderCard(member, reader))
}

/**
 * The same rule for one card read alone (a page about one relative), where the server already said
 * how the card stands to the reader: absent to the keeper, «self» on the card linked to anyone else.
 */
export function isReaderFacts(facts: Pick<MemberFacts, 'isSelf' | 'relationshipToOwner' | 'relationToReader'>): boolean {
  if (facts.relationToReader === undefined) return isSelfMember(facts)
  return facts.relationToReader.kinship?.relation === 'self'
}
