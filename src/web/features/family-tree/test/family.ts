import { buildMember } from './fake-family-api.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

/** Rosa (the owner), her late mother Carmen and her husband Luis; the list orders them Díaz, López, Martín. */
export function rosasFamily() {
  const carmen = buildMember({
    firstName: 'Carmen',
    lastName: 'López',
    relationshipToOwner: 'Madre',
    isDeceased: true,
    birthDate: asStoredDate('1920-01-05'),
    deathDate: asStoredDate('2001-11-30'),
    gender: 'Femenino',
  })
  const luis = buildMember({ firstName: 'Luis', lastName: 'Martín', relationshipToOwner: 'Esposo', gender: 'Masculino' })
  const rosa = buildMember({
    firstName: 'Rosa',
    lastName: 'Díaz',
    relationshipToOwner: 'Yo mismo/a',
    isSelf: true,
    birthDate: asStoredDate('1950-04-12'),
    gender: 'Femenino',
    bioSummary: 'Maestra en Sevilla.',
    keyLifeEvents: ['Boda con Luis', 'Nacimiento de Ana'],
    parentMemberIds: [carmen.memberId],
    spouseMemberIds: [luis.memberId],
  })
  return { rosa, carmen, luis, members: [rosa, carmen, luis] }
}
