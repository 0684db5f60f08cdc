import type { Conversation } from '../contracts/chat.ts'
import { asStoredDateOrNull, type StoredGenealogyDate } from '../genealogy-date/index.ts'

/*
 * The one place that reads saved exchanges for the story (the "Leer mi historia" page, a
 * relative's story and the readable files of the account export): both the web page and the
 * export go through it, so a change in how exchanges are stored is met here alone.
 */

/** A question and the person's answer to it; `question` is null when the exchange does not know it. */
export interface StoryExchange {
  question: string | null
  answer: string
}

/** One memory of the person's own story. */
export interface StoryMemory {
  id: string
  title: string
  /** When the remembered thing happened, as stored; null when the person did not say. */
  eventDate: StoredGenealogyDate | null
  /** When it was saved (an ISO instant): the order of memories with no date. */
  savedAt: string
  exchanges: StoryExchange[]
  mediaAssetIds: string[]
  /** The sitting it was told in, and the title the person gave it ('' for none); null for one written by hand. */
  conversation: { id: string; title: string } | null
}

/** One sitting of interviews about a relative. */
export interface StoryConversation {
  id: string
  /** The title the person gave the conversation; '' when they gave none. */
  title: string
  /** The first exchange's instant. */
  startedAt: string
  exchanges: StoryExchange[]
  mediaAssetIds: string[]
}

/**
 * A kept exchange, as the API answers it (its `question` and `answer`) or as an export archive
 * writes it (`conversationPair`: the answer, then the reply; `question` since version 3).
 */
interface ExchangeSource {
  question?: string | null | undefined
  answer?: string | undefined
  conversationPair?: readonly { role: string; text?: string; parts?: readonly { text: string }[] }[] | undefined
}

/** Where an exchange was told: the API's conversation, or an archive's `conversationId` and `conversationTitle`. */
interface SittingSource {
  conversation?: (Pick<Conversation, 'id'> & { title?: string | undefined }) | null | undefined
  conversationId?: string | null | undefined
  conversationTitle?: string | undefined
}

/** What the story needs of a biography entry: the API's and the export archive's both have it. */
export type StoryEntrySource = ExchangeSource & SittingSource & { id: string; title: string; entryDate: string; eventDate: string | StoredGenealogyDate | null }

/** What the story needs of an interview session (the API's or the export archive's). */
export type StorySessionSource = ExchangeSource & {
  id: string
  timestamp: string
  /** The API's conversation; an archive names it by `conversationId`, `conversationTitle` and `conversationStartedAt`. */
  conversation?: (Pick<Conversation, 'id' | 'startedAt'> & { title?: string | undefined }) | null | undefined
  conversationId?: string | null | undefined
  conversationTitle?: string | undefined
  conversationStartedAt?: string | undefined
}

const nonEmpty = (text: string) => text.trim() !== ''

/** The person's words of an exchange, in either shape. */
function answerOf(source: ExchangeSource): string {
  if (source.answer !== undefined) return source.answer
  const turn = source.conversationPair?.find((candidate) => candidate.role === 'user')
  return turn ? (turn.text ?? (turn.parts ?? []).map((part) => part.text).join('\n')) : ''
}

/** An exchange as the story tells it: the person's words under the question they answered. */
function storyExchangesOf(source: ExchangeSource): StoryExchange[] {
  const answer = answerOf(source)
  return nonEmpty(answer) ? [{ question: source.question ?? null, answer }] : []
}

/** A biography entry as a memory of the story: the person's own words, under the question they answered (the reply is not the story). */
export function storyMemoryOf(entry: StoryEntrySource, mediaAssetIds: readonly string[]): StoryMemory {
  return {
    id: entry.id,
    title: entry.title.trim(),
    eventDate: typeof entry.eventDate === 'string' ? asStoredDateOrNull(entry.eventDate.trim() || null) : entry.eventDate,
    savedAt: entry.entryDate,
    exchanges: storyExchangesOf(entry),
    mediaAssetIds: [...mediaAssetIds],
    conversation: sittingOf(entry),
  }
}

function sittingOf(source: SittingSource): StoryMemory['conversation'] {
  const id = source.conversation?.id ?? source.conversationId
  return id ? { id, title: (source.conversation?.title ?? source.conversationTitle ?? '').trim() } : null
}

/**
 * The heading of each memory of a chapter: its own title; else, for the first of a run of
 * memories told in one conversation the person named, that name (once, as a book's section);
 * else its date in words; '' for none. `date` is the date line under a heading that is not the date.
 */
export function memoryHeadings(memories: readonly StoryMemory[], dateText: (memory: StoryMemory) => string): { heading: string; date: string }[] {
  return memories.map((memory, index) => {
    const date = dateText(memory)
    if (memory.title) return { heading: memory.title, date }
    const sitting = memory.conversation
    const previous = memories[index - 1]?.conversation
    if (sitting?.title && previous?.id !== sitting.id) return { heading: sitting.title, date }
    if (sitting?.title) return { heading: '', date }
    return { heading: date, date: '' }
  })
}

/**
 * Interview sessions as conversations, oldest first, each in the order it was told: the
 * conversation the server kept them in, or, for an archive older than conversations, the
 * sessions saved on one day (UTC).
 */
export function storyConversationsOf(sessions: readonly StorySessionSource[], mediaOf: (sessionId: string) => readonly string[]): StoryConversation[] {
  const ordered = [...sessions].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id))
  const conversations = new Map<string, StoryConversation>()
  for (const session of ordered) {
    const id = session.conversation?.id ?? session.conversationId ?? undefined
    const key = id ?? `day:${session.timestamp.slice(0, 10)}`
    let conversation = conversations.get(key)
    if (!conversation) {
      const title = (session.conversation?.title ?? session.conversationTitle ?? '').trim()
      conversation = {
        id: id ?? session.id,
        title,
        startedAt: session.conversation?.startedAt ?? session.conversationStartedAt ?? session.timestamp,
        exchanges: [],
        mediaAssetIds: [],
      }
      conversations.set(key, conversation)
    }
    conversation.exchanges.push(...storyExchangesOf(session))
    conversation.mediaAssetIds.push(...mediaOf(session.id))
  }
  return [...conversations.values()].filter((conversation) => conversation.exchanges.length > 0)
}
