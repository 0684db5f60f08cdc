import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/fake-family-api.ts'
import { findSelf, linkedValues, relationLinkOffer } from './relation-link.ts'

const none = { parentMemberIds: [], spouseMemberIds: [], childrenMemberIds: [] }

function tree() {
  const mum = buildMember({ memberId: 'mum', firstName: 'Carmen' })
  const dad = buildMember({ memberId: 'dad', firstName: 'Pedro' })
  const son = buildMember({ memberId: 'son', firstName: 'Mateo' })
  const me = buildMember({ memberId: 'me', firstName: 'Rosa', isSelf: true, parentMemberIds: ['mum', 'dad'], childrenMemberIds: ['son'] })
  const members = [me, mum, dad, son]
  return { me, members, self: findSelf(members), byId: new Map(members.map((member) => [member.memberId, member])) }
}

describe('the link a word of kinship offers', () => {
  it('makes a sibling a child of all of the owner’s parents, at once', () => {
    const { me, self, byId } = tree()
    const offer = relationLinkOffer('hermana', self, byId, undefined, none)
    expect(offer).toMatchObject({ kind: 'ready', targets: [me] })
    expect(linkedValues({ relation: 'sibling' }, me, me, none)).toEqual({ parentMemberIds: ['mum', 'dad'] })
    expect(relationLinkOffer('hermana', self, byId, undefined, { ...none, parentMemberIds: ['mum'] })).toBeUndefined()
  })

  it('makes a grandchild a child of one of the owner’s children, and says children are needed first without any', () => {
    const { self, byId, me } = tree()
    const son = byId.get('son')!
    expect(relationLinkOffer('nieta', self, byId, undefined, none)).toMatchObject({ kind: 'ready', targets: [son] })
    expect(linkedValues({ relation: 'grandchild' }, me, son, none)).toEqual({ parentMemberIds: ['son'] })
    const childless = { ...me, childrenMemberIds: [] }
    expect(relationLinkOffer('granddaughter', childless, byId, undefined, none)).toEqual({ kind: 'missing', word: { relation: 'grandchild', gender: 'female' }, needs: 'children' })
  })

  it('joins a spouse or partner to the owner, and offers nothing once they are', () => {
    const { self, byId, me } = tree()
    expect(linkedValues({ relation: 'partner' }, me, me, none)).toEqual({ spouseMemberIds: ['me'] })
    expect(relationLinkOffer('épouse', self, byId, undefined, { ...none, spouseMemberIds: ['me'] })).toBeUndefined()
  })

  it('offers nothing for a word that is not kinship, nor on the owner’s own card', () => {
    const { self, byId } = tree()
    expect(relationLinkOffer('vecina', self, byId, undefined, none)).toBeUndefined()
    expect(relationLinkOffer('madre', self, byId, 'me', none)).toBeUndefined()
    expect(relationLinkOffer('madre', undefined, byId, undefined, none)).toEqual({ kind: 'no-self', word: { relation: 'parent', gender: 'female' } })
  })
})
