import type { z } from 'zod'
import type { createMemberSchema, Member } from '../../../shared/contracts/family-tree.ts'
import { splitFullName } from '../../../shared/family-tree/full-name.ts'
import { selfRelationship } from '../../../shared/family-tree/self-member.ts'
import { defaultLanguage, limits, type Language } from '../../../shared/limits.ts'
import { storedDateText } from '../../../shared/genealogy-date/index.ts'
import { nextInstant, nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound, staleEdit } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { CardReads } from './family-tree.cards.ts'
import type { FamilyTreeRepository } from './family-tree.repository.ts'
import { sortKeyOf } from './family-tree.dates.ts'
import { checkMember, requestedParentLinks, type MemberChanges, type ProposedMember } from './family-tree.rules.ts'
import { columns, indexLinks, toMember, toProposed, type MemberRelatedIds } from './family-tree.mapping.ts'
import { othersWithChangedRelations, reachOfSave } from './family-tree.stamps.ts'
import { snapshotAround } from './family-tree.around.ts'
import { emptyReach, mergeReach, type SaveReach } from './family-tree.reach.ts'
import { aroundOf, asksNewLinks, namedIds, readAroundSave, readDates, stampReached, stateAround, writeRelations } from './family-tree.save-steps.ts'
import { exceedsUnionsPerMember, planUnions } from './family-tree.unions.ts'

export type NewMember = z.output<typeof createMemberSchema>

/** What the tree needs to know of its owner to name it. */
export interface TreeOwner {
  displayName: string
  email: string
  preferredLanguage: Language | null
}

const treeNames: Record<Language, (name: string) => string> = {
  es: (name) => `Árbol de ${name}`,
  en: (name) => `Tree of ${name}`,
  fr: (name) => `Arbre de ${name}`,
}

/** The tree row made with the owner's first member, named after them in their language. */
export function newTree(ownerUserId: string, owner: TreeOwner, id: string, now: string) {
  const name = owner.displayName.trim() || owner.email
  return { id, ownerUserId, treeName: treeNames[owner.preferredLanguage ?? 'es'](name), createdAt: now, lastModified: now }
}

/** What the tree asks of the rest of the app: its owner, and what other features keep about its people. */
export interface TreeNeighbours {
  repo: FamilyTreeRepository
  getOwner(userId: string): Promise<TreeOwner>
  /** The interview sessions and media of the owner's members, from the features that keep them. */
  relatedIds?(ownerId: string, memberIds: string[]): Promise<MemberRelatedIds>
  /** Deletes, of these files, those nothing links to any more (the media feature's rule). */
  deleteUnlinkedMedia?(ownerId: string, mediaIds: string[]): Promise<void>
  /** Moves what other features keep about the owner's own card to another card (the memories told to Cronos). */
  moveOwnRecords?(ownerId: string, fromMemberId: string, toMemberId: string): Promise<void>
  log?: { warn(details: object, message: string): void } | undefined
}

interface Deps extends TreeNeighbours {
  /** The people one tree may hold. */
  maxMembers: number
  cards: CardReads
}

/**
 * The saves of one member (add, update, "this is me", delete), each in one transaction, each
 * answering what it reached: the people and families whose cards changed with it, for the page
 * to update from (ADR 0058).
 */
export function createTreeSaves({ repo, getOwner, relatedIds, deleteUnlinkedMedia, moveOwnRecords, log, maxMembers, cards }: Deps) {
  const { readMember, withRelated, findSelfMemberId, findStandInSelf } = cards

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

  return { addMemberReaching, addOwnCardReaching, chooseSelfReaching, updateMemberReaching, deleteMemberReaching }
}
