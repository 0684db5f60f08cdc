import type { z } from 'zod'
import type { ChatOpening, Conversation } from '../../../shared/contracts/chat.ts'
import type { InterviewSession, interviewChatMessageSchema } from '../../../shared/contracts/interviews.ts'
import { mayChangeItem, roleMay, type TreeActor } from '../../../shared/family-tree/roles.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import type { FactGap } from '../../../shared/facts/index.ts'
import type { Language } from '../../../shared/limits.ts'
import { toIsoString } from '../../db/timestamps.ts'
import type { Persona } from '../../integrations/ai/ai-provider.ts'
import { anaAbout } from '../../integrations/ai/personas/ana.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { ChatEngine, ChatEvent } from '../../lib/chat/chat-engine.ts'
import type { ConversationRepository } from '../../lib/chat/conversations.ts'
import { nobodyListens, type AnswerListener } from '../../lib/chat/heard-answers.ts'
import { readPair, toKeptExchange } from '../../lib/chat/kept-exchanges.ts'
import { createPacer } from '../../lib/cooperative.ts'
import type { MemberFacts } from '../family-tree/family-tree.service.ts'
import { createInterviewChat, interviewPair, type InterviewSaved } from './interviews.chat.ts'
import { createInterviewPortability } from './interviews.portable.ts'
import type { InterviewRepository } from './interviews.repository.ts'
import type { InterviewSessionRow } from './interviews.tables.ts'

export type { InterviewSaved } from './interviews.chat.ts'
export type InterviewChatMessage = z.output<typeof interviewChatMessageSchema>

interface Logger {
  warn(details: object, message: string): void
}

interface Deps {
  repo: InterviewRepository
  conversations: ConversationRepository
  chat: ChatEngine
  /**
   * The member of the owner's tree with their relatives and how they stand to the person telling
   * (the owner when not given), or undefined (another user's member looks exactly the same).
   */
  findMember(ownerId: string, memberId: string, tellerId?: string): Promise<MemberFacts | undefined>
  /** The media feature keeps the recordings' links. */
  media: {
    mediaIdsFor(ownerId: string, type: 'interviewSession', sessionIds: string[]): Promise<Map<string, string[]>>
    /** Deletes those of the files nothing but the `ignoring` targets links to. */
    deleteUnlinked(ownerId: string, mediaIds: string[], ignoring: { type: 'member'; id: string }[]): Promise<void>
  }
  log: Logger
  /** Told of each answer kept or corrected (facts are read from it). */
  listener?: AnswerListener
  /** What is still unknown about the member, most wanted first: Ana asks after it. */
  unknownAbout?(ownerId: string, member: MemberFacts): Promise<FactGap[]>
}

function toSession(row: InterviewSessionRow, mediaAssetIds: string[], conversations: ReadonlyMap<string, Conversation>): InterviewSession {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    authorUserId: row.authorUserId ?? row.ownerUserId,
    interviewedMemberId: row.interviewedMemberId,
    timestamp: toIsoString(row.timestamp),
    ...toKeptExchange(row, conversations),
    mediaAssetIds,
  }
}

/**
 * Interviews with Ana about a relative (docs/product.md#interview): every answer is kept about that
 * member, in the conversation of its sitting, and the member's earlier answers are the
 * conversation she goes on from.
 */
