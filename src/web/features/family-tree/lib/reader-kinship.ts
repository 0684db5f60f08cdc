import type { TFunction } from 'i18next'
import { createContext, useContext, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FamilyTree, Member, RelationToReader } from '../../../../shared/contracts/family-tree.ts'
import { kinshipBetween, type KinGraph } from '../../../../shared/family-tree/kinship.ts'
import { kinshipWord } from '../../../../shared/family-tree/kinship-words.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../../shared/limits.ts'
import { memberName } from './member-name.ts'
import { isReaderCard, keepsTree, readerCardIn } from './reader-card.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

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
  const reader = { userId, keeperId: tree?.tree?.ownerId }
  if (!tree || keepsTree(reader)) return keeperReads
  const readerCard = readerCardIn(tree.members, reader)
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

/** How each card of a tree reads to one person: whether it is theirs, and how anyone else stands to them. */
export interface ReaderView {
  /** Their own card (`isReaderCard`), the one called "you". */
  isYou: (member: Member) => boolean
  /** The card's relationship as the tree's cards say it to them; '' when the tree does not say. */
  relationshipOf: (member: Member) => string
}

/**
 * The reader's view of the tree shown, for pages outside the tree's (the memory game): to the
 * keeper, their own card and their own words; to anyone else, the card linked to them and their
 * kin («Tu abuela», the keeper too), or the keeper's word as the keeper's.
 */
export function useReaderView(tree: FamilyTree | undefined, userId: string | undefined): ReaderView {
  const { t, i18n } = useTranslation('family-tree')
  const language = uiLanguageOf(i18n)
  return useMemo(() => {
    const reader = { userId, keeperId: tree?.tree?.ownerId }
    const kinship = readerKinshipIn(tree, userId)
    return {
      isYou: (member) => isReaderCard(member, reader),
      relationshipOf: (member) => {
        const relation = kinship.relationOf(member)
        return relation ? readerRelationLine(member, relation, language, t) : member.relationshipToOwner.trim()
      },
    }
  }, [tree, userId, language, t])
}
