import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/fake-family-api.ts'
import { memberFormSchema } from './member-form-schema.ts'
import { emptyMemberValues, memberBody, memberFormValues } from './member-form-values.ts'

describe('the member form values', () => {
  it('shows an owner recognised by the words for "me" as ticked, with no relationship to type', () => {
    const values = memberFormValues(buildMember({ relationshipToOwner: 'yo', isSelf: false, keyLifeEvents: ['a', 'b'] }))
    expect(values).toMatchObject({ isSelf: true, relationshipToOwner: '', keyLifeEvents: 'a\nb' })
  })

  it('sends "Yo mismo/a" for the owner, no death date for the living and one event a line', () => {
    const checked = memberFormSchema.parse({
      ...emptyMemberValues,
      firstName: ' Rosa ',
      lastName: 'Díaz',
      isSelf: true,
      relationshipToOwner: 'Hija',
      deathDate: '2001-01-01',
      keyLifeEvents: ' Boda \n\n Viaje',
    })
    expect(memberBody(checked)).toMatchObject({
      firstName: 'Rosa',
      relationshipToOwner: 'Yo mismo/a',
      deathDate: null,
      birthDate: null,
      keyLifeEvents: ['Boda', 'Viaje'],
    })
  })

  it('refuses a future date and a death before the birth', () => {
    const result = memberFormSchema.safeParse({
      ...emptyMemberValues,
      firstName: 'A',
      lastName: 'B',
      relationshipToOwner: 'Tío',
      isDeceased: true,
      birthDate: '1950-01-01',
      deathDate: '1949-12-31',
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['deathDate', 'member.death_before_birth']])
    const future = memberFormSchema.safeParse({ ...emptyMemberValues, firstName: 'A', lastName: 'B', relationshipToOwner: 'Tío', birthDate: '2999-01-01' })
    expect(future.error?.issues.map((issue) => issue.message)).toEqual(['validation.date_in_future'])
  })
})
