import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/fake-family-api.ts'
import { memberFormSchema } from './member-form-schema.ts'
import { emptyMemberValues, memberBody, memberFormValues, unionsForSpouses } from './member-form-values.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

describe('the member form values', () => {
  it('shows an owner recognised by the words for "me" as ticked, with no relationship to type', () => {
    const values = memberFormValues(buildMember({ relationshipToOwner: 'yo', isSelf: false, keyLifeEvents: ['a', 'b'] }), [], 'es')
    expect(values).toMatchObject({ isSelf: true, relationshipToOwner: '', keyLifeEvents: 'a\nb' })
  })

  it('shows stored dates in the reader’s words, and marriages with their spouse', () => {
    const member = buildMember({ memberId: 'abuela', birthDate: asStoredDate('ABT 1920'), deathDate: asStoredDate('1999-12-31'), isDeceased: true, unionIds: ['u1'] })
    const union = {
      unionId: 'u1',
      firstPartnerId: 'abuelo',
      secondPartnerId: 'abuela',
      marriageDate: asStoredDate('BEF 1948'),
      marriageDateSortKey: 1,
      marriagePlace: 'Pasto',
      isMarried: true,
      divorceDate: null,
      divorcePlace: '',
      notes: '',
      sourceId: null,
      position: 0,
      children: [],
    }
    expect(memberFormValues(member, [union], 'es')).toMatchObject({
      birthDate: 'hacia 1920',
      deathDate: '31 de diciembre de 1999',
      unions: [{ unionId: 'u1', spouseId: 'abuelo', marriageDate: 'antes de 1948', marriagePlace: 'Pasto' }],
    })
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
    const none = { divorceDate: '', divorcePlace: '', notes: '' }
    const unions = [
      { unionId: 'u1', spouseId: 'ana', marriageDate: '1945', marriagePlace: 'Pasto', isMarried: true, divorceDate: '1950', divorcePlace: 'Cali', notes: 'Se separaron.' },
      { unionId: 'u2', spouseId: null, marriageDate: '', marriagePlace: '', isMarried: false, ...none },
    ]
    expect(unionsForSpouses(unions, ['marta'])).toEqual([unions[1], { spouseId: 'marta', marriageDate: '', marriagePlace: '', isMarried: false, ...none }])
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
    const union = { spouseId: 'x', marriageDate: 'entre 1930 et 1920', marriagePlace: '', isMarried: false, divorceDate: 'entre 1960 et 1950', divorcePlace: '', notes: '' }
    const reversed = memberFormSchema('fr').safeParse({ ...base, unions: [union] })
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['unions.0.marriageDate', 'member.date_range_reversed'],
      ['unions.0.divorceDate', 'member.date_range_reversed'],
    ])
  })

  it('keeps each parent’s kind, at most 2 of each, and lets an imported person keep an unsaid relationship', () => {
    const base = { ...emptyMemberValues, firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Prima', parentMemberIds: ['pedro', 'maria', 'luis'] }
    const kinds = { pedro: 'birth', maria: 'birth', luis: 'adopted' } as const
    const checked = memberFormSchema('es').parse({ ...base, parentKinds: kinds })
    expect(memberBody(checked, 'es').parentLinks).toEqual([
      { parentId: 'pedro', kind: 'birth' },
      { parentId: 'maria', kind: 'birth' },
      { parentId: 'luis', kind: 'adopted' },
    ])
    // A parent with no kind set counts as one by birth: three of them break the rule.
    const third = memberFormSchema('es').safeParse({ ...base, parentKinds: { luis: 'birth' } })
    expect(third.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['parentKinds', 'member.too_many_parents']])
    const member = buildMember({ relationshipToOwner: '', sourceId: 'I4', parentMemberIds: ['luis'], parentLinks: [{ parentId: 'luis', unionId: 'f2', kind: 'adopted' }] })
    const values = memberFormValues(member, [], 'es')
    expect(values.parentKinds).toEqual({ luis: 'adopted' })
    expect(memberFormSchema('es', { isImported: true }).safeParse(values).success).toBe(true)
    expect(
      memberFormSchema('es')
        .safeParse(values)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['member.relationship_required'])
  })

  it('reads each child’s kind from the child’s own links and sends it back as childLinks', () => {
    const marta = buildMember({ memberId: 'marta', childrenMemberIds: ['ana', 'tomas'] })
    const ana = buildMember({ memberId: 'ana', parentMemberIds: ['marta'], parentLinks: [{ parentId: 'marta', unionId: null, kind: 'adopted' }] })
    const tomas = buildMember({ memberId: 'tomas', parentMemberIds: ['marta'], parentLinks: [{ parentId: 'marta', unionId: null, kind: 'birth' }] })
    const values = memberFormValues(marta, [], 'es', new Map([ana, tomas].map((child) => [child.memberId, child])))
    expect(values.childKinds).toEqual({ ana: 'adopted', tomas: 'birth' })
    const body = memberBody(memberFormSchema('es').parse({ ...values, relationshipToOwner: 'Tía' }), 'es')
    expect(body.childLinks).toEqual([
      { childId: 'ana', kind: 'adopted' },
      { childId: 'tomas', kind: 'birth' },
    ])
  })
})