export function createInterviewService({ repo, conversations, chat, findMember, media, log, listener = nobodyListens, unknownAbout }: Deps) {
  /** The member and Ana speaking about them; the self member's story belongs to the biography. */
  async function subject(ownerId: string, memberId: string, tellerId: string = ownerId): Promise<{ member: MemberFacts; persona: Persona }> {
    const member = await findMember(ownerId, memberId, tellerId)
    if (!member) throw notFound('Member')
    // The holder's own card is the holder's biography; to a relative sharing the tree it is a
    // person to tell Ana about like any other.
    if (tellerId === ownerId && isSelfMember(member)) throw new AppError('interview.self_member', 'This member is you: your own story is the biography, with Cronos')
    return { member, persona: anaAbout(member, (await unknownAbout?.(ownerId, member)) ?? []) }
  }

  async function withMedia(ownerId: string, rows: InterviewSessionRow[]): Promise<InterviewSession[]> {
    const [ids, sittings] = await Promise.all([
      media.mediaIdsFor(
        ownerId,
        'interviewSession',
        rows.map((row) => row.id),
      ),
      conversations.byIds(
        ownerId,
        rows.map((row) => row.conversationId),
      ),
    ])
    return rows.map((row) => toSession(row, ids.get(row.id) ?? [], sittings))
  }
  const one = async (ownerId: string, row: InterviewSessionRow) => (await withMedia(ownerId, [row]))[0]!

  /** A session of the tree that this person may change: everyone's for editors, their own for those who add. */
  async function changeable(actor: TreeActor, id: string): Promise<InterviewSessionRow> {
    const row = await repo.findById(actor.holderId, id)
    if (!row) throw notFound('Interview session')
    if (!mayChangeItem(actor.role, actor.userId, row.authorUserId, actor.holderId))
      throw new AppError('forbidden', 'Only the person who told this, or an editor of the tree, may change it')
    return row
  }
  const anaChat = createInterviewChat({ repo, conversations, chat, toSession: one, listener })

  return {
    /** The interview answer saved last, about any member; undefined when there is none. */
    async latestSession(ownerId: string): Promise<InterviewSession | undefined> {
      const row = await repo.findLatest(ownerId)
      return row && one(ownerId, row)
    },

    /** What others told about the tree's people after `since`, newest first (the family's news). */
    async toldSince(ownerId: string, since: string, readerId: string, limit: number) {
      const rows = await repo.toldSince(ownerId, since, readerId, limit)
      return rows.map((row) => ({
        kind: 'interview' as const,
        id: row.id,
        memberId: row.interviewedMemberId,
        authorId: row.authorUserId ?? row.ownerUserId,
        at: toIsoString(row.timestamp),
        text: readPair(row.conversationPair).answer,
        mediaId: null,
        contentType: null,
      }))
    },

    /** Takes away what someone told in trees of others, with their emptied sittings (their account is going). */
    forgetTeller(authorId: string): Promise<number> {
      return repo.deleteToldBy(authorId)
    },

    /** How many answers someone told in each tree of others, by the tree's holder (they go with their account). */
    authoredCounts(authorId: string): Promise<Map<string, number>> {
      return repo.authoredCounts(authorId)
    },

    /** What someone told Ana in trees kept in other accounts, for their own export. */
    async toldElsewhere(authorId: string) {
      return (await repo.authoredElsewhere(authorId)).map((row) => ({
        holderId: row.ownerUserId,
        memberId: row.interviewedMemberId,
        timestamp: toIsoString(row.timestamp),
        question: row.question,
        answer: readPair(row.conversationPair).answer,
      }))
    },

    /** Every answer about the tree's people, oldest first: what is read across all of them (the constellations). */
    async allAnswers(ownerId: string): Promise<{ id: string; memberId: string; question: string | null; answer: string; timestamp: string }[]> {
      // Read with the pacer: each answer's pair is JSON to parse, and a tree may hold 100,000 of them.
      const pacer = createPacer()
      const answers = []
      for (const row of await repo.listAll(ownerId)) {
        answers.push({
          id: row.id,
          memberId: row.interviewedMemberId,
          question: row.question,
          answer: readPair(row.conversationPair).answer,
          timestamp: toIsoString(row.timestamp),
        })
        const waiting = pacer.step()
        if (waiting) await waiting
      }
      return answers
    },

    /** The member's answers, oldest first. */
    async list(ownerId: string, memberId: string): Promise<InterviewSession[]> {
      if (!(await findMember(ownerId, memberId))) throw notFound('Member')
      return withMedia(ownerId, await repo.listForMember(ownerId, memberId))
    },

    /** The ids of the owner's conversations with Ana per member (the members' `interviewSegments`: one per sitting). */
    conversationIdsByMember(ownerId: string): Promise<Map<string, string[]>> {
      return repo.conversationIdsByMember(ownerId)
    },

    /** Who told each answer, when and to which question: what a fact heard in it cites. */
    async sourcesOf(ownerId: string, ids: string[]): Promise<Map<string, { toldAt: string; tellerUserId: string; question: string | null }>> {
      const rows = await repo.findByIds(ownerId, ids)
      return new Map(rows.map((row) => [row.id, { toldAt: toIsoString(row.timestamp), tellerUserId: row.authorUserId ?? row.ownerUserId, question: row.question }]))
    },

    /** The words of every answer about the member (what is still unknown about them is read from them). */
    async answersAbout(ownerId: string, memberId: string): Promise<string[]> {
      return (await repo.listForMember(ownerId, memberId)).map((row) => readPair(row.conversationPair).answer)
    },

    /** The member a session is about, when the session is the owner's (recordings link to both). */
    async findSessionMember(ownerId: string, sessionId: string): Promise<string | undefined> {
      return (await repo.findById(ownerId, sessionId))?.interviewedMemberId
    },

    /** The answer's words corrected; the first ones are kept the first time they change. */
    async correctAnswer(actor: TreeActor, id: string, answer: string, language: Language = 'es'): Promise<InterviewSession> {
      const ownerId = actor.holderId
      const existing = await changeable(actor, id)
      const stored = readPair(existing.conversationPair)
      if (answer === stored.answer) return one(ownerId, existing)
      const row = await repo.update(ownerId, id, { conversationPair: interviewPair(answer, stored.acknowledgement), originalAnswer: existing.originalAnswer ?? stored.answer })
      if (!row) throw notFound('Interview session')
      listener.heardAgain({
        holderId: ownerId,
        memberId: row.interviewedMemberId,
        source: { kind: 'interview', id },
        answer,
        question: row.question,
        language,
        isTeller: false,
        tellerId: actor.userId,
      })
      return one(ownerId, row)
    },

    /** A conversation's own title; '' gives it back its date and topic. */
    /**
     * Names a conversation: an editor any, a contributor those whose every answer they told (a
     * sitting is one teller's; one with no answer yet is nobody's to name).
     */
    async renameConversation(actor: TreeActor, id: string, title: string): Promise<Conversation> {
      const ownerId = actor.holderId
      if (!roleMay(actor.role, 'content.change-any')) {
        const tellers = await repo.conversationTellers(ownerId, id)
        if (tellers.length === 0) throw notFound('Conversation')
        if (!tellers.every((teller) => mayChangeItem(actor.role, actor.userId, teller, ownerId)))
          throw new AppError('forbidden', 'Only the person who told this conversation, or an editor of the tree, may name it')
      }
      const conversation = await conversations.rename(ownerId, id, title)
      if (!conversation) throw notFound('Conversation')
      return conversation
    },

    ...createInterviewPortability({ repo, conversations }),

    /**
     * How Ana opens: a greeting naming the member, or, after earlier answers, a welcome back that
     * goes on from her last question (in guided mode, with her next one). Nothing is saved.
     */
    async opening(ownerId: string, memberId: string, language: Language, readerId: string = ownerId): Promise<ChatOpening> {
      const { persona } = await subject(ownerId, memberId, readerId)
      return anaChat.opening(ownerId, memberId, persona, language)
    },

    /** Ana's reply, as stream events; the answer is kept first, and her reply added once whole. */
    async chat(actor: TreeActor, { memberId, ...message }: InterviewChatMessage): Promise<AsyncIterable<ChatEvent<InterviewSaved>>> {
      const { persona } = await subject(actor.holderId, memberId, actor.userId)
      return anaChat.reply(actor, memberId, persona, message)
    },

    /**
     * Deletes an answer and its recordings (the page says so before asking), except a recording
     * something else still uses: a memory or another member it was attached to keeps it. Its link
     * to the interviewed member came with the upload, so it alone keeps nothing. The answer goes
     * first; a recording that then fails to go stays in storage, unlinked, rather than half a session.
     */
    async deleteSession(actor: TreeActor, id: string): Promise<void> {
      const ownerId = actor.holderId
      const session = await changeable(actor, id)
      const mediaIds = (await media.mediaIdsFor(ownerId, 'interviewSession', [id])).get(id) ?? []
      if (!(await repo.delete(ownerId, id))) throw notFound('Interview session')
      await media
        .deleteUnlinked(ownerId, mediaIds, [{ type: 'member', id: session.interviewedMemberId }])
        .catch((error: unknown) => log.warn({ err: error, mediaIds }, 'a deleted session’s recordings could not be removed'))
    },
  }
}
export type InterviewService = ReturnType<typeof createInterviewService>
