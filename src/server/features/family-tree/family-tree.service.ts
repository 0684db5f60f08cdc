import type { z } from 'zod'
import type { createMemberSchema, FamilyTree, Member, RelationToReader, Union } from '../../../shared/contracts/family-tree.ts'
import { splitFullName } from '../../../shared/family-tree/full-name.ts'
import { isSelfMember, isStandInSelf, selfRelationship } from '../../../shared/family-tree/self-member.ts'
import { defaultLanguage, limits, type Language } from '../../../shared/limits.ts'
import { storedDateText } from '../../../shared/genealogy-date/index.ts'
import { nextInstant, nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound, staleEdit } from '../../lib/app-error.ts'
import { collationRanks, createPacer, pacedSortByKeys } from '../../lib/cooperative.ts'
import { newId } from '../../lib/ids.ts'
import type { FamilyTreeQueries, FamilyTreeRepository } from './family-tree.repository.ts'
import { applyBatch, type Batch, type BatchOptions, type BatchProgress, type BatchReport, type ImportedTree } from './family-tree.batch.ts'
import { sortKeyOf } from './family-tree.dates.ts'
import { checkMember, requestedParentLinks, type MemberChanges, type ProposedMember } from './family-tree.rules.ts'
import { columns, indexLinks, toMember, toProposed, toUnion, type MemberRelatedIds } from './family-tree.mapping.ts'
import { toMemberFacts, type MemberFacts } from './family-tree.member-facts.ts'
import { othersWithChangedRelations, reachOfSave } from './family-tree.stamps.ts'
import { byName, createTreeReads, emptyReach, mergeReach, snapshotAround, type SaveReach } from './family-tree.reads.ts'
import { storytellerKinship } from './family-tree.storyteller.ts'
import { kinshipOf } from './family-tree.kinship.ts'
import { kinshipWord } from '../../../shared/family-tree/kinship-words.ts'
import { aroundOf, asksNewLinks, namedIds, readAroundSave, readDates, stampReached, stateAround, writeRelations } from './family-tree.save-steps.ts'
import { exceedsUnionsPerMember, planUnions } from './family-tree.unions.ts'

export type NewMember = z.output<typeof createMemberSchema>

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
  /** Moves what other features keep about the owner's own card to another card (the memories told to Cronos). */
  moveOwnRecords?(ownerId: string, fromMemberId: string, toMemberId: string): Promise<void>
  log?: { warn(details: object, message: string): void }
  /** The people one tree may hold (`limits.membersPerTree` unless the server sets fewer or more). */
  maxMembers?: number
}

const treeNames: Record<Language, (name: string) => string> = {
  es: (name) => `Árbol de ${name}`,
  en: (name) => `Tree of ${name}`,
  fr: (name) => `Arbre de ${name}`,
}

/** The tree row made with the owner's first member, named after them in their language. */
function newTree(ownerUserId: string, owner: TreeOwner, id: string, now: string) {
  const name = owner.displayName.trim() || owner.email
  return { id, ownerUserId, treeName: treeNames[owner.preferredLanguage ?? 'es'](name), createdAt: now, lastModified: now }
}

