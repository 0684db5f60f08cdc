import { createContext, type ReactNode } from 'react'
import type { Member } from '../../../../shared/contracts/family-tree.ts'

/** The lines a card draws from its own fields that a heard fact may have filled, and so cite. */
export type CitedLine = 'birth' | 'death'

/**
 * What was heard about a member, drawn by the facts feature and handed in by the page (features
 * do not import each other): where a line's facts come from («Fuente: entrevista con Ana del …»),
 * and the lines only heard facts fill (a trade, homes, a nickname), as more groups (a <div> with
 * its <dt> and <dd>s each) of the card's list.
 */
export interface MemberSourcesSlot {
  cite: (member: Member, line: CitedLine) => ReactNode
  heardLines: (member: Member) => ReactNode
}

/** Read by each card's details: passing it through the list, the chart's card and every card would touch them all. */
export const MemberSourcesContext = createContext<MemberSourcesSlot | undefined>(undefined)
