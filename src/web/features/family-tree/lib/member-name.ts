import i18n from 'i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'

/** The surname as shown: the words "apellido desconocido" where the file or the form left a blank or "N.N.". */
export function shownLastName(lastName: string): string {
  return isUnknownNamePart(lastName) ? i18n.t('common:unknownSurname') : lastName
}

/** How lists, buttons, pickers and dialogs name a member: "Ana Pérez", or "Ana (apellido desconocido)". */
export function memberName(member: Pick<Member, 'firstName' | 'lastName'>): string {
  if (isUnknownNamePart(member.lastName)) return `${member.firstName} (${shownLastName(member.lastName)})`.trim()
  return `${member.firstName} ${member.lastName}`.trim()
}

/** The members with a known surname first, then the others, each group in the order it came in. */
export function knownSurnamesFirst<T extends Pick<Member, 'lastName'>>(members: readonly T[]): readonly T[] {
  if (!members.some((member) => isUnknownNamePart(member.lastName))) return members
  return [...members.filter((member) => !isUnknownNamePart(member.lastName)), ...members.filter((member) => isUnknownNamePart(member.lastName))]
}
