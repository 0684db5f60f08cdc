import { searchKinds, type SearchAnswer, type SearchGroup, type SearchKind, type SearchResult, type searchQuerySchema } from '../../../shared/contracts/search.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { livingYears } from '../../../shared/family-tree/living.ts'
import { roleMay, type TreeActor } from '../../../shared/family-tree/roles.ts'
import { excerpt, searchTerms, type SearchTerms } from '../../../shared/search/search-terms.ts'
import { foundItemId } from '../../../shared/search/found-item.ts'
import type { z } from 'zod'
import { toIsoString } from '../../db/timestamps.ts'
import type { DocumentKind, SearchHit, SearchReader, SearchRepository } from './search.repository.ts'

interface Deps {
  repo: SearchRepository
  /** The tree the person's pages show and their role there (the family circle's `access`). */
  access(userId: string): Promise<TreeActor & { treeId: string | null }>
  /**
   * The card an account is in a tree (the family circle's `linkedMemberId`): the one linked to it,
   * or the keeper's own card for the account the tree is kept under, which no link names.
   */
  cardOf?(treeId: string, userId: string): Promise<string | undefined>
  log?: { error(details: object, message: string): void }
}

/**
 * How long an account's deletion waits to prune its words while writers hold the word list. Every
 * writer that lists a word meanwhile queues behind the waiting prune, so a long import must not
 * stall them all; past this the words stay listed, finding nothing, until the next prune.
 */
const accountPruneWaitMs = 2000

const documentKinds: Record<SearchKind, DocumentKind[]> = {
  person: ['person', 'person_facts'],
  memory: ['memory'],
  interview: ['interview'],
  story: ['story'],
  dream: ['dream'],
  media: ['media'],
}

const memberPage = (memberId: string) => `/family-tree?member=${encodeURIComponent(memberId)}`
const storyPage = (memberId: string) => `/story/${encodeURIComponent(memberId)}`

/**
 * The page that shows a result: one's own memories in one's story, another's (shared with the
 * tree) in the story of the relative it is about or of its author, a person's card, the interviews
 * about a person, the dreams, the AI lab; a file on the card of a person it shows. The family's
 * news lists what was shared and has no better place.
 */
function pathOf(hit: SearchHit, userId: string): string {
  const isOwn = hit.ownerUserId === userId
  switch (hit.kind) {
    case 'person':
    case 'person_facts':
      return memberPage(hit.itemId)
    case 'interview':
      return `/interview/${encodeURIComponent(hit.memberId ?? '')}`
    case 'dream':
      return `/my-dreams#${foundItemId('dream', hit.itemId)}`
    case 'memory': {
      if (isOwn) return `/my-story#${foundItemId('memory', hit.itemId)}`
      const about = (hit.memberName && hit.memberId) || hit.authorMemberId
      return about ? storyPage(about) : '/dashboard'
    }
    case 'story':
      if (isOwn) return '/ai-lab'
      return hit.authorMemberId ? storyPage(hit.authorMemberId) : '/dashboard'
    case 'media':
      if (hit.mediaMemberId) return memberPage(hit.mediaMemberId)
      return isOwn ? '/my-biography' : '/dashboard'
  }
}

function toResult(hit: SearchHit, terms: SearchTerms, userId: string): SearchResult {
  const group = hit.group as SearchKind
  return {
    kind: group,
    id: hit.itemId,
    title: excerpt(hit.title, terms, 160),
    snippet: excerpt(hit.body, terms),
    at: hit.at === null ? null : toIsoString(hit.at),
    personName: hit.memberName,
    path: pathOf(hit, userId),
  }
}

export function createSearchService({ repo, access, cardOf, log }: Deps) {
  return {
    /**
     * What the person may see that holds every word of the query: their own memories, dreams,
     * stories and files; what others shared with the tree their pages show; and that tree's people,
     * interviews and photos, as their role shows them. Grouped by kind, best first.
     */
    async search(userId: string, query: z.output<typeof searchQuerySchema>): Promise<SearchAnswer> {
      const actor = await access(userId)
      const reader: SearchReader = {
        userId,
        treeId: roleMay(actor.role, 'tree.read') ? actor.treeId : null,
        holderId: actor.holderId,
        seesLiving: roleMay(actor.role, 'tree.see-living'),
        livingBeforeYear: Number(todayCalendarDate().slice(0, 4)) - livingYears,
      }
      const terms = searchTerms(query.q, query.language)
      const kinds = query.kind ? documentKinds[query.kind] : Object.values(documentKinds).flat()
      const hits = await repo.search(reader, terms, kinds, query.limit)
      // The index finds an author's card by its link; the keeper's own card has none. Asked once:
      // every such hit is the keeper's.
      const byKeeper = hits.filter(
        (hit) => (hit.kind === 'memory' || hit.kind === 'story') && hit.ownerUserId !== userId && hit.ownerUserId === reader.holderId && hit.authorMemberId === null,
      )
      const keeperCard = byKeeper.length > 0 && reader.treeId !== null ? ((await cardOf?.(reader.treeId, reader.holderId)) ?? null) : null
      for (const hit of byKeeper) hit.authorMemberId = keeperCard
      const groups = new Map<SearchKind, SearchGroup>()
      for (const hit of hits) {
        const kind = hit.group as SearchKind
        const group = groups.get(kind) ?? { kind, total: hit.total, isTotalCapped: hit.isTotalCapped, results: [] }
        group.results.push(toResult(hit, terms, userId))
        groups.set(kind, group)
      }
      return { query: query.q, groups: searchKinds.flatMap((kind) => groups.get(kind) ?? []) }
    },

    /** Builds the whole index again from what the tables hold; answers how many documents it has. */
    rebuild: () => repo.rebuild(),

    /**
     * Read before an account's rows go: the words of its texts. `pruneWords`, once the rows are
     * gone, takes out of the word list those no other text holds. Neither fails the deletion: a word
     * left listed is harmless (it finds nothing), and the next prune or rebuild takes it out.
     */
    async beforeAccountGoes(userId: string): Promise<{ pruneWords(): Promise<number> }> {
      let words: string[] = []
      try {
        words = await repo.wordsOf(userId)
      } catch (error) {
        log?.error({ err: error }, 'the words of a deleted account could not be read; they stay in the search word list')
      }
      return {
        async pruneWords() {
          try {
            return await repo.pruneWords(words, { waitMs: accountPruneWaitMs })
          } catch (error) {
            log?.error({ err: error }, 'the words of a deleted account could not be pruned; they stay in the search word list')
            return 0
          }
        },
      }
    },
  }
}
export type SearchService = ReturnType<typeof createSearchService>
