import type { BiographyChatEvent, BiographyEntry } from '../../../../shared/contracts/biography.ts'
import type { AiMode, Conversation } from '../../../../shared/contracts/chat.ts'
import { parseGenealogyDate, serializeGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'
import { controlledEventStream, eventStreamResponse, type ControlledEventStream } from '../../../test/event-stream.ts'

let sequence = 0

/** A memory as the server returns it; each call is newer than the previous one. */
export function buildEntry(overrides: Partial<BiographyEntry> = {}): BiographyEntry {
  sequence += 1
  const entryDate = new Date(Date.UTC(2024, 2, 1, 9, sequence)).toISOString()
  return {
    id: `0190e5a0-7c1d-7000-8000-${String(sequence).padStart(12, '0')}`,
    authorUserId: 'u1',
    subjectMemberId: 'self-1',
    conversation: { id: `conversation-${sequence}`, title: '', startedAt: entryDate },
    question: `¿Pregunta ${sequence}?`,
    answer: `Mensaje ${sequence}`,
    originalAnswer: null,
    acknowledgement: `Respuesta ${sequence}`,
    title: '',
    eventDate: null,
    eventDateSortKey: null,
    mediaAssetIds: [],
    entryDate,
    updatedAt: entryDate,
    sharedWith: [],
    ...overrides,
  }
}

export function errorResponse(status: number, code: string, details?: { path: string; code: string }[]) {
  return jsonResponse(status, { error: { code, message: code, details } })
}

interface FakeBiographyOptions {
  entries?: BiographyEntry[]
  mode?: AiMode
  /** Cronos' greeting per language. */
  opening?: string
  /** Whether chat replies are saved (the user has a self member) or skipped. */
  canSave?: boolean
  /** Media listed per entry id. */
  media?: Record<string, MediaAsset[]>
  /** Answers for paths this fake does not know (e.g. the session or the family tree). */
  fallback?: (method: string, path: string, body: unknown) => Response | undefined
}

/** A date as written, in its stored form, as the server reads it. */
function storedDate(text: string | null | undefined, language: Language) {
  const value = text ? parseGenealogyDate(text, language) : null
  return value ? serializeGenealogyDate(value) : null
}

/** A few of the guided interviewer's words for "another question". */
const skipWords = ['otra', 'siguiente', 'next', 'passer']

/** The question a reply asks last, as the server reads it. */
const questionIn = (text: string) =>
  text
    .match(/[¿]?[^.!?¿¡\n]+\?/gu)
    ?.at(-1)
    ?.trim() ?? null

/**
 * An in-memory biography API behind a spied `fetch`, as the server behaves: memories newest
 * first, the chat saving each exchange before `done` (or skipping it without a self member),
 * under the question it answers, all the chat's exchanges in one conversation (one sitting).
 * `holdNextChat` gives the test the next chat answer's stream to write by hand; `answerNext`
 * replaces the next answer to one route.
 */
export function fakeBiographyApi(options: FakeBiographyOptions = {}) {
  let entries = [...(options.entries ?? [])]
  const media = new Map(Object.entries(options.media ?? {}))
  const heldChats: ControlledEventStream<BiographyChatEvent>[] = []
  const canSave = options.canSave ?? true
  const openingText = options.opening ?? 'Hola, soy Cronos. ¿Dónde naciste?'
  let sitting: Conversation | undefined

  function save(message: string, reply: string): BiographyEntry {
    const lastReply = entries.find((entry) => entry.conversation && entry.conversation.id === sitting?.id)?.acknowledgement
    const now = new Date().toISOString()
    sitting ??= { id: `sitting-${sequence + 1}`, title: '', startedAt: now }
    const entry = buildEntry({ conversation: sitting, question: questionIn(lastReply ?? openingText), answer: message, acknowledgement: reply })
    entries = [entry, ...entries]
    return entry
  }

  const { requests, answerNext } = fakeApi(({ method, path, body }) => {
    const opening = /^\/api\/biography\/chat\?language=(es|en|fr)$/.exec(path)
    if (method === 'GET' && opening) {
      return jsonResponse(200, { mode: options.mode ?? 'gemini', text: openingText })
    }
    if (method === 'POST' && path === '/api/biography/chat') {
      const held = heldChats.shift()
      if (held) return held.response
      const message = (body as { message: string }).message
      const reply = `Gracias por contarme: ${message}`
      // As the server: a request for another question is no memory, and nothing to carry.
      const isSkip = canSave && skipWords.includes(message.trim().toLowerCase())
      const entry = canSave && !isSkip ? save(message, reply) : null
      const events: BiographyChatEvent[] = [
        { event: 'delta', data: { text: 'Gracias por contarme: ' } },
        { event: 'delta', data: { text: message } },
        {
          event: 'done',
          data: {
            reply,
            carry: entry || isSkip ? null : { user: message, model: reply, receipt: 'firma' },
            entry,
            notSavedReason: entry ? null : isSkip ? 'chat.skipped' : 'biography.no_self_member',
          },
        },
      ]
      return eventStreamResponse(events)
    }
    if (method === 'GET' && path === '/api/biography/entries') return jsonResponse(200, { entries })
    if (method === 'POST' && path === '/api/biography/entries') {
      if (!canSave) return errorResponse(409, 'biography.no_self_member')
      const { content, title = '', eventDate = null, language = 'es' } = body as { content: string; title?: string; eventDate?: string | null; language?: Language }
      const entry = buildEntry({ conversation: null, question: null, answer: content, acknowledgement: null, title, eventDate: storedDate(eventDate, language) })
      entries = [entry, ...entries]
      return jsonResponse(201, entry)
    }
    const entryId = /^\/api\/biography\/entries\/([^/]+)$/.exec(path)?.[1]
    if (method === 'PATCH' && entryId) {
      const existing = entries.find((entry) => entry.id === entryId)
      if (!existing) return errorResponse(404, 'not_found')
      const {
        answer,
        eventDate,
        title,
        mediaAssetIds,
        language = 'es',
      } = body as { answer?: string; eventDate?: string | null; title?: string; mediaAssetIds?: string[]; language?: Language }
      const updated: BiographyEntry = {
        ...existing,
        ...(title === undefined ? {} : { title }),
        ...(mediaAssetIds === undefined ? {} : { mediaAssetIds }),
        ...(eventDate === undefined ? {} : { eventDate: storedDate(eventDate, language) }),
        ...(answer === undefined || answer === existing.answer ? {} : { answer, originalAnswer: existing.originalAnswer ?? existing.answer }),
        updatedAt: new Date().toISOString(),
      }
      entries = entries.map((entry) => (entry.id === entryId ? updated : entry))
      return jsonResponse(200, updated)
    }
    const conversationId = /^\/api\/biography\/conversations\/([^/]+)$/.exec(path)?.[1]
    if (method === 'PATCH' && conversationId) {
      const known = entries.find((entry) => entry.conversation?.id === conversationId)?.conversation
      if (!known) return errorResponse(404, 'not_found')
      const renamed = { ...known, title: (body as { title: string }).title }
      entries = entries.map((entry) => (entry.conversation?.id === conversationId ? { ...entry, conversation: renamed } : entry))
      if (sitting?.id === conversationId) sitting = renamed
      return jsonResponse(200, renamed)
    }
    if (method === 'DELETE' && entryId) {
      if (!entries.some((entry) => entry.id === entryId)) return errorResponse(404, 'not_found')
      entries = entries.filter((entry) => entry.id !== entryId)
      return new Response(null, { status: 204 })
    }
    const mediaOf = /^\/api\/media\?entryId=([^&]+)$/.exec(path)?.[1]
    if (method === 'GET' && mediaOf) return jsonResponse(200, { media: media.get(decodeURIComponent(mediaOf)) ?? [] })
    const mediaId = /^\/api\/media\/([^/?]+)$/.exec(path)?.[1]
    if (method === 'DELETE' && mediaId) {
      for (const [id, list] of media)
        media.set(
          id,
          list.filter((asset) => asset.id !== mediaId),
        )
      entries = entries.map((entry) => ({ ...entry, mediaAssetIds: entry.mediaAssetIds.filter((id) => id !== mediaId) }))
      return new Response(null, { status: 204 })
    }
    const other = options.fallback?.(method, path, body)
    if (other) return other
    return errorResponse(404, 'not_found')
  })

  return {
    requests,
    /** The requests that wrote something (everything but GET). */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    /** The messages sent to Cronos, in order. */
    chatMessages: () => requests.filter((request) => request.method === 'POST' && request.path === '/api/biography/chat').map((request) => request.body),
    /** The memories as the server holds them now. */
    entries: () => entries,
    /** Adds a memory on the server only, as a save the client did not hear about. */
    storeEntry(entry: BiographyEntry) {
      entries = [entry, ...entries]
    },
    /** Links media to a memory on the server, as a finished upload would. */
    attachMedia(entryId: string, assets: MediaAsset[]) {
      media.set(entryId, [...(media.get(entryId) ?? []), ...assets])
      entries = entries.map((entry) => (entry.id === entryId ? { ...entry, mediaAssetIds: [...entry.mediaAssetIds, ...assets.map((asset) => asset.id)] } : entry))
    },
    /** The next chat answer is a stream the test writes by hand. */
    holdNextChat(): ControlledEventStream<BiographyChatEvent> {
      const stream = controlledEventStream<BiographyChatEvent>()
      heldChats.push(stream)
      return stream
    },
    answerNext,
  }
}
