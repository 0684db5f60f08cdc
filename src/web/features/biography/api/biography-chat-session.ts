import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { biographyChatEvents } from '../../../../shared/contracts/biography.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { ChatDone } from '../../../lib/chat/chat-stream.ts'
import { useChatSession } from '../../../lib/chat/use-chat-session.ts'
import { biographyKeys, storeEntry } from './biography-queries.ts'

/** What a finished exchange with Cronos says: the memory it became, or why it did not. */
export type BiographyChatDone = ChatDone<typeof biographyChatEvents>

/**
 * The conversation with Cronos (docs/product.md#biography). Each exchange the server saved is a memory, put
 * in the cached list at once; when the stream breaks off the list is fetched again, since the
 * server may have saved the exchange before the connection dropped.
 */
export function useBiographyChatSession(language: Language) {
  const queryClient = useQueryClient()
  const handleDone = useCallback(
    ({ entry }: BiographyChatDone) => {
      if (entry) storeEntry(queryClient, entry)
    },
    [queryClient],
  )
  const handleInterrupted = useCallback(() => void queryClient.invalidateQueries({ queryKey: biographyKeys.entries() }), [queryClient])
  return useChatSession({
    url: '/api/biography/chat',
    language,
    events: biographyChatEvents,
    onDone: handleDone,
    onInterrupted: handleInterrupted,
  })
}
