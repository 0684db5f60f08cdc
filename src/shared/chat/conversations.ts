import type { Conversation, KeptExchange } from '../contracts/chat.ts'

// How pages (and the readable story) show kept exchanges: grouped by the sitting they were told
// in, each conversation named by its own title or by its date in words and what it was about.

/** The exchanges of one conversation, in the order given; `conversation` null for one written by hand (alone). */
export interface ConversationGroup<Exchange extends KeptExchange> {
  conversation: Conversation | null
  exchanges: Exchange[]
}

/**
 * Groups exchanges by conversation, keeping the order of the first exchange of each group; a
 * memory written by hand is a group of its own.
 */
export function groupByConversation<Exchange extends KeptExchange>(exchanges: readonly Exchange[]): ConversationGroup<Exchange>[] {
  const groups: ConversationGroup<Exchange>[] = []
  const byId = new Map<string, ConversationGroup<Exchange>>()
  for (const exchange of exchanges) {
    const id = exchange.conversation?.id
    const known = id === undefined ? undefined : byId.get(id)
    if (known) {
      known.exchanges.push(exchange)
      continue
    }
    const group = { conversation: exchange.conversation, exchanges: [exchange] }
    groups.push(group)
    if (id !== undefined) byId.set(id, group)
  }
  return groups
}

/** At most this many characters of a topic in a title; longer ones end with "…" at a word. */
const topicLength = 70

function shortened(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= topicLength) return line
  const cut = line.slice(0, topicLength)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), topicLength / 2)).trim()}…`
}

/** What a conversation was about: its first question, or else the first words said. */
export function conversationTopic(exchanges: readonly KeptExchange[]): string {
  const first = exchanges.find((exchange) => exchange.question) ?? exchanges[0]
  return first ? shortened(first.question ?? first.answer) : ''
}

/**
 * A conversation's name: the title the person gave it, or the day it was held, in words, and what
 * it was about ("28 de noviembre de 2026 · ¿Dónde naciste?"). Never the minute alone, so the
 * conversations of one day read apart.
 */
export function conversationTitle(conversation: Conversation, exchanges: readonly KeptExchange[], language: string): string {
  if (conversation.title) return conversation.title
  const started = new Date(conversation.startedAt)
  const day = Number.isNaN(started.getTime()) ? conversation.startedAt : new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(started)
  const topic = conversationTopic(exchanges)
  return topic ? `${day} · ${topic}` : day
}
