import type { InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

let sequence = 0

/** A session as the server returns it; each call is later than the previous one. */
export function buildSession(overrides: Partial<InterviewSession> = {}): InterviewSession {
  sequence += 1
  return {
    id: `session-${sequence}`,
    ownerUserId: 'u1',
    authorUserId: 'u1',
    interviewedMemberId: 'member-1',
    timestamp: new Date(Date.UTC(2025, 2, 12, 10, sequence)).toISOString(),
    conversation: { id: `conversation-${sequence}`, title: '', startedAt: new Date(Date.UTC(2025, 2, 12, 10, sequence)).toISOString() },
    question: `¿Pregunta de Ana ${sequence}?`,
    answer: `Recuerdo ${sequence}`,
    originalAnswer: null,
    acknowledgement: `Gracias ${sequence}.`,
    mediaAssetIds: [],
    ...overrides,
  }
}

export function errorResponse(status: number, code: string) {
  return jsonResponse(status, { error: { code, message: code } })
}

interface FakeInterviewOptions {
  sessions?: InterviewSession[]
  /** Ana's greeting. */
  opening?: string
  /** Answers for paths this fake does not know (the family tree, the media). */
  fallback?: (method: string, path: string) => Response | undefined
}

/**
 * An in-memory `/api/interviews` behind a spied `fetch`: the sessions of each member oldest first,
 * Ana's opening, corrections (the first words kept), conversation titles, and DELETE.
 * `answerNext` replaces the next answer to one route.
 */
export function fakeInterviewApi(options: FakeInterviewOptions = {}) {
  let sessions = [...(options.sessions ?? [])]

  const { requests, answerNext } = fakeApi(({ method, path, body }, url) => {
    const memberId = url.searchParams.get('memberId')
    if (method === 'GET' && url.pathname === '/api/interviews' && memberId) {
      const ofMember = sessions.filter((session) => session.interviewedMemberId === memberId)
      return jsonResponse(200, { sessions: ofMember.sort((a, b) => a.timestamp.localeCompare(b.timestamp)) })
    }
    if (method === 'GET' && url.pathname === '/api/interviews/chat' && memberId) {
      return jsonResponse(200, { mode: 'guided', text: options.opening ?? 'Hola, soy Ana.' })
    }
    const conversationId = /^\/api\/interviews\/conversations\/([^/?]+)$/.exec(url.pathname)?.[1]
    if (method === 'PATCH' && conversationId) {
      const known = sessions.find((session) => session.conversation?.id === conversationId)?.conversation
      if (!known) return errorResponse(404, 'not_found')
      const renamed = { ...known, title: (body as { title: string }).title }
      sessions = sessions.map((session) => (session.conversation?.id === conversationId ? { ...session, conversation: renamed } : session))
      return jsonResponse(200, renamed)
    }
    const sessionId = /^\/api\/interviews\/([^/?]+)$/.exec(url.pathname)?.[1]
    if (method === 'PATCH' && sessionId) {
      const existing = sessions.find((session) => session.id === sessionId)
      if (!existing) return errorResponse(404, 'not_found')
      const { answer } = body as { answer: string }
      const corrected = answer === existing.answer ? existing : { ...existing, answer, originalAnswer: existing.originalAnswer ?? existing.answer }
      sessions = sessions.map((session) => (session.id === sessionId ? corrected : session))
      return jsonResponse(200, corrected)
    }
    if (method === 'DELETE' && sessionId) {
      if (!sessions.some((session) => session.id === sessionId)) return errorResponse(404, 'not_found')
      sessions = sessions.filter((session) => session.id !== sessionId)
      return new Response(null, { status: 204 })
    }
    return options.fallback?.(method, path) ?? errorResponse(404, 'not_found')
  })

  return {
    requests,
    /** The sessions as the server holds them now. */
    sessions: () => sessions,
    answerNext,
  }
}
