import type { z } from 'zod'
import type { ChatOpening } from '../../../shared/contracts/chat.ts'
import type { PortableInterviewSession } from '../../../shared/contracts/portability.ts'
import type { InterviewSession, InterviewTurn, interviewChatMessageSchema, interviewNotSavedReasons } from '../../../shared/contracts/interviews.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import { limits, type Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import type { ChatTurn, Persona } from '../../integrations/ai/ai-provider.ts'
import { anaAbout } from '../../integrations/ai/personas/ana.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { ChatEngine, ChatEvent } from '../../lib/chat/chat-engine.ts'
import { newId } from '../../lib/ids.ts'
import type { MemberFacts } from '../family-tree/family-tree.service.ts'
import type { InterviewRepository } from './interviews.repository.ts'
import type { InterviewSessionRow } from './interviews.tables.ts'

export type InterviewChatMessage = z.output<typeof interviewChatMessageSchema>
/** What Ana's `done` event adds: the saved session, or why there is none. */
export type InterviewSaved = { session: InterviewSession | null; notSavedReason: (typeof interviewNotSavedReasons)[number] | null }

interface Logger {
  warn(details: object, message: string): void
}

interface Deps {
  repo: InterviewRepository
  chat: ChatEngine
  /** The member of the owner's tree with their relatives, or undefined (another user's member looks exactly the same). */
  findMember(ownerId: string, memberId: string): Promise<MemberFacts | undefined>
  /** The media feature keeps the recordings' links. */
  media: {
    mediaIdsFor(ownerId: string, type: 'interviewSession', sessionIds: string[]): Promise<Map<string, string[]>>
    /** Deletes those of the files nothing but the `ignoring` targets links to. */
    deleteUnlinked(ownerId: string, mediaIds: string[], ignoring: { type: 'member'; id: string }[]): Promise<void>
  }
  log: Logger
}

function readPair(json: string): InterviewTurn[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? (value as InterviewTurn[]) : []
  } catch {
    return []
  }
}

function toSession(row: InterviewSessionRow, mediaAssetIds: string[]): InterviewSession {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    interviewedMemberId: row.interviewedMemberId,
    timestamp: toIsoString(row.timestamp),
    conversationPair: readPair(row.conversationPair),
    mediaAssetIds,
  }
}

/** The member's sessions as the conversation so far (docs/product.md#interview: earlier sessions rebuild Ana's context). */
function conversationOf(rows: InterviewSessionRow[]): ChatTurn[] {
  return rows.flatMap((row) => readPair(row.conversationPair).map((turn) => ({ role: turn.role, text: turn.text })))
}

/**
 * Interviews with Ana about a relative (docs/product.md#interview): every exchange is saved as a session about
 * that member, and the member's earlier sessions are the conversation she goes on from.
 */
