import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { RecentActivity } from '../../../shared/contracts/dashboard.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'

interface Deps {
  latestMemory(userId: string): Promise<BiographyEntry | undefined>
  latestInterview(userId: string): Promise<InterviewSession | undefined>
  findMemberName(userId: string, memberId: string): Promise<{ firstName: string; lastName: string } | undefined>
}

/** Long enough to recognise a memory by, short enough for one line on a phone. */
const excerptLength = 90

/** The first words of `text`, cut at a word and marked as cut. */
export function excerptOf(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= excerptLength) return oneLine
  const cut = oneLine.slice(0, excerptLength)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : excerptLength).trimEnd()}…`
}

/**
 * The dashboard's view of what the person did last, from the features that keep it: the latest
 * memory told to Cronos and the latest interview with Ana, with the relative's name.
 */
export function createDashboardService({ latestMemory, latestInterview, findMemberName }: Deps) {
  return {
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
