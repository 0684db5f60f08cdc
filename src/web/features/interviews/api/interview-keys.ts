import type { Language } from '../../../../shared/limits.ts'

/** The interviews' cache keys, apart from their reads: whoever only forgets them (choosing another tree) loads no contract. */
export const interviewKeys = {
  all: ['interviews'] as const,
  sessions: () => [...interviewKeys.all, 'sessions'] as const,
  sessionsOf: (memberId: string) => [...interviewKeys.sessions(), memberId] as const,
  opening: (memberId: string, language: Language) => [...interviewKeys.all, 'opening', memberId, language] as const,
}
