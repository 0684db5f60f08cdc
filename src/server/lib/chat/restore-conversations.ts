import { limits } from '../../../shared/limits.ts'
import { newId } from '../ids.ts'
import { questionIn } from './context.ts'
import type { ConversationRepository } from './conversations.ts'
import { readPair } from './kept-exchanges.ts'

/** What an exported exchange says of its conversation (docs/export-format.md). */
interface PortableExchange {
  conversationPair: readonly object[]
  conversationId?: string | null | undefined
  conversationTitle?: string | undefined
  conversationStartedAt?: string | undefined
}

const sittingGapMs = limits.conversationGapMinutes * 60 * 1000

/** Which conversation each restored exchange joins, and the question of those an older archive did not name. */
export interface RestoredConversations<Item> {
  conversationOf: Map<Item, string>
  questionOf: Map<Item, string | null>
}

/**
 * Writes the conversations of exchanges restored from an export, under new ids, and says which
 * one each exchange joins. An archive's own conversations come back with their titles; an older
 * archive, which had none, has its chat exchanges grouped into sittings by their times, the way
 * the server groups new ones, each under the question the reply before it asked (as migration
 * 0017 did for the rows kept before). A memory written by hand joins none.
 */
export async function restoreConversations<Item extends PortableExchange>(
  repo: ConversationRepository,
  ownerUserId: string,
  items: readonly Item[],
  placeOf: (item: Item) => { at: string; memberId: string | null },
): Promise<RestoredConversations<Item>> {
  const joined = new Map<Item, string>()
  const questionOf = new Map<Item, string | null>()
  const started = new Map<string, { id: string; ownerUserId: string; memberId: string | null; title: string; startedAt: string }>()
  const unnamed: Item[] = []
  for (const item of items) {
    if (item.conversationId === undefined) {
      if (readPair(JSON.stringify(item.conversationPair)).acknowledgement !== null) unnamed.push(item)
      continue
    }
    if (item.conversationId === null) continue
    const { at, memberId } = placeOf(item)
    const key = `${memberId ?? ''}\u0000${item.conversationId}`
    let conversation = started.get(key)
    if (!conversation) started.set(key, (conversation = { id: newId(), ownerUserId, memberId, title: item.conversationTitle ?? '', startedAt: item.conversationStartedAt ?? at }))
    else if (!item.conversationStartedAt && at < conversation.startedAt) conversation.startedAt = at
    joined.set(item, conversation.id)
  }
  const inOrder = unnamed.map((item) => ({ item, ...placeOf(item) })).sort((a, b) => (a.memberId ?? '').localeCompare(b.memberId ?? '') || Date.parse(a.at) - Date.parse(b.at))
  let current: { id: string; memberId: string | null; lastAt: number; lastReply: string | null } | undefined
  for (const { item, at, memberId } of inOrder) {
    const time = Date.parse(at)
    const sameChat = current?.memberId === memberId
    if (!current || !sameChat || time - current.lastAt > sittingGapMs) {
      current = { id: newId(), memberId, lastAt: time, lastReply: sameChat ? current!.lastReply : null }
      started.set(current.id, { id: current.id, ownerUserId, memberId, title: '', startedAt: at })
    }
    questionOf.set(item, current.lastReply === null ? null : (questionIn(current.lastReply) ?? null))
    current.lastAt = time
    current.lastReply = readPair(JSON.stringify(item.conversationPair)).acknowledgement
    joined.set(item, current.id)
  }
  await repo.insertMany([...started.values()])
  return { conversationOf: joined, questionOf }
}
