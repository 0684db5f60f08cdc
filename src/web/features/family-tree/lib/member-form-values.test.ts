import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/fake-family-api.ts'
import { memberFormSchema } from './member-form-schema.ts'
import { emptyMemberValues, memberBody, memberFormValues, unionsForSpouses } from './member-form-values.ts'

describe('the member form values', () => {
  it('shows an owner recognised by the words for "me" as ticked, with no relationship to type', () => {
    const values = memberFormValues(buildMember({ relationshipToOwner: 'yo', isSelf: false, keyLifeEvents: ['a', 'b'] }), [], 'es')
    expect(values).toMatchObject({ isSelf: true, relationshipToOwner: '', keyLifeEvents: 'a\nb' })
  })

  it('shows stored dates in the reader’s words, and marriages with their spouse', () => {
    const member = buildMember({ memberId: 'abuela', birthDate: 'ABT 1920', deathDate: '1999-12-31', isDeceased: true, unionIds: ['u1'] })
    const union = { unionId: 'u1', firstPartnerId: 'abuelo', secondPartnerId: 'abuela', marriageDate: 'BEF 1948', marriageDateSortKey: 1, marriagePlace: 'Pasto', divorceDate: null, divorcePlace: '', notes: '', sourceId: null, position: 0, children: [] }
    expect(memberFormValues(member, [union], 'es')).toMatchObject({ birthDate: 'hacia 1920', deathDate: '31 de diciembre de 1999', unions: [{ unionId: 'u1', spouseId: 'abuelo', marriageDate: 'antes de 1948', marriagePlace: 'Pasto' }] })
    expect(memberFormValues(member, [union], 'en').birthDate).toBe('circa 1920')
    expect(memberFormValues(member, [union], 'fr').birthDate).toBe('vers 1920')
  })

  it('sends "Yo mismo/a" for the owner, no death date for the living, one event a line, and the page’s language', () => {
    const checked = memberFormSchema('es').parse({
      ...emptyMemberValues,
      firstName: ' Rosa ',
      lastName: 'Díaz',
      isSelf: true,
      relationshipToOwner: 'Hija',
      deathDate: '2001-01-01',
      deathPlace: 'Cali',
      keyLifeEvents: ' Boda \n\n Viaje',
    })
    expect(memberBody(checked, 'es')).toMatchObject({
      firstName: 'Rosa',
      relationshipToOwner: 'Yo mismo/a',
      deathDate: null,
      deathPlace: '',
      birthDate: null,
      keyLifeEvents: ['Boda', 'Viaje'],
      language: 'es',
    })
  })

  it('keeps a spouse’s marriages while chosen, adds an empty one for a new spouse, and keeps a family of one parent', () => {
    const unions = [
      { unionId: 'u1', spouseId: 'ana', marriageDate: '1945', marriagePlace: 'Pasto' },
      { unionId: 'u2', spouseId: null, marriageDate: '', marriagePlace: '' },
    ]
    expect(unionsForSpouses(unions, ['marta'])).toEqual([unions[1], { spouseId: 'marta', marriageDate: '', marriagePlace: '' }])
    expect(unionsForSpouses(unions, ['ana'])).toEqual(unions)
  })

  it('refuses a future date, a range back to front and a death surely before the birth', () => {
    const base = { ...emptyMemberValues, firstName: 'A', lastName: 'B', relationshipToOwner: 'Tío' }
    const result = memberFormSchema('es').safeParse({ ...base, isDeceased: true, birthDate: '1950-01-01', deathDate: 'antes de 1950' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['deathDate', 'member.death_before_birth']])
    // "About 1950" may be after a death "before 1951": not surely wrong.
    expect(memberFormSchema('es').safeParse({ ...base, isDeceased: true, birthDate: 'hacia 1950', deathDate: 'antes de 1951' }).success).toBe(true)
    const future = memberFormSchema('en').safeParse({ ...base, birthDate: 'after 2999' })
    expect(future.error?.issues.map((issue) => issue.message)).toEqual(['validation.date_in_future'])
    const reversed = memberFormSchema('fr').safeParse({ ...base, unions: [{ spouseId: 'x', marriageDate: 'entre 1930 et 1920', marriagePlace: '' }] })
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['unions.0.marriageDate', 'member.date_range_reversed']])
  })
})
