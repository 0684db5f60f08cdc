import type { BiographyEntry } from '../contracts/biography.ts'
import type { InterviewSession } from '../contracts/interviews.ts'
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
}

/** One sitting of interviews about a relative. */
export interface StoryConversation {
  id: string
  /** The first exchange's instant. */
  startedAt: string
  exchanges: StoryExchange[]
  mediaAssetIds: string[]
}

/** What the story needs of a biography entry: the API's and the export archive's both have it. */
export type StoryEntrySource = Pick<BiographyEntry, 'id' | 'title' | 'entryDate' | 'conversationPair'> & { eventDate: string | StoredGenealogyDate | null }

/** What the story needs of an interview session (the API's or the export archive's). */
export type StorySessionSource = Pick<InterviewSession, 'id' | 'timestamp' | 'conversationPair'>

const nonEmpty = (text: string) => text.trim() !== ''

/**
 * A biography entry as a memory of the story. Only the person's own words are the story: the
 * assistant's replies are not, and which question a turn answered is not stored yet.
 */
export function storyMemoryOf(entry: StoryEntrySource, mediaAssetIds: readonly string[]): StoryMemory {
  const answers = entry.conversationPair.filter((turn) => turn.role === 'user').map((turn) => turn.parts.map((part) => part.text).join('\n'))
  return {
    id: entry.id,
    title: entry.title.trim(),
    eventDate: typeof entry.eventDate === 'string' ? asStoredDateOrNull(entry.eventDate.trim() || null) : entry.eventDate,
    savedAt: entry.entryDate,
    exchanges: answers.filter(nonEmpty).map((answer) => ({ question: null, answer })),
    mediaAssetIds: [...mediaAssetIds],
  }
}

/**
 * Interview sessions as conversations, oldest first, each in the order it was told. A sitting is
 * the sessions saved on one day (UTC), since sessions carry no conversation of their own yet.
 */
export function storyConversationsOf(sessions: readonly StorySessionSource[], mediaOf: (sessionId: string) => readonly string[]): StoryConversation[] {
  const ordered = [...sessions].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id))
  const conversations = new Map<string, StoryConversation>()
  for (const session of ordered) {
    const key = session.timestamp.slice(0, 10)
    let conversation = conversations.get(key)
    if (!conversation) {
      conversation = { id: session.id, startedAt: session.timestamp, exchanges: [], mediaAssetIds: [] }
      conversations.set(key, conversation)
    }
    for (const turn of session.conversationPair) if (turn.role === 'user' && nonEmpty(turn.text)) conversation.exchanges.push({ question: null, answer: turn.text })
    conversation.mediaAssetIds.push(...mediaOf(session.id))
  }
  return [...conversations.values()].filter((conversation) => conversation.exchanges.length > 0)
}
