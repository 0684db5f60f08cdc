/** The files' cache keys, apart from their reads: whoever only forgets them (choosing another tree) loads no contract. */
export const mediaKeys = {
  all: ['media'] as const,
  // One key type for both lists, so a gallery can hand either to the same `useQuery`.
  member: (memberId: string): readonly string[] => [...mediaKeys.all, 'member', memberId],
  entry: (entryId: string): readonly string[] => [...mediaKeys.all, 'entry', entryId],
}
