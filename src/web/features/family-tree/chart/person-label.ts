import type { TFunction } from 'i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'

export type LabelledMember = Pick<
  Member,
  'firstName' | 'lastName' | 'birthDate' | 'deathDate' | 'isDeceased' | 'gender' | 'isSelf' | 'relationshipToOwner'
>

/** "María Pérez". */
export function personName(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim()
}

/** The year of a calendar date `YYYY-MM-DD`, or undefined. */
export function yearOf(date: string | null | undefined): string | undefined {
  return /^(\d{4})/.exec(date ?? '')?.[1]
}

/** i18next context for words that agree with the person's gender (fallecido / fallecida). */
function genderContext(member: Pick<Member, 'gender'>): 'male' | 'female' | undefined {
  if (member.gender === 'Masculino') return 'male'
  if (member.gender === 'Femenino') return 'female'
  return undefined
}

/** What a box shows under the name: "1950 – 2020", "n. 1950", "† 2020" or nothing. */
export function lifeYears(t: TFunction<'family-chart'>, member: LabelledMember): string {
  const birth = yearOf(member.birthDate)
  const death = member.isDeceased ? yearOf(member.deathDate) : undefined
  if (birth && death) return `${birth} – ${death}`
  if (birth) return member.isDeceased ? `${birth} – ?` : t('years.born', { year: birth })
  if (death) return t('years.died', { year: death })
  return ''
}

/**
 * The accessible name of a person, in words rather than symbols: "María Pérez, 1950–2020",
 * "Ana Ruiz (tú), nació en 1990", "Pedro Gil, fallecido".
 */
export function personLabel(t: TFunction<'family-chart'>, member: LabelledMember): string {
  return createPersonLabeller(t)(member)
}

/** Stands for the name or year while the sentences are translated once. */
const slot = '\u0001'

/**
 * `personLabel` for many people (the centre picker of a large tree): each sentence is translated
 * once and filled in per person, instead of asking i18next again for every one.
 */
export function createPersonLabeller(t: TFunction<'family-chart'>): (member: LabelledMember) => string {
  const selfName = t('person.self', { name: slot })
  const born = t('person.born', { year: slot })
  const died = t('person.died', { year: slot })
  const deceased = {
    male: t('person.deceased', { context: 'male' }),
    female: t('person.deceased', { context: 'female' }),
    neutral: t('person.deceased'),
  }
  return (member) => {
    const name = isSelfMember(member) ? selfName.replaceAll(slot, personName(member)) : personName(member)
    const birth = yearOf(member.birthDate)
    const death = member.isDeceased ? yearOf(member.deathDate) : undefined
    const parts = [name]
    if (birth && death) parts.push(`${birth}–${death}`)
    else if (birth) parts.push(born.replaceAll(slot, birth))
    else if (death) parts.push(died.replaceAll(slot, death))
    if (member.isDeceased && !death) parts.push(deceased[genderContext(member) ?? 'neutral'])
    return parts.join(', ')
  }
}
