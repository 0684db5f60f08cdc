import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { familyTreeKeys } from '../features/family-tree/api/family-tree-queries.ts'
import { circleKeys } from '../features/family-tree/api/circle-queries.ts'
import { interviewKeys } from '../features/interviews/api/interview-keys.ts'
import { mediaKeys } from '../features/media/api/media-keys.ts'
import { searchKeys } from '../features/search/api/search-queries.ts'
import { timelineKeys } from '../features/timeline/api/timeline-queries.ts'

/**
 * The reads that belong to the tree a person's pages show (docs/product.md#family-circle): the
 * tree, its interviews and files, the dashboard's news of it, the circle's lists, the timelines and searches.
 */
const treeScopedKeys = [familyTreeKeys.all, interviewKeys.all, mediaKeys.all, ['dashboard'], circleKeys.trees, timelineKeys.all, searchKeys.all]

/**
 * Forgets what was read of the tree shown before another was chosen (or joined, or left): the
 * pages on screen read the new one at once, and none shows the old one's people while it comes.
 */
export function useForgetTreeReads(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await Promise.all(treeScopedKeys.map((queryKey) => queryClient.resetQueries({ queryKey })))
  }, [queryClient])
}
