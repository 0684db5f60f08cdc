import type { SharedItemKind, SharedMemory, SharedWith } from '../../../shared/contracts/family-circle.ts'
import { roleMay, type TreeRole } from '../../../shared/family-tree/roles.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { TreeAccess } from './family-tree.circle.service.ts'
import type { SharingRepository } from './family-tree.sharing.repository.ts'

/** One item as its author's feature reads it for the tree: which of them is it, and what it says. */
export interface SharedItemContent {
  id: string
  authorUserId: string
  /** The member a memory is about (its author's own card); null for a story. */
  subjectMemberId: string | null
  title: string
  text: string
  variation: string | null
  eventDate: string | null
  mediaAssetIds: string[]
}

/** What an item's feature answers: its author's items among `items`, each checked against its author. */
export type ReadSharedItems = (items: { authorUserId: string; id: string }[]) => Promise<SharedItemContent[]>

interface Deps {
  repo: SharingRepository
  circle: {
    roleIn(userId: string, treeId: string): Promise<TreeRole | undefined>
    require(userId: string, action: 'tree.read'): Promise<TreeAccess>
    memberIn(treeId: string, memberId: string): Promise<{ memberId: string; linkedUserId: string | null } | undefined>
    linkedMemberId(treeId: string, userId: string): Promise<string | undefined>
    accountOfCard(treeId: string, memberId: string): Promise<string | null>
    isClosedToViewers(access: TreeAccess, memberId: string): Promise<boolean>
  }
  /** The memories (biography) and the AI-lab stories, read from their features. */
  read: Record<SharedItemKind, ReadSharedItems>
}

/**
 * A memory or an AI-lab story stays its author's; the author shares it with a tree they belong
 * to, one by one, and takes it back the same way (docs/product.md#family-tree). Sharing adds to
 * the tree, so it asks the role that adds content: a viewer reads what others shared.
 */
export function createSharingService({ repo, circle, read }: Deps) {
  return {
    /** Shares one of the person's items (the caller checked it is theirs) with a tree of theirs. */
    async share(userId: string, kind: SharedItemKind, itemId: string, treeId: string): Promise<void> {
      const role = await circle.roleIn(userId, treeId)
      if (!role) throw notFound('Tree')
      if (!roleMay(role, 'content.add')) throw new AppError('forbidden', 'Your role in this tree does not allow content.add')
      await repo.share(kind, { treeId, itemId, userId, at: nowIso() })
    },

    /**
     * Takes a share back. The author may do so even after leaving the tree; someone who never was
     * in it is told the tree does not exist. Taking back what is not shared changes nothing.
     */
    async unshare(userId: string, kind: SharedItemKind, itemId: string, treeId: string): Promise<void> {
      if (await repo.unshare(kind, { treeId, itemId, userId })) return
      if (!(await circle.roleIn(userId, treeId))) throw notFound('Tree')
    },

    /** The trees each of the person's items is shared with. */
    async sharedWith(userId: string, kind: SharedItemKind, itemIds: string[]): Promise<Map<string, SharedWith[]>> {
      const byItem = new Map<string, SharedWith[]>()
      for (const row of await repo.sharedWith(kind, userId, itemIds)) {
        const trees = byItem.get(row.itemId) ?? []
        trees.push({ treeId: row.treeId, treeName: row.treeName })
        byItem.set(row.itemId, trees)
      }
      return byItem
    },

    /**
     * Whether the reader may open a file of memories (by their ids) through the tree they share: one
     * of the memories is shared with it and, for a viewer, shown on a card not closed to them (the
     * card it is about, or its author's) or on none (the news alone tells it).
     */
    async mayReadMemoryFile(access: TreeAccess, authorUserId: string, entryIds: string[]): Promise<boolean> {
      if (!access.treeId) return false
      const shared = await repo.sharedAmong('memory', access.treeId, entryIds)
      if (shared.length === 0) return false
      if (roleMay(access.role, 'tree.see-living')) return true
      for (const item of await read.memory(shared.map((id) => ({ authorUserId, id })))) {
        const about =
          item.subjectMemberId && (await circle.memberIn(access.treeId, item.subjectMemberId)) ? item.subjectMemberId : await circle.linkedMemberId(access.treeId, authorUserId)
        if (!about || !(await circle.isClosedToViewers(access, about))) return true
      }
      return false
    },

    /**
     * What others shared after `since` with the tree kept in the holder's account, as the family's
     * news tells it (kind `memory`, newest first): about the card of who shared it, or the card a
     * memory is about, so a viewer hears nothing of the living they see only by name.
     */
    async sharedSince(holderId: string, since: string, readerId: string, limit: number) {
      const news = []
      for (const kind of ['memory', 'story'] as const) {
        const rows = await repo.sharedSince(kind, holderId, since, readerId, limit)
        const contents = new Map((await read[kind](rows.map((row) => ({ authorUserId: row.sharedByUserId, id: row.itemId })))).map((item) => [item.id, item]))
        for (const row of rows) {
          const item = contents.get(row.itemId)
          if (!item) continue
          const about =
            item.subjectMemberId && (await circle.memberIn(row.treeId, item.subjectMemberId)) ? item.subjectMemberId : await circle.linkedMemberId(row.treeId, row.sharedByUserId)
          news.push({
            kind: 'memory' as const,
            id: item.id,
            memberId: about ?? null,
            authorId: row.sharedByUserId,
            at: toIsoString(row.sharedAt),
            text: item.title || item.text,
            mediaId: null,
            contentType: null,
          })
        }
      }
      return news
    },

    /**
     * What was shared into the tree the person's pages show about one member, newest first: what
     * the person linked to the card shared, and memories anyone shared about that card (or, when
     * `mentions` is given, whose words name them: a life book gathers those too). A viewer
     * meeting a living person who is not opened up sees none of it.
     */
    async sharedAbout(userId: string, memberId: string, mentions?: (text: string) => boolean): Promise<SharedMemory[]> {
      const access = await circle.require(userId, 'tree.read')
      const member = access.treeId ? await circle.memberIn(access.treeId, memberId) : undefined
      if (!access.treeId || !member) throw notFound('Member')
      if (await circle.isClosedToViewers(access, memberId)) return []
      // What the card's person shared: their linked account's, or the keeper's for the keeper's own card.
      const account = await circle.accountOfCard(access.treeId, memberId)
      const found: SharedMemory[] = []
      for (const kind of ['memory', 'story'] as const) {
        const rows = await repo.sharedInto(kind, access.treeId)
        const contents = new Map((await read[kind](rows.map((row) => ({ authorUserId: row.sharedByUserId, id: row.itemId })))).map((item) => [item.id, item]))
        for (const row of rows) {
          const item = contents.get(row.itemId)
          if (!item) continue
          const isTheirs = account !== null && item.authorUserId === account
          if (!isTheirs && item.subjectMemberId !== memberId && !mentions?.(`${item.title}\n${item.text}`)) continue
          const { title, text, variation, eventDate, mediaAssetIds } = item
          found.push({ kind, id: item.id, authorName: row.authorName, title, text, variation, eventDate, mediaAssetIds, sharedAt: toIsoString(row.sharedAt) })
        }
      }
      return found.sort((a, b) => b.sharedAt.localeCompare(a.sharedAt) || b.id.localeCompare(a.id))
    },
  }
}
export type SharingService = ReturnType<typeof createSharingService>
