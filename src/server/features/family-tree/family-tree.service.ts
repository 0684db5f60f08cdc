import type { FamilyTree, Member, RelationToReader, Union } from '../../../shared/contracts/family-tree.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { storedDateText } from '../../../shared/genealogy-date/index.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { collationRanks, createPacer, pacedSortByKeys } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import { applyBatch, type Batch, type BatchOptions, type BatchProgress, type BatchReport, type ImportedTree } from './family-tree.batch.ts'
import type { MemberChanges } from './family-tree.rules.ts'
import { indexLinks, toMember, toUnion } from './family-tree.mapping.ts'
import { toMemberFacts, type MemberFacts } from './family-tree.member-facts.ts'
import { byName, createTreeReads } from './family-tree.reads.ts'
import { storytellerKinship } from './family-tree.storyteller.ts'
import { kinshipOf } from './family-tree.kinship.ts'
import { kinshipWord } from '../../../shared/family-tree/kinship-words.ts'
import { createCardReads } from './family-tree.cards.ts'
import { createTreeSaves, newTree, type NewMember, type TreeNeighbours } from './family-tree.saves.ts'

export type { NewMember, TreeOwner } from './family-tree.saves.ts'

export type { MemberFacts } from './family-tree.member-facts.ts'

// What other features hand the tree: the import door (an `ImportedTree`, whatever file it was read
// from) and the general batch a restore writes through.
export type {
  Batch,
  BatchLink,
  BatchMember,
  BatchOptions,
  BatchProgress,
  BatchReport,
  BatchUnion,
  ImportedParentLink,
  ImportedPerson,
  ImportedTree,
  ImportedUnion,
} from './family-tree.batch.ts'

interface Deps extends TreeNeighbours {
  /** The people one tree may hold (`limits.membersPerTree` unless the server sets fewer or more). */
  maxMembers?: number
}

