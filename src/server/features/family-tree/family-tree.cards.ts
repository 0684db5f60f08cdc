import type { Member } from '../../../shared/contracts/family-tree.ts'
import { isSelfMember, isStandInSelf } from '../../../shared/family-tree/self-member.ts'
import { notFound } from '../../lib/app-error.ts'
import type { FamilyTreeQueries, FamilyTreeRepository } from './family-tree.repository.ts'
import { indexLinks, toMember, type MemberRelatedIds } from './family-tree.mapping.ts'
import { snapshotAround } from './family-tree.around.ts'

interface Deps {
  repo: FamilyTreeRepository
  /** The interview sessions and media of the owner's members, from the features that keep them. */
  relatedIds?(ownerId: string, memberIds: string[]): Promise<MemberRelatedIds>
}

/** One member read whole, and the owner's own card found: what the tree's reads and saves both ask. */
export function createCardReads({ repo, relatedIds }: Deps) {
  /** The member as the tree alone knows it (safe inside a transaction). */
  async function readMember(q: FamilyTreeQueries, ownerId: string, memberId: string): Promise<Member> {
    const { snapshot, rowById } = await snapshotAround(q, ownerId, [memberId])
    const row = rowById.get(memberId)
    if (!row) throw notFound('Member')
    return toMember(row, await indexLinks(snapshot))
  }

  /**
   * With what the other features keep about them. Never inside a transaction: on SQLite the
   * transaction holds the only connection, and the other features read through their own.
   */
  async function withRelated(ownerId: string, member: Member): Promise<Member> {
    const related = await relatedIds?.(ownerId, [member.memberId])
    return related
      ? {
          ...member,
          interviewSegments: related.interviewSegments.get(member.memberId) ?? [],
          mediaAssetIds: related.mediaAssetIds.get(member.memberId) ?? [],
          portraitURL: related.portraitURLs?.get(member.memberId) ?? null,
        }
      : member
  }

  /** The card that represents the owner; asked on every chat message, so only the columns that decide it are read. */
  async function findSelfMemberId(ownerId: string): Promise<string | undefined> {
    const candidates = await repo.selfCandidates(ownerId)
    return candidates.find((m) => isSelfMember({ isSelf: Boolean(m.isSelf), relationshipToOwner: m.relationshipToOwner }))?.id
  }

  /** The owner's own card when it is still only what sign-up made of it (`isStandInSelf`). */
  async function findStandInSelf(ownerId: string): Promise<Member | undefined> {
    const selfId = await findSelfMemberId(ownerId)
    if (!selfId) return undefined
    const self = await withRelated(ownerId, await readMember(repo, ownerId, selfId))
    return isStandInSelf(self) ? self : undefined
  }

  return { readMember, withRelated, findSelfMemberId, findStandInSelf }
}
export type CardReads = ReturnType<typeof createCardReads>
