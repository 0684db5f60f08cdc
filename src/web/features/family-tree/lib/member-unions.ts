import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'

/** Unions by id, built once per tree answer: every card of a 10,000-person list asks for its own. */
const indexes = new WeakMap<readonly Union[], Map<string, Union>>()

/** The member's unions in their order, each with the other partner (null for a family of one parent). */
export function unionsOf(member: Pick<Member, 'memberId' | 'unionIds'>, unions: readonly Union[]): { union: Union; spouseId: string | null }[] {
  let byId = indexes.get(unions)
  if (!byId) indexes.set(unions, (byId = new Map(unions.map((union) => [union.unionId, union]))))
  return member.unionIds.flatMap((id) => {
    const union = byId.get(id)
    if (!union) return []
    return [{ union, spouseId: (union.firstPartnerId === member.memberId ? union.secondPartnerId : union.firstPartnerId) ?? null }]
  })
}
