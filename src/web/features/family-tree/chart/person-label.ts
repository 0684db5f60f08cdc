import type { TFunction } from 'i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { Language } from '../../../../shared/limits.ts'
import { formatStoredDateShort } from '../../../../shared/genealogy-date/index.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'
import { memberName, shownLastName } from '../lib/member-name.ts'

export type LabelledMember = Pick<Member, 'firstName' | 'lastName' | 'birthDate' | 'deathDate' | 'isDeceased' | 'gender'> & Partial<Pick<Member, 'birthPlace' | 'deathPlace'>>

/** "María Pérez", or "María (apellido desconocido)". */
export const personName = memberName

/** i18next context for words that agree with the person's gender (fallecido / fallecida). */
function genderContext(member: Pick<Member, 'gender'>): 'male' | 'female' | undefined {
  if (member.gender === 'Masculino') return 'male'
  if (member.gender === 'Femenino') return 'female'
  return undefined
}

/** What a box shows under the name: "1950 – 2020", "n. 1950", "n. hacia 1920", "† 2020" or nothing. */
export function lifeYears(t: TFunction<'family-chart'>, member: LabelledMember, language: Language): string {
  const birth = formatStoredDateShort(member.birthDate, language)
  const death = member.isDeceased ? formatStoredDateShort(member.deathDate, language) : undefined
  if (birth && death) return `${birth.text} – ${death.text}`
  if (birth) return member.isDeceased ? `${birth.text} – ?` : birth.isYear ? t('years.born', { year: birth.text }) : t('years.bornWhen', { date: birth.text })
  if (death) return t('years.died', { year: death.text })
  return ''
}

/**
 * The accessible name of a person, in words rather than symbols: "María Pérez, 1950–2020",
 * "Ana Ruiz (tú), nació en 1990" (`isYou`: the reader's own card), "Carmen Díaz, nació hacia 1920
 * en Pasto", "Pedro Gil, fallecido".
 */
export function personLabel(t: TFunction<'family-chart'>, member: LabelledMember, language: Language, isYou = false): string {
  return createPersonLabeller(t, language, () => isYou)(member)
}

/** Stands for the name or year while the sentences are translated once. */
const slot = '\u0001'

/**
 * `personLabel` for many people (the centre picker of a large tree): each sentence is translated
 * once and filled in per person, instead of asking i18next again for every one. `isYou` tells
 * the reader's own card (`useIsReaderCard`), said «(tú)».
 */
export function createPersonLabeller<M extends LabelledMember>(t: TFunction<'family-chart'>, language: Language, isYou: (member: M) => boolean): (member: M) => string {
  const selfName = t('person.self', { name: slot })
  const born = t('person.born', { year: slot })
  const bornWhen = t('person.bornWhen', { date: slot })
  const died = t('person.died', { year: slot })
  const diedWhen = t('person.diedWhen', { date: slot })
  const bornPlace = t('person.bornPlace', { place: slot })
  const atPlace = t('person.atPlace', { place: slot })
  const deceased = {
    male: t('person.deceased', { context: 'male' }),
    female: t('person.deceased', { context: 'female' }),
    neutral: t('person.deceased'),
  }
  return (member) => {
    const name = isYou(member) ? selfName.replaceAll(slot, personName(member)) : personName(member)
    const birth = formatStoredDateShort(member.birthDate, language)
    const death = member.isDeceased ? formatStoredDateShort(member.deathDate, language) : undefined
    const parts = [name]
    const place = member.birthPlace
    if (birth && death) parts.push(`${birth.text}–${death.text}`)
    else if (birth) {
      const when = (birth.isYear ? born : bornWhen).replaceAll(slot, birth.text)
      // "nació hacia 1920 en Pasto": the place joins the sentence that says when.
      parts.push(place ? `${when} ${atPlace.replaceAll(slot, place)}` : when)
    } else if (death) parts.push((death.isYear ? died : diedWhen).replaceAll(slot, death.text))
    if (place && !(birth && !death)) parts.push(bornPlace.replaceAll(slot, place))
    if (member.isDeceased && !death) parts.push(deceased[genderContext(member) ?? 'neutral'])
    return parts.join(', ')
  }
}

/**
 * The label of a person among choices (the member form's relatives): the name with the years and
 * a place, which tell eight «Elizabeth Smith» apart: "Elizabeth Smith (1820–1890, Boston)",
 * "Ana Ruiz (n. 1990)", "Pedro (apellido desconocido, † 1900)", or the name alone.
 */
export function createChoiceLabeller(t: TFunction<'family-chart'>, language: Language): (member: LabelledMember) => string {
  const born = t('years.born', { year: slot })
  const bornWhen = t('years.bornWhen', { date: slot })
  const died = t('years.died', { year: slot })
  return (member) => {
    const birth = formatStoredDateShort(member.birthDate, language)
    const death = member.isDeceased ? formatStoredDateShort(member.deathDate, language) : undefined
    let years = ''
    if (birth && death) years = `${birth.text}–${death.text}`
    else if (birth) years = member.isDeceased ? `${birth.text}–?` : (birth.isYear ? born : bornWhen).replaceAll(slot, birth.text)
    else if (death) years = died.replaceAll(slot, death.text)
    const details = [years, member.birthPlace || member.deathPlace].filter(Boolean)
    // An unknown surname is said inside the same brackets, not in a second pair.
    if (isUnknownNamePart(member.lastName)) return `${member.firstName} (${[shownLastName(member.lastName), ...details].join(', ')})`.trim()
    return details.length > 0 ? `${personName(member)} (${details.join(', ')})` : personName(member)
  }
}

/** `label` remembered per member: a form works its choices out again at every tick, their labels need not be. */
export function rememberLabels<M extends object>(label: (member: M) => string): (member: M) => string {
  const labels = new WeakMap<M, string>()
  return (member) => {
    let text = labels.get(member)
    if (text === undefined) {
      text = label(member)
      labels.set(member, text)
    }
    return text
  }
}
