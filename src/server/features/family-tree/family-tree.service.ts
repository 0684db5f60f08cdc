import type { z } from 'zod'
import type { createMemberSchema, FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { FamilyTreeQueries, FamilyTreeRepository, TreeSnapshot } from './family-tree.repository.ts'
import { checkMember, type MemberChanges, type ProposedMember } from './family-tree.rules.ts'
import { columns, indexLinks, toMember, toProposed, type LinkIndex, type MemberRelatedIds } from './family-tree.mapping.ts'

export type NewMember = z.output<typeof createMemberSchema>

/** What the tree needs to know of its owner to name it. */
export interface TreeOwner {
  displayName: string
  email: string
  preferredLanguage: Language | null
}

interface Deps {
  repo: FamilyTreeRepository
  getOwner(userId: string): Promise<TreeOwner>
  /** The interview sessions and media of the owner's members, from the features that keep them. */
  relatedIds?(ownerId: string, memberIds: string[]): Promise<MemberRelatedIds>
  /** Deletes, of these files, those nothing links to any more (the media feature's rule). */
  deleteUnlinkedMedia?(ownerId: string, mediaIds: string[]): Promise<void>
  log?: { warn(details: object, message: string): void }
}

const treeNames: Record<Language, (name: string) => string> = {
  es: (name) => `Árbol de ${name}`,
  en: (name) => `Tree of ${name}`,
  fr: (name) => `Arbre de ${name}`,
}

/** The rules' view of everyone but `memberId`. */
function treeState(snapshot: TreeSnapshot, links: LinkIndex, memberId: string) {
  const others = new Map(
    snapshot.members.filter((m) => m.id !== memberId).map((m) => [m.id, { name: `${m.firstName} ${m.lastName}`, isSelf: Boolean(m.isSelf) }]),
  )
  return { others, parents: links.parentsOf }
}

async function writeRelations(q: FamilyTreeQueries, ownerId: string, member: ProposedMember, currentChildren: string[]) {
  await q.replaceParents(ownerId, member.id, member.parentMemberIds)
  await q.replaceChildren(ownerId, member.id, member.childrenMemberIds, currentChildren)
  await q.replaceSpouses(ownerId, member.id, member.spouseMemberIds)
}

export function createFamilyTreeService({ repo, getOwner, relatedIds, deleteUnlinkedMedia, log }: Deps) {
  /** The member as the tree alone knows it (safe inside a transaction). */
  async function readMember(q: FamilyTreeQueries, ownerId: string, memberId: string): Promise<Member> {
    const snapshot = await q.loadTree(ownerId)
    const row = snapshot.members.find((m) => m.id === memberId)
    if (!row) throw notFound('Member')
    return toMember(row, indexLinks(snapshot))
  }

  /**
   * With what the other features keep about them. Never inside a transaction: on SQLite the
   * transaction holds the only connection, and the other features read through their own.
   */
  async function withRelated(ownerId: string, member: Member): Promise<Member> {
    const related = await relatedIds?.(ownerId, [member.memberId])
    return related
      ? { ...member, interviewSegments: related.interviewSegments.get(member.memberId) ?? [], mediaAssetIds: related.mediaAssetIds.get(member.memberId) ?? [] }
      : member
  }

  return {
    /** One member of the owner's tree, or undefined (another user's member looks exactly the same). */
    async findMember(ownerId: string, memberId: string): Promise<Member | undefined> {
      const member = await readMember(repo, ownerId, memberId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined
        throw error
      })
      return member && withRelated(ownerId, member)
    },

    /** Whether `memberId` is a member of the owner's tree (for features that link to members). */
    hasMember(ownerId: string, memberId: string): Promise<boolean> {
      return repo.memberExists(ownerId, memberId)
    },

    /**
     * The member that represents the owner (spec §5: the self flag, or a relationship such as
     * 'Yo mismo/a'), for the features that write about the owner's own life.
     */
    async findSelfMemberId(ownerId: string): Promise<string | undefined> {
      // Asked on every chat message: only the columns that decide it, not the whole tree.
      const candidates = await repo.selfCandidates(ownerId)
      return candidates.find((m) => isSelfMember({ isSelf: Boolean(m.isSelf), relationshipToOwner: m.relationshipToOwner }))?.id
    },

    /** The owner's tree (null until the first member) and its members by last and first name. */
    async getTree(ownerId: string): Promise<FamilyTree> {
      const snapshot = await repo.loadTree(ownerId)
      const links = indexLinks(snapshot)
      const related = await relatedIds?.(ownerId, snapshot.members.map((row) => row.id))
      const members = snapshot.members
        .map((row) => toMember(row, links, related))
        .sort((a, b) => a.lastName.localeCompare(b.lastName, 'es') || a.firstName.localeCompare(b.firstName, 'es'))
      const tree = snapshot.tree && {
        ownerId,
        treeName: snapshot.tree.treeName,
        createdAt: toIsoString(snapshot.tree.createdAt),
        lastModified: toIsoString(snapshot.tree.lastModified),
      }
      return { tree: tree ?? null, members }
    },

    /** Adds a member, creating the tree with the first one. */
    async addMember(ownerId: string, input: NewMember): Promise<Member> {
      const id = newId()
      const now = nowIso()
      // Read before the transaction: on SQLite it holds the only connection.
      const owner = await getOwner(ownerId)
      return repo.transaction(async (q) => {
        const snapshot = await q.loadTree(ownerId)
        const member = checkMember(
          {
            id,
            firstName: input.firstName,
            lastName: input.lastName,
            relationshipToOwner: input.relationshipToOwner ?? '',
            isSelf: input.isSelf ?? false,
            isDeceased: input.isDeceased ?? false,
            birthDate: input.birthDate ?? null,
            deathDate: input.deathDate ?? null,
            gender: input.gender ?? '',
            bioSummary: input.bioSummary ?? '',
            keyLifeEvents: input.keyLifeEvents ?? [],
            parentMemberIds: input.parentMemberIds ?? [],
            spouseMemberIds: input.spouseMemberIds ?? [],
            childrenMemberIds: input.childrenMemberIds ?? [],
          },
          treeState(snapshot, indexLinks(snapshot), id),
        )
        let treeId = snapshot.tree?.id
        if (!treeId) {
          treeId = newId()
          const name = owner.displayName.trim() || owner.email
          await q.insertTree({ id: treeId, ownerUserId: ownerId, treeName: treeNames[owner.preferredLanguage ?? 'es'](name), createdAt: now, lastModified: now })
        }
        await q.insertMember({ id, treeId, ownerUserId: ownerId, ...columns(member), createdAt: now, updatedAt: now })
        await writeRelations(q, ownerId, member, [])
        await q.touchTree(ownerId, now)
        return readMember(q, ownerId, id)
      })
    },

    /** Merges the sent fields into the member; the relation lists sent replace its relations. */
    async updateMember(ownerId: string, memberId: string, changes: MemberChanges): Promise<Member> {
      const now = nowIso()
      const updated = await repo.transaction(async (q) => {
        const snapshot = await q.loadTree(ownerId)
        const row = snapshot.members.find((m) => m.id === memberId)
        if (!row) throw notFound('Member')
        const links = indexLinks(snapshot)
        const current = toProposed(row, links)
        const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
        const member = checkMember({ ...current, ...defined }, treeState(snapshot, links, memberId), new Set(Object.keys(defined)))
        await q.updateMember(ownerId, memberId, { ...columns(member), updatedAt: now })
        await writeRelations(q, ownerId, member, current.childrenMemberIds)
        await q.touchTree(ownerId, now)
        return readMember(q, ownerId, memberId)
      })
      return withRelated(ownerId, updated)
    },

    /** Deletes the member and every link to it, in one transaction. */
    /**
     * Deletes a member with their links to the others and their interviews (the database cascades),
     * then the files that were theirs alone (a photo also in a memory stays there), so nothing is
     * left in storage that no page can reach. A file that then fails to go stays, unlinked.
     */
    async deleteMember(ownerId: string, memberId: string): Promise<void> {
      const mediaIds = (await relatedIds?.(ownerId, [memberId]))?.mediaAssetIds.get(memberId) ?? []
      await repo.transaction(async (q) => {
        if (!(await q.deleteMember(ownerId, memberId))) throw notFound('Member')
        await q.touchTree(ownerId, nowIso())
      })
      await deleteUnlinkedMedia?.(ownerId, mediaIds).catch((error: unknown) => log?.warn({ err: error, mediaIds }, 'a deleted member’s files could not be removed'))
    },
  }
}
export type FamilyTreeService = ReturnType<typeof createFamilyTreeService>