export function createFamilyTreeService({ repo, getOwner, relatedIds, deleteUnlinkedMedia, moveOwnRecords, log, maxMembers = limits.membersPerTree }: Deps) {
  const cards = createCardReads({ repo, relatedIds })
  const { readMember, withRelated, findSelfMemberId, findStandInSelf } = cards
  const { addMemberReaching, addOwnCardReaching, chooseSelfReaching, updateMemberReaching, deleteMemberReaching } = createTreeSaves({
    repo,
    getOwner,
    relatedIds,
    deleteUnlinkedMedia,
    moveOwnRecords,
    log,
    maxMembers,
    cards,
  })

  /**
   * The reader's own card in the owner's tree (the owner's self card, or the card linked to the
   * reader's account) and, for a reader who is not the owner, how the member stands to them.
   */
  async function readerSide(ownerId: string, readerId: string, memberId: string): Promise<{ readerCardId: string | undefined; relationToReader?: RelationToReader }> {
    if (readerId === ownerId) return { readerCardId: await findSelfMemberId(ownerId) }
    const [readerCardId, keeperCardId] = await Promise.all([repo.linkedMemberId(ownerId, readerId), findSelfMemberId(ownerId)])
    const kinship = readerCardId ? await kinshipOf(repo, ownerId, readerCardId, memberId) : null
    // The keeper's words are said as theirs, by the name on their own card or their account's.
    const keeperName = (keeperCardId && (await repo.names(ownerId, [keeperCardId])).get(keeperCardId)) || (await getOwner(ownerId)).displayName.trim()
    return { readerCardId, relationToReader: { kinship, keeperName } }
  }

  /** A batch written into the owner's tree, which the first member creates, named after its owner. */
  async function writeBatch(ownerId: string, batch: Batch, options: BatchOptions): Promise<BatchReport> {
    const owner = await getOwner(ownerId)
    const standInSelfId = options.restore ? (await findStandInSelf(ownerId))?.memberId : undefined
    return applyBatch(repo, ownerId, batch, { ...options, standInSelfId }, (treeId, now) => newTree(ownerId, owner, treeId, now))
  }

  return {
    /** The tree page's reads: a view around one person, the index of names, members by ids, what a save changed. */
    reads: createTreeReads({ reads: repo, relatedIds, findSelfMemberId }),

    /** One member of the owner's tree, or undefined (another user's member looks exactly the same). */
    async findMember(ownerId: string, memberId: string): Promise<Member | undefined> {
      const member = await readMember(repo, ownerId, memberId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined
        throw error
      })
      return member && withRelated(ownerId, member)
    },

    /**
     * One member's facts and relatives, and how they stand to the person telling about them (the
     * owner unless `tellerId` says otherwise), read without the rest of the tree; undefined when
     * the member is not the owner's (another user's member looks exactly the same).
     */
    async findMemberFacts(ownerId: string, memberId: string, tellerId: string = ownerId): Promise<MemberFacts | undefined> {
      const facts = toMemberFacts(await repo.memberWithRelatives(ownerId, memberId), memberId)
      if (!facts) return undefined
      const { readerCardId, relationToReader } = await readerSide(ownerId, tellerId, memberId)
      const storyteller = await storytellerKinship(repo, ownerId, readerCardId, facts)
      return { ...facts, ...(storyteller ? { storyteller } : {}), ...(relationToReader ? { relationToReader } : {}) }
    },

    /**
     * How someone who told about a member stands to that member, as a word of the language («nieta»),
     * reckoned from the links between the member and the card that is the teller; null when the
     * teller has no card in the tree, is the member, or the tree links them no way it names.
     */
    async tellerKin(ownerId: string, tellerId: string, memberId: string, language: Language): Promise<string | null> {
      const tellerCard = tellerId === ownerId ? await findSelfMemberId(ownerId) : await repo.linkedMemberId(ownerId, tellerId)
      if (!tellerCard || tellerCard === memberId) return null
      const kinship = await kinshipOf(repo, ownerId, memberId, tellerCard)
      if (!kinship || kinship.relation === 'self') return null
      const teller = toMemberFacts(await repo.memberWithRelatives(ownerId, tellerCard), tellerCard)
      return kinshipWord(kinship, teller?.gender ?? '', language)
    },

    /** The id of the tree kept in this account, if any. */
    async treeIdOf(ownerId: string): Promise<string | undefined> {
      return (await repo.treeOf(ownerId))?.id
    },

    /** The unions the member is a partner in, each with the other partner and its marriage. */
    async unionsOf(ownerId: string, memberId: string): Promise<{ unionId: string; spouseId: string | null; marriageDate: string | null; marriagePlace: string }[]> {
      return (await repo.unionsOfPartner(ownerId, memberId)).map((union) => ({
        unionId: union.id,
        spouseId: union.firstPartnerId === memberId ? union.secondPartnerId : union.firstPartnerId,
        marriageDate: union.marriageDate === null ? null : storedDateText(union.marriageDate),
        marriagePlace: union.marriagePlace,
      }))
    },

    /**
     * One member's facts and relatives for a page about them, with how they stand to a reader who
     * does not keep the tree; `not_found` for a member that is not the owner's,
     * `family_tree.no_tree` when the owner has no tree at all.
     */
    async getMemberFacts(ownerId: string, memberId: string, readerId: string = ownerId): Promise<MemberFacts> {
      const facts = toMemberFacts(await repo.memberWithRelatives(ownerId, memberId), memberId)
      if (facts) {
        const { relationToReader } = await readerSide(ownerId, readerId, memberId)
        return relationToReader ? { ...facts, relationToReader } : facts
      }
      if (!(await repo.hasTree(ownerId))) throw new AppError('family_tree.no_tree', 'You have no family tree yet')
      throw notFound('Member')
    },

    /**
     * The members an import wrote, with their source ids and names: what an importer compares a
     * new file with to tell which earlier import, if any, it is a version of.
     */
    /** How many people the owner's tree holds. */
    countMembers(ownerId: string): Promise<number> {
      return repo.countMembers(ownerId)
    },

    importedMembers(ownerId: string): Promise<{ sourceId: string; firstName: string; lastName: string }[]> {
      return repo.importedMembers(ownerId)
    },

    /** Whether `memberId` is a member of the owner's tree (for features that link to members). */
    hasMember(ownerId: string, memberId: string): Promise<boolean> {
      return repo.memberExists(ownerId, memberId)
    },

    /**
     * The member that represents the owner (docs/product.md#family-tree: the self flag, or a relationship such as
     * 'Yo mismo/a'), for the features that write about the owner's own life.
     */
    findSelfMemberId,

    /** The owner's tree (null until the first member) and its members by last and first name. */
    async getTree(ownerId: string): Promise<FamilyTree> {
      const snapshot = await repo.loadTree(ownerId)
      // A tree may hold 100,000 people: the mapping and sorting are done in slices, letting other
      // requests in between (see cooperative.ts).
      const pacer = createPacer()
      const links = await indexLinks(snapshot, pacer)
      const ids: string[] = []
      for (const row of snapshot.members) {
        ids.push(row.id)
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      const related = await relatedIds?.(ownerId, ids)
      const mapped: Member[] = []
      const names: string[] = []
      for (const row of snapshot.members) {
        const member = toMember(row, links, related)
        mapped.push(member)
        names.push(member.lastName, member.firstName)
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      const rankOf = await collationRanks(names, byName, pacer)
      const members = await pacedSortByKeys(mapped, (member) => [rankOf.get(member.lastName)!, rankOf.get(member.firstName)!], pacer)
      const tree = snapshot.tree && {
        ownerId,
        treeName: snapshot.tree.treeName,
        createdAt: toIsoString(snapshot.tree.createdAt),
        lastModified: toIsoString(snapshot.tree.lastModified),
      }
      const answer: Union[] = []
      for (const row of links.unionsInOrder) {
        answer.push(toUnion(row, links))
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      return { tree: tree ?? null, members, unions: answer }
    },

    /**
     * Writes many members, unions and parent links at once (a restore; imports go through
     * `importTree`): the form's rules per item, problems reported per item, batched transactions.
     * See `applyBatch` in family-tree.batch.ts.
     */
    applyBatch(ownerId: string, batch: Batch, options: BatchOptions): Promise<BatchReport> {
      return writeBatch(ownerId, batch, options)
    },

    /**
     * The import door: writes a tree read from another program's file. Each person and union
     * updates the row an earlier import of the same source wrote (found by source id, then
     * `alsoMatches`) or is added; nothing is deleted, and what an item could not take is reported,
     * not thrown.
     */
    importTree(ownerId: string, tree: ImportedTree, options: { onProgress?: BatchProgress | undefined } = {}): Promise<BatchReport> {
      return writeBatch(ownerId, tree, { bySourceId: true, ...options })
    },

    /** Relatives others added by hand after `since`, newest first (the family's news). */
    async addedSince(ownerId: string, since: string, readerId: string, limit: number) {
      const rows = await repo.addedSince(ownerId, since, readerId, limit)
      return rows.map((row) => ({
        kind: 'member' as const,
        id: row.id,
        memberId: row.id,
        authorId: row.addedByUserId ?? row.ownerUserId,
        at: toIsoString(row.createdAt),
        text: `${row.firstName} ${row.lastName}`.trim(),
        mediaId: null,
        contentType: null,
      }))
    },

    /** The names of some of the tree's members, by id. */
    memberNames(ownerId: string, ids: string[]): Promise<Map<string, string>> {
      return repo.names(ownerId, [...new Set(ids)].slice(0, 500))
    },

    /** Starts the person's own tree, empty, and answers its id (the one they hold when they have one). */
    async startOwnTree(ownerId: string): Promise<string> {
      const owner = await getOwner(ownerId)
      return repo.transaction(async (q) => {
        const snapshot = await q.treeOf(ownerId)
        if (snapshot) return snapshot.id
        const tree = newTree(ownerId, owner, newId(), nowIso())
        await q.insertTree(tree)
        return tree.id
      })
    },

    /** Adds a member to the holder's tree; `authorId`, when another person adds it, is kept as who added it. */
    async addMember(ownerId: string, input: NewMember, authorId: string = ownerId): Promise<Member> {
      return (await addMemberReaching(ownerId, input, authorId)).member
    },

    addMemberReaching,

    /**
     * The person's own card, made from the full name (and the birth date as they know it) they
     * gave at sign-up or when the biography offers it; `member.self_exists` when they have one.
     */
    addOwnCard(ownerId: string, card: { fullName: string; birthDate: string | null; language?: Language | undefined }): Promise<Member> {
      return addOwnCardReaching(ownerId, card).then((saved) => saved.member)
    },

    addOwnCardReaching,

    chooseSelfReaching,

    /**
     * Merges the sent fields into the member; the relation lists sent replace its relations. With
     * `expectedUpdatedAt` no longer the member's stamp, nothing is written and the answer is 409
     * `conflict` with the member as stored now (docs/product.md#family-tree).
     */
    async updateMember(ownerId: string, memberId: string, changes: MemberChanges): Promise<Member> {
      return (await updateMemberReaching(ownerId, memberId, changes)).member
    },

    updateMemberReaching,

    deleteMemberReaching,
  }
}
export type FamilyTreeService = ReturnType<typeof createFamilyTreeService>

/** What an import format needs of the tree: the door to write through, the earlier imports to recognise, and the whole tree to export. */
export type TreeImportDoor = Pick<FamilyTreeService, 'importTree' | 'importedMembers' | 'getTree' | 'countMembers'>