export function createInterviewService({ repo, chat, findMember, media, log }: Deps) {
  /** The member and Ana speaking about them; the self member's story belongs to the biography. */
  async function subject(ownerId: string, memberId: string): Promise<{ member: MemberFacts; persona: Persona }> {
    const member = await findMember(ownerId, memberId)
    if (!member) throw notFound('Member')
    if (isSelfMember(member)) throw new AppError('interview.self_member', 'This member is you: your own story is the biography, with Cronos')
    return { member, persona: anaAbout(member) }
  }

  async function withMedia(ownerId: string, rows: InterviewSessionRow[]): Promise<InterviewSession[]> {
    const ids = await media.mediaIdsFor(
      ownerId,
      'interviewSession',
      rows.map((row) => row.id),
    )
    return rows.map((row) => toSession(row, ids.get(row.id) ?? []))
  }

  return {
    /** The member's sessions, oldest first. */
    async list(ownerId: string, memberId: string): Promise<InterviewSession[]> {
      if (!(await findMember(ownerId, memberId))) throw notFound('Member')
      return withMedia(ownerId, await repo.listForMember(ownerId, memberId))
    },

    /** The ids of the owner's sessions per member (the members' `interviewSegments`). */
    sessionIdsByMember(ownerId: string): Promise<Map<string, string[]>> {
      return repo.idsByMember(ownerId)
    },

    /** The member a session is about, when the session is the owner's (recordings link to both). */
    async findSessionMember(ownerId: string, sessionId: string): Promise<string | undefined> {
      return (await repo.findById(ownerId, sessionId))?.interviewedMemberId
    },

    /** Every session of the owner, for their export (recordings travel with the files). */
    async exportSessions(ownerId: string): Promise<PortableInterviewSession[]> {
      return (await repo.listAll(ownerId)).map((row) => ({
        id: row.id,
        interviewedMemberId: row.interviewedMemberId,
        timestamp: toIsoString(row.timestamp),
        conversationPair: readPair(row.conversationPair),
      }))
    },

    /** Sessions from an export, already given their new ids and members: all or none. */
    async restoreSessions(ownerId: string, sessions: PortableInterviewSession[]): Promise<void> {
      await repo.insertMany(sessions.map((session) => ({ ...session, ownerUserId: ownerId, conversationPair: JSON.stringify(session.conversationPair) })))
    },

    /**
     * How Ana opens: a greeting naming the member, or, after earlier sessions, a welcome back that
     * goes on from her last question (in guided mode, with her next one). Nothing is saved.
     */
    async opening(ownerId: string, memberId: string, language: Language): Promise<ChatOpening> {
      const { persona } = await subject(ownerId, memberId)
      const history = conversationOf(await repo.listForMember(ownerId, memberId))
      return chat.opening({ persona, language, history })
    },

    /** Ana's reply, as stream events; the exchange is saved as a session once the reply is whole. */
    async chat(ownerId: string, { memberId, message, language, carried }: InterviewChatMessage): Promise<AsyncIterable<ChatEvent<InterviewSaved>>> {
      const { persona } = await subject(ownerId, memberId)
      const sessions = await repo.listForMember(ownerId, memberId)
      // Refused before the model is asked: a reply that could not be kept would be lost words.
      if (sessions.length >= limits.interviewSessionsPerMember) {
        throw new AppError('limit.sessions_per_member', `At most ${limits.interviewSessionsPerMember} interview sessions are kept about one member`)
      }
      const history = conversationOf(sessions)
      return chat.reply<InterviewSaved>({
        userId: ownerId,
        conversation: `interview:${memberId}`,
        persona,
        language,
        history,
        carried,
        message,
        save: async (reply) => {
          const conversationPair: InterviewTurn[] = [
            { role: 'user', text: message },
            { role: 'model', text: reply },
          ]
          const row = await repo.insert({
            id: newId(),
            ownerUserId: ownerId,
            interviewedMemberId: memberId,
            timestamp: nowIso(),
            conversationPair: JSON.stringify(conversationPair),
          })
          return { isSaved: true, fields: { session: toSession(row, []), notSavedReason: null } }
        },
        saveFailed: { session: null, notSavedReason: 'interview.save_failed' },
      })
    },

    /**
     * Deletes a session and its recordings (the page says so before asking), except a recording
     * something else still uses: a memory or another member it was attached to keeps it. Its link
     * to the interviewed member came with the upload, so it alone keeps nothing. The session goes
     * first; a recording that then fails to go stays in storage, unlinked, rather than half a session.
     */
    async deleteSession(ownerId: string, id: string): Promise<void> {
      const session = await repo.findById(ownerId, id)
      if (!session) throw notFound('Interview session')
      const mediaIds = (await media.mediaIdsFor(ownerId, 'interviewSession', [id])).get(id) ?? []
      if (!(await repo.delete(ownerId, id))) throw notFound('Interview session')
      await media
        .deleteUnlinked(ownerId, mediaIds, [{ type: 'member', id: session.interviewedMemberId }])
        .catch((error: unknown) => log.warn({ err: error, mediaIds }, 'a deleted session’s recordings could not be removed'))
    },
  }
}
export type InterviewService = ReturnType<typeof createInterviewService>
