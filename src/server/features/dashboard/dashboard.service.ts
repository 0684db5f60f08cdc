import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { RecentActivity } from '../../../shared/contracts/dashboard.ts'
import type { FamilyNews, FamilyNewsItem } from '../../../shared/contracts/family-circle.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { excerptOf } from '../../../shared/text/excerpt.ts'

export { excerptOf }

/** Something added to the tree, as the feature that keeps it tells it. */
export interface NewsEntry {
  kind: FamilyNewsItem['kind']
  id: string
  memberId: string | null
  authorId: string
  at: string
  text: string
  mediaId: string | null
  contentType: string | null
}

type Reader = TreeActor & { treeId: string | null }

/** What the family's news reads from the features that keep the tree's things. */
export interface FamilyNewsDeps {
  lastSeen(userId: string): Promise<{ access: Reader; seenAt: string | null }>
  markSeen(access: Reader, at: string): Promise<void>
  /** Each feature's additions after `since` by anyone but the reader, newest first. */
  sources: ((holderId: string, since: string, readerId: string, limit: number) => Promise<NewsEntry[]>)[]
  memberNames(holderId: string, ids: string[]): Promise<Map<string, string>>
  /** How the person is named in the reader's tree. */
  personName(access: Reader, userId: string): Promise<string>
  isClosedToViewers(access: Reader, memberId: string): Promise<boolean>
}

/** News older than this is not news: a first visit, or one after a long time away, shows the last month. */
const newsWindowMs = 30 * 24 * 60 * 60 * 1000
const newsItems = 30

interface Deps {
  news: FamilyNewsDeps
  latestMemory(userId: string): Promise<BiographyEntry | undefined>
  latestInterview(userId: string): Promise<InterviewSession | undefined>
  findMemberName(userId: string, memberId: string): Promise<{ firstName: string; lastName: string } | undefined>
}

/**
 * The dashboard's view of what the person did last, from the features that keep it: the latest
 * memory told to Cronos and the latest interview with Ana, with the relative's name.
 */
export function createDashboardService({ latestMemory, latestInterview, findMemberName, news }: Deps) {
  return {
    /**
     * What others added to the tree the person's pages show since they last marked it seen: new
     * relatives, interviews, photos and recordings, newest first, each with who added it. A viewer
     * hears nothing of the living they see only by name.
     */
    async familyNews(userId: string, now = new Date()): Promise<FamilyNews> {
      const { access, seenAt } = await news.lastSeen(userId)
      if (!access.treeId) return { since: seenAt, items: [] }
      const floor = new Date(now.getTime() - newsWindowMs).toISOString()
      const since = seenAt && seenAt > floor ? seenAt : floor
      const lists = await Promise.all(news.sources.map((source) => source(access.holderId, since, userId, newsItems)))
      let entries = lists
        .flat()
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
        .slice(0, newsItems)
      const memberIds = [...new Set(entries.flatMap((entry) => (entry.memberId ? [entry.memberId] : [])))]
      const closed = new Set<string>()
      for (const memberId of memberIds) if (await news.isClosedToViewers(access, memberId)) closed.add(memberId)
      entries = entries.filter((entry) => !entry.memberId || !closed.has(entry.memberId))
      const [memberNames, authorNames] = await Promise.all([
        news.memberNames(access.holderId, memberIds),
        Promise.all([...new Set(entries.map((entry) => entry.authorId))].map(async (id) => [id, await news.personName(access, id)] as const)).then((pairs) => new Map(pairs)),
      ])
      return {
        since: seenAt,
        items: entries.map((entry) => ({
          kind: entry.kind,
          id: entry.id,
          memberId: entry.memberId,
          memberName: entry.memberId ? (memberNames.get(entry.memberId) ?? null) : null,
          authorName: authorNames.get(entry.authorId) ?? '',
          at: entry.at,
          title: excerptOf(entry.text),
          mediaId: entry.mediaId,
          contentType: entry.contentType,
        })),
      }
    },

    /** The news up to `until` (never past now) is seen: the next visit shows what came after. */
    async markNewsSeen(userId: string, until: string, now = new Date()): Promise<void> {
      const { access } = await news.lastSeen(userId)
      const at = until < now.toISOString() ? until : now.toISOString()
      await news.markSeen(access, at)
    },

    async recent(userId: string): Promise<RecentActivity> {
      const [memory, interview] = await Promise.all([latestMemory(userId), latestInterview(userId)])
      const member = interview && (await findMemberName(userId, interview.interviewedMemberId))
      return {
        lastMemory: memory ? { excerpt: excerptOf(memory.title || memory.answer), savedAt: memory.entryDate } : null,
        lastInterview:
          interview && member
            ? {
                excerpt: excerptOf(interview.answer),
                savedAt: interview.timestamp,
                memberId: interview.interviewedMemberId,
                firstName: member.firstName,
                lastName: member.lastName,
              }
            : null,
      }
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