export function createFamilyTreeService({ repo, getOwner, relatedIds, deleteUnlinkedMedia, moveOwnRecords, log, maxMembers = limits.membersPerTree }: Deps) {
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

  /** The owner's own card when it is still only what sign-up made of it (`isStandInSelf`). */
  async function findStandInSelf(ownerId: string): Promise<Member | undefined> {
    const selfId = await findSelfMemberId(ownerId)
    if (!selfId) return undefined
    const self = await withRelated(ownerId, await readMember(repo, ownerId, selfId))
    return isStandInSelf(self) ? self : undefined
  }

  /** A batch written into the owner's tree, which the first member creates, named after its owner. */
  async function writeBatch(ownerId: string, batch: Batch, options: BatchOptions): Promise<BatchReport> {
    const owner = await getOwner(ownerId)
    const standInSelfId = options.restore ? (await findStandInSelf(ownerId))?.memberId : undefined
    return applyBatch(repo, ownerId, batch, { ...options, standInSelfId }, (treeId, now) => newTree(ownerId, owner, treeId, now))
  }

  /** Adds a member to the holder's tree; `authorId`, when another person adds it, is kept as who added it. With what the save reached. */
  async function addMemberReaching(ownerId: string, input: NewMember, authorId: string = ownerId): Promise<{ member: Member; reach: SaveReach }> {
    const id = newId()
    const now = nowIso()
    // Read before the transaction: on SQLite it holds the only connection.
    const owner = await getOwner(ownerId)
    const dates = readDates(input, input.language ?? owner.preferredLanguage ?? defaultLanguage)
    return repo.transaction(async (q) => {
      if ((await q.countMembers(ownerId)) >= maxMembers) throw new AppError('limit.members_per_tree', `A tree can hold at most ${maxMembers} people`)
      const named = namedIds(input, dates.unions)
      const around = await readAroundSave(q, ownerId, id, named)
      const { snapshot, links } = around
      const state = await stateAround(q, ownerId, around, id, named)
      const treeId = snapshot.tree?.id ?? newId()
      const plan = planUnions(
        snapshot.unions,
        { unions: dates.unions, spouseMemberIds: input.spouseMemberIds },
        { memberId: id, ownerUserId: ownerId, treeId, now, others: new Set(state.others.keys()), sortKeyOf },
      )
      if (exceedsUnionsPerMember(plan, id)) throw new AppError('limit.unions_per_member', `A person can be a partner in at most ${limits.unionsPerMember} unions`)
      const member = checkMember(
        {
          id,
          firstName: input.firstName,
          lastName: input.lastName,
          relationshipToOwner: input.relationshipToOwner ?? '',
          isSelf: input.isSelf ?? false,
          isDeceased: input.isDeceased ?? false,
          birthDate: dates.birthDate ?? null,
          deathDate: dates.deathDate ?? null,
          birthPlace: input.birthPlace ?? '',
          deathPlace: input.deathPlace ?? '',
          notes: input.notes ?? '',
          sourceId: null,
          gender: input.gender ?? '',
          bioSummary: input.bioSummary ?? '',
          keyLifeEvents: input.keyLifeEvents ?? [],
          parentMemberIds: input.parentLinks?.map((link) => link.parentId) ?? input.parentMemberIds ?? [],
          parentLinks: input.parentLinks ? requestedParentLinks([], input.parentLinks) : [],
          // Unions sent name the spouses themselves (planUnions checks them).
          spouseMemberIds: dates.unions ? [] : (input.spouseMemberIds ?? []),
          childrenMemberIds: input.childLinks?.map((link) => link.childId) ?? input.childrenMemberIds ?? [],
          ...(input.childLinks ? { childKinds: new Map(input.childLinks.map((link) => [link.childId, link.kind])) } : {}),
        },
        state,
        new Set(),
        [...dates.issues, ...plan.issues],
      )
      if (!snapshot.tree) await q.insertTree(newTree(ownerId, owner, treeId, now))
      await q.insertMembers([
        { id, treeId, ownerUserId: ownerId, ...columns(member, sortKeyOf), addedByUserId: authorId === ownerId ? null : authorId, createdAt: now, updatedAt: now },
      ])
      const touched = [id, ...member.childrenMemberIds]
      await writeRelations(q, ownerId, member, plan, touched)
      const { snapshot: after, links: afterLinks } = await aroundOf(q, ownerId, around.ids.add(id))
      const rowsAfter = new Map(after.members.map((m) => [m.id, m]))
      const trees = { before: { snapshot, links }, after: { snapshot: after, links: afterLinks } }
      const reached = othersWithChangedRelations(id, touched, plan, trees.before, trees.after)
      await stampReached(q, ownerId, reached, rowsAfter, now)
      await q.touchTree(ownerId, now)
      return { member: toMember(rowsAfter.get(id)!, afterLinks), reach: reachOfSave(id, touched, plan, trees, reached, true) }
    })
  }

  /** `addMemberReaching` of the person's own card, made from their full name (and birth date as they know it). */
  function addOwnCardReaching(ownerId: string, card: { fullName: string; birthDate: string | null; language?: Language | undefined }) {
    return addMemberReaching(ownerId, { ...splitFullName(card.fullName), isSelf: true, relationshipToOwner: selfRelationship, birthDate: card.birthDate, language: card.language })
  }

  /**
   * Marks `memberId` as the owner ("this is me", after an import). A stand-in own card
   * (`isStandInSelf`) gives way: the memories about it move to the chosen person, its birth date
   * fills theirs if they have none, and it goes. Any other own card stays, and the choice is
   * refused with `member.self_exists`. With what it reached: the stand-in card gone, the chosen one changed.
   */
  async function chooseSelfReaching(ownerId: string, memberId: string): Promise<{ member: Member; reach: SaveReach }> {
    const chosen = await readMember(repo, ownerId, memberId)
    const selfId = await findSelfMemberId(ownerId)
    if (selfId === memberId) return { member: await withRelated(ownerId, chosen), reach: emptyReach() }
    const standIn = selfId ? await findStandInSelf(ownerId) : undefined
    if (selfId && !standIn) throw new AppError('validation_failed', 'You already have a card of your own', [{ path: 'isSelf', code: 'member.self_exists' }])
    const reach = emptyReach()
    if (standIn) {
      await moveOwnRecords?.(ownerId, standIn.memberId, memberId)
      mergeReach(reach, await deleteMemberReaching(ownerId, standIn.memberId))
    }
    const updated = await updateMemberReaching(ownerId, memberId, {
      isSelf: true,
      relationshipToOwner: selfRelationship,
      // The stored form reads back the same in any language.
      ...(chosen.birthDate === null && standIn?.birthDate ? { birthDate: storedDateText(standIn.birthDate) } : {}),
    })
    return { member: updated.member, reach: mergeReach(reach, updated.reach) }
  }

  /** `updateMember`, with what the save reached. */
  async function updateMemberReaching(ownerId: string, memberId: string, changes: MemberChanges): Promise<{ member: Member; reach: SaveReach }> {
    const now = nowIso()
    const datesSent = changes.birthDate !== undefined || changes.deathDate !== undefined || changes.unions !== undefined
    // Read before the transaction: on SQLite it holds the only connection.
    const language = changes.language ?? (datesSent ? (await getOwner(ownerId)).preferredLanguage : null) ?? defaultLanguage
    const dates = readDates(changes, language)
    const outcome = await repo.transaction(async (q): Promise<{ updated: Member; reach: SaveReach } | { stale: Member }> => {
      // The check and the write are one step: the member's row is held from here to the commit.
      const stamp = await q.lockMember(ownerId, memberId)
      if (!stamp) throw notFound('Member')
      if (changes.expectedUpdatedAt !== undefined && Date.parse(changes.expectedUpdatedAt) !== Date.parse(toIsoString(stamp.updatedAt)))
        return { stale: await readMember(q, ownerId, memberId) }
      const named = namedIds(changes, dates.unions)
      const around = await readAroundSave(q, ownerId, memberId, named)
      const { snapshot, links } = around
      const row = snapshot.members.find((m) => m.id === memberId)
      if (!row) throw notFound('Member')
      const current = toProposed(row, links)
      const state = await stateAround(q, ownerId, around, memberId, named, { mayCloseLoop: asksNewLinks(changes, current) })
      const plan = planUnions(
        snapshot.unions,
        { unions: dates.unions, spouseMemberIds: changes.spouseMemberIds },
        { memberId, ownerUserId: ownerId, treeId: row.treeId, now, others: new Set(state.others.keys()), sortKeyOf },
      )
      if (exceedsUnionsPerMember(plan, memberId)) throw new AppError('limit.unions_per_member', `A person can be a partner in at most ${limits.unionsPerMember} unions`)
      const {
        unions: _unions,
        language: _language,
        expectedUpdatedAt: _expected,
        parentLinks: askedLinks,
        childLinks: askedChildren,
        ...fields
      } = { ...changes, birthDate: dates.birthDate, deathDate: dates.deathDate }
      const defined: Partial<ProposedMember> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
      if (dates.unions) defined.spouseMemberIds = []
      if (askedLinks) Object.assign(defined, { parentMemberIds: askedLinks.map((link) => link.parentId), parentLinks: requestedParentLinks(current.parentLinks, askedLinks) })
      if (askedChildren)
        Object.assign(defined, { childrenMemberIds: askedChildren.map((link) => link.childId), childKinds: new Map(askedChildren.map((link) => [link.childId, link.kind])) })
      const member = checkMember({ ...current, ...defined }, state, new Set(Object.keys(defined)), [...dates.issues, ...plan.issues])
      const written = columns(member, sortKeyOf)
      // Every save gives a stamp of its own, even two in one millisecond: the next edit's check tells them apart.
      await q.updateMember(ownerId, memberId, { ...written, updatedAt: nextInstant(stamp.updatedAt, now) })
      const touched = [...new Set([memberId, ...current.childrenMemberIds, ...member.childrenMemberIds])]
      await writeRelations(q, ownerId, member, plan, touched)
      const { snapshot: after, links: afterLinks } = await aroundOf(q, ownerId, around.ids)
      const trees = { before: { snapshot, links }, after: { snapshot: after, links: afterLinks } }
      const reached = othersWithChangedRelations(memberId, touched, plan, trees.before, trees.after)
      const rowsAfter = new Map(after.members.map((m) => [m.id, m]))
      await stampReached(q, ownerId, reached, rowsAfter, now)
      await q.touchTree(ownerId, now)
      // Read after the member's own write: the stamps given to others since change nothing of theirs.
      const reach = reachOfSave(memberId, touched, plan, trees, reached, written.birthDateSort !== row.birthDateSort)
      return { updated: toMember(rowsAfter.get(memberId)!, afterLinks), reach }
    })
    if ('stale' in outcome) throw staleEdit('Member', await withRelated(ownerId, outcome.stale))
    return { member: await withRelated(ownerId, outcome.updated), reach: outcome.reach }
  }

  /**
   * Deletes a member with their links to the others and their interviews (the database cascades),
   * then the files that were theirs alone (a photo also in a memory stays there), so nothing is
   * left in storage that no page can reach; a file that then fails to go stays, unlinked. Answers
   * what it reached: the member and their childless unions gone, their relatives and families changed.
   */
  async function deleteMemberReaching(ownerId: string, memberId: string): Promise<SaveReach> {
    const mediaIds = (await relatedIds?.(ownerId, [memberId]))?.mediaAssetIds.get(memberId) ?? []
    const reach = await repo.transaction(async (q) => {
      // A couple with no children ends with one of them: its union goes too. A family with
      // children stays, with the one parent left.
      const { snapshot } = await snapshotAround(q, ownerId, [memberId])
      const links = await indexLinks(snapshot)
      const childless = snapshot.unions.filter((u) => (u.firstPartnerId === memberId || u.secondPartnerId === memberId) && !links.unionChildren.has(u.id))
      await q.deleteUnions(
        ownerId,
        childless.map((u) => u.id),
      )
      if (!(await q.deleteMember(ownerId, memberId))) throw notFound('Member')
      const now = nowIso()
      // Their parents, children and partners lose them: a form opened on one of those before must see it.
      const parentLinks = links.parentLinksOf.get(memberId) ?? []
      const reached = [...parentLinks.map((link) => link.parentId), ...(links.childrenOf.get(memberId) ?? []), ...(links.spousesOf.get(memberId) ?? [])]
      await stampReached(q, ownerId, reached, new Map((await q.membersByIds(ownerId, reached)).map((m) => [m.id, m])), now)
      await q.touchTree(ownerId, now)
      const gone = new Set(childless.map((u) => u.id))
      return mergeReach(emptyReach(), {
        memberIds: new Set(reached),
        // The families they were a partner in lose a partner, the one they were a child of loses a child.
        unionIds: new Set([...(links.unionsOf.get(memberId) ?? []), ...parentLinks.flatMap((link) => (link.unionId ? [link.unionId] : []))].filter((id) => !gone.has(id))),
        removedMemberIds: new Set([memberId]),
        removedUnionIds: gone,
      })
    })
    await deleteUnlinkedMedia?.(ownerId, mediaIds).catch((error: unknown) => log?.warn({ err: error, mediaIds }, 'a deleted member’s files could not be removed'))
    return reach
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
