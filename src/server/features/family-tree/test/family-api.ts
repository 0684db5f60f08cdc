import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { familyTreeSchema, type FamilyTree, type Member } from '../../../../shared/contracts/family-tree.ts'
import { formatStoredDate, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { as, createTestUser } from '../../../test/test-app.ts'

/** A new user of `app` and their family tree through the member API, as the web uses it. */
export async function familyOf(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const user = await createTestUser(app, overrides)
  const request = as(app, user)
  const post = (payload: object) => request({ method: 'POST', url: '/api/family-tree/members', payload })
  /** Adds a member, which must succeed; returns it as the API answered. */
  const add = async (payload: object) => {
    const response = await post(payload)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ member: Member }>().member
  }
  // Every answer checked against the contract: the route writes its JSON itself.
  const tree = async () => familyTreeSchema.parse((await request({ method: 'GET', url: '/api/family-tree' })).json()) as FamilyTree
  const byId = async (id: string) => (await tree()).members.find((m) => m.memberId === id)!
  const patch = (id: string, payload: object) => request({ method: 'PATCH', url: `/api/family-tree/members/${id}`, payload })
  return { user, request, post, add, tree, byId, patch }
}

/** A stored date as the Spanish form shows it, and so sends it back. */
const asWritten = (stored: StoredGenealogyDate | null) => (stored ? formatStoredDate(stored, 'es') : null)

/** Every field the member form sends for a member opened and saved without a change, in Spanish. */
export function memberFormBody(member: Member, tree: FamilyTree) {
  const unions = member.unionIds.map((id) => tree.unions.find((union) => union.unionId === id)!)
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    isSelf: member.isSelf,
    relationshipToOwner: member.relationshipToOwner,
    isDeceased: member.isDeceased,
    birthDate: asWritten(member.birthDate),
    birthPlace: member.birthPlace,
    deathDate: asWritten(member.deathDate),
    deathPlace: member.deathPlace,
    gender: member.gender,
    bioSummary: member.bioSummary,
    keyLifeEvents: member.keyLifeEvents,
    notes: member.notes,
    parentMemberIds: member.parentMemberIds,
    parentLinks: member.parentLinks.map(({ parentId, kind }) => ({ parentId, kind })),
    spouseMemberIds: member.spouseMemberIds,
    unions: unions.map((union) => ({
      unionId: union.unionId,
      spouseId: (union.firstPartnerId === member.memberId ? union.secondPartnerId : union.firstPartnerId) ?? null,
      marriageDate: asWritten(union.marriageDate),
      marriagePlace: union.marriagePlace,
      divorceDate: asWritten(union.divorceDate),
      divorcePlace: union.divorcePlace,
      notes: union.notes,
    })),
    childrenMemberIds: member.childrenMemberIds,
    language: 'es',
  }
}
