import type { Member } from '../../../../shared/contracts/family-tree.ts'

/** How lists, buttons and dialogs name a member: "Ana Pérez". */
export function memberName(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim()
}
