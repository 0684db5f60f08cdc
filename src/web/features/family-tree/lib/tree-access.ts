import { createContext, useContext, useMemo } from 'react'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { roleMay, type TreeRole } from '../../../../shared/family-tree/roles.ts'
import { isReaderCard, type ReaderCardFacts } from './reader-card.ts'

/** Who is looking at the tree page and with which role there (the tree shown may be another's). */
export interface TreeAccess {
  role: TreeRole
  /** The signed-in person's account id, to know their own card. */
  userId: string | undefined
  /** The account the tree is kept in, once the tree has loaded: whose own card is `isSelf`. */
  keeperId?: string | undefined
}

/** Without a provider (a tree of one's own, the component tests) the person owns the tree. */
export const TreeAccessContext = createContext<TreeAccess>({ role: 'owner', userId: undefined })

/**
 * What the person may do on the tree page; the server refuses the rest anyway, this only hides it.
 * A linked person may change their own card's facts whatever their role (not its links to others).
 */
export function useTreeAccess() {
  const access = useContext(TreeAccessContext)
  const isOwnCard = (member: Member) => access.userId !== undefined && member.linkedUserAccountId === access.userId
  return {
    ...access,
    mayEditTree: roleMay(access.role, 'tree.edit'),
    mayAddContent: roleMay(access.role, 'content.add'),
    mayInvite: roleMay(access.role, 'circle.invite'),
    isOwnCard,
    mayEditCard: (member: Member) => roleMay(access.role, 'tree.edit') || isOwnCard(member),
    mayUnlink: (member: Member) => member.linkedUserAccountId !== null && (roleMay(access.role, 'circle.invite') || isOwnCard(member)),
  }
}

/**
 * Whether a card is the reader's own in the tree shown (`isReaderCard`): what the chart marks
 * «(tú)» and starts from. The same function until the reader or the keeper changes, so the boxes,
 * memoised, keep theirs.
 */
export function useIsReaderCard(): (member: ReaderCardFacts) => boolean {
  const { userId, keeperId } = useContext(TreeAccessContext)
  return useMemo(() => (member: ReaderCardFacts) => isReaderCard(member, { userId, keeperId }), [userId, keeperId])
}
