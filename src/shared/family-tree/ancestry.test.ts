import { describe, expect, it } from 'vitest'
import { ancestorsOf, descendantsOf, findAncestryCycle } from './ancestry.ts'
import { isSelfMember } from './self-member.ts'

describe('findAncestryCycle', () => {
  it('finds no loop in an ordinary family', () => {
    const parents = new Map([
      ['me', ['mum', 'dad']],
      ['mum', ['grandma']],
    ])
    expect(findAncestryCycle(parents, 'me')).toBeNull()
    expect(findAncestryCycle(parents, 'grandma')).toBeNull()
  })

  it('names the loop when a member would become their own ancestor', () => {
    // me → mum → grandma → me: grandma was just given "me" as a parent.
    const parents = new Map([
      ['me', ['mum']],
      ['mum', ['grandma']],
      ['grandma', ['me']],
    ])
    expect(findAncestryCycle(parents, 'grandma')).toEqual(['grandma', 'me', 'mum', 'grandma'])
    expect(findAncestryCycle(new Map([['a', ['a']]]), 'a')).toEqual(['a', 'a'])
  })

  it('lists ancestors and descendants', () => {
    const parents = new Map([
      ['me', ['mum', 'dad']],
      ['mum', ['grandma']],
      ['kid', ['me']],
    ])
    expect([...ancestorsOf(parents, 'me')].sort()).toEqual(['dad', 'grandma', 'mum'])
    expect([...descendantsOf(parents, 'grandma')].sort()).toEqual(['kid', 'me', 'mum'])
  })
})

describe('isSelfMember', () => {
  it('recognises the owner by flag or by the words for "me", ignoring accents and case', () => {
    for (const relationshipToOwner of ['Yo mismo/a', 'yo MISMA', ' Yó  Mismo ', 'yo', 'Self', 'ME', 'myself']) {
      expect(isSelfMember({ relationshipToOwner }), relationshipToOwner).toBe(true)
    }
    expect(isSelfMember({ isSelf: true, relationshipToOwner: '' })).toBe(true)
    for (const relationshipToOwner of ['Madre', 'yo-yo', 'mejor amigo', '', null]) {
      expect(isSelfMember({ relationshipToOwner }), String(relationshipToOwner)).toBe(false)
    }
  })
})
