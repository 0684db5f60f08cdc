import { describe, expect, it } from 'vitest'
import { asStoredDate } from '../genealogy-date/index.ts'
import { knownOf, speaksOfChildhood, unknownAbout, type KnownOfMember } from './index.ts'

const nothingKnown: KnownOfMember = { birthDate: null, birthPlace: '', isDeceased: false, deathDate: null, deathPlace: '', parentCount: 0, spouseCount: 0 }
const aurora: KnownOfMember = {
  birthDate: 'ABT 1931',
  birthPlace: 'Pasto, Nariño',
  isDeceased: true,
  deathDate: '2001-03-04',
  deathPlace: 'Bogotá',
  parentCount: 2,
  spouseCount: 1,
  childCount: 3,
}
const untold = { answers: [], cited: [] }

describe('what is still unknown about a person', () => {
  it('lists everything worth asking about someone the tree knows nothing of, most wanted first', () => {
    expect(unknownAbout(nothingKnown, untold)).toEqual(['birthPlace', 'birthDate', 'parent', 'spouse', 'childhood', 'occupation', 'residence', 'nickname'])
  })

  it('asks about a death only once the person has died, and about children only when the tree can tell there are none', () => {
    expect(unknownAbout({ ...nothingKnown, isDeceased: true, childCount: 0 }, untold)).toEqual([
      'birthPlace',
      'birthDate',
      'parent',
      'deathPlace',
      'deathDate',
      'spouse',
      'child',
      'childhood',
      'occupation',
      'residence',
      'nickname',
    ])
  })

  it('knows what the card holds, and asks about a wedding once there is a partner', () => {
    expect(unknownAbout(aurora, untold)).toEqual(['marriageDate', 'marriagePlace', 'childhood', 'occupation', 'residence', 'nickname'])
    // One parent known leaves the other to ask about; blank text is nothing known.
    expect(unknownAbout({ ...aurora, parentCount: 1, birthPlace: '  ', deathDate: null }, untold).slice(0, 3)).toEqual(['birthPlace', 'parent', 'deathDate'])
  })

  it('takes an accepted fact as known, and a partner accepted from what was told as a partner', () => {
    expect(unknownAbout(nothingKnown, { answers: [], cited: ['birthPlace', 'occupation', 'spouse', 'marriageDate'] })).toEqual([
      'birthDate',
      'parent',
      'marriagePlace',
      'childhood',
      'residence',
      'nickname',
    ])
  })

  it('no longer asks about a childhood some answer speaks of, in any of the three languages', () => {
    for (const answer of [
      'Su infancia fue en el campo.',
      'De niña ayudaba a su madre en la tienda.',
      'Creció en Pasto con sus abuelos.',
      'As a child she sold bread at the market.',
      'He grew up by the sea.',
      'Son enfance s’est passée à Lyon.',
      'Quand elle était petite, elle chantait.',
    ]) {
      expect(unknownAbout(aurora, { answers: ['Era muy alegre.', answer], cited: [] }), answer).not.toContain('childhood')
    }
  })

  it('does not read a childhood into words that only look like it', () => {
    expect(speaksOfChildhood(['Tuvo tres niños y una niña.', 'Her children grew tall.', 'Ses enfants vivent à Paris.', 'Era muy creído.'])).toBe(false)
    expect(speaksOfChildhood([])).toBe(false)
  })

  it('reads a member card and its links as the tree gives them', () => {
    const relative = (relation: 'parent' | 'partner' | 'child') => ({ memberId: relation, firstName: 'X', lastName: '', relation, kind: null })
    const card = {
      birthDate: asStoredDate('ABT 1931'),
      birthPlace: 'Pasto',
      isDeceased: true,
      deathDate: null,
      deathPlace: '',
      relatives: [relative('parent'), relative('partner'), relative('child'), relative('child')],
    }
    expect(knownOf(card)).toEqual({ birthDate: 'ABT 1931', birthPlace: 'Pasto', isDeceased: true, deathDate: null, deathPlace: '', parentCount: 1, spouseCount: 1, childCount: 2 })
    expect(unknownAbout(knownOf(card), { answers: [], cited: [] }).slice(0, 3)).toEqual(['parent', 'deathPlace', 'deathDate'])
  })
})
