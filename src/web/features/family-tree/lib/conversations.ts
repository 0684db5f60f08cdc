import type { Member } from '../../../../shared/contracts/family-tree.ts'

/**
 * How many conversations about the member are kept: one a sitting, as the interviews feature
 * lists them in `interviewSegments`. The one place the tree reads that list.
 */
export function conversationCount(member: Pick<Member, 'interviewSegments'>): number {
  return member.interviewSegments.length
}
