import type { TFunction } from 'i18next'
import { createContext, useContext } from 'react'
import type { FamilyTree, Member, RelationToReader } from '../../../../shared/contracts/family-tree.ts'
import { kinshipBetween, type KinGraph } from '../../../../shared/family-tree/kinship.ts'
import { kinshipWord } from '../../../../shared/family-tree/kinship-words.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../../shared/limits.ts'
import { memberName } from './member-name.ts'

/** How each person of the tree shown stands to the reader. */
export interface ReaderKinship {
  /** Undefined when the reader keeps the tree: the cards' relationships are then their own words. */
  relationOf(member: Member): RelationToReader | undefined
}

const keeperReads: ReaderKinship = { relationOf: () => undefined }

/** Without a provider (a tree of one's own, the component tests) the reader keeps the tree. */
export const ReaderKinshipContext = createContext<ReaderKinship>(keeperReads)

export const useReaderKinship = () => useContext(ReaderKinshipContext)

/**
 * The reader's kin in a tree kept by someone else, from the card linked to their account (the
 * server's rule for Ana and the interview page, here for the cards). The links are gathered once,
 * on the first card asked about, and each card then walks its own ancestors and the reader's only.
 */
export function readerKinshipIn(tree: FamilyTree | undefined, userId: string | undefined): ReaderKinship {
  if (!tree?.tree || userId === undefined || tree.tree.ownerId === userId) return keeperReads
  const readerCard = tree.members.find((member) => member.linkedUserAccountId === userId)
  const keeperCard = tree.members.find((member) => isSelfMember(member))
  const keeperName = keeperCard ? memberName(keeperCard) : ''
  let graph: KinGraph | undefined
  const graphOf = (): KinGraph => {
    if (graph) return graph
    const partners = new Map<string, { id: string; isMarried: boolean }[]>()
    for (const union of tree.unions) {
      const { firstPartnerId: a, secondPartnerId: b, isMarried } = union
      if (!a || !b) continue
      partners.set(a, [...(partners.get(a) ?? []), { id: b, isMarried }])
      partners.set(b, [...(partners.get(b) ?? []), { id: a, isMarried }])
    }
    graph = { parents: new Map(tree.members.map((member) => [member.memberId, member.parentMemberIds])), partners }
    return graph
  }
  return {
    relationOf: (member) => ({ kinship: readerCard ? kinshipBetween(graphOf(), readerCard.memberId, member.memberId) : null, keeperName }),
  }
}

/**
 * A card's relationship line for a reader who does not keep the tree: «Tu bisabuela», or the
 * keeper's word said as the keeper's («Padre de Rosa Pérez, quien guarda el árbol»).
 */
export function readerRelationLine(member: Member, relation: RelationToReader, language: Language, t: TFunction<'family-tree'>): string {
  if (relation.kinship?.relation === 'self') return t('card.readerIsYou')
  if (relation.kinship) return t('card.readerRelation', { relation: kinshipWord(relation.kinship, member.gender, language) })
  if (isSelfMember(member)) return t('card.readerKeeper')
  const word = member.relationshipToOwner.trim()
  if (!word) return ''
  return relation.keeperName ? t('card.readerKeepersWord', { relation: word, keeper: relation.keeperName }) : t('card.readerKeepersWordUnnamed', { relation: word })
}
