import type { BiographyChatEvent, BiographyEntry } from '../../../../shared/contracts/biography.ts'
import type { AiMode } from '../../../../shared/contracts/chat.ts'
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
    conversationPair: [
      { role: 'user', parts: [{ text: `Mensaje ${sequence}` }] },
      { role: 'model', parts: [{ text: `Respuesta ${sequence}` }] },
    ],
    title: '',
    eventDate: null,
    mediaAssetIds: [],
    entryDate,
    updatedAt: entryDate,
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
  fallback?: (method: string, path: string) => Response | undefined
}

/**
 * An in-memory biography API behind a spied `fetch`, as the server behaves: memories newest
 * first, the chat saving each exchange before `done` (or skipping it without a self member).
 * `holdNextChat` gives the test the next chat answer's stream to write by hand; `answerNext`
 * replaces the next answer to one route.
 */
export function fakeBiographyApi(options: FakeBiographyOptions = {}) {
  let entries = [...(options.entries ?? [])]
  const media = new Map(Object.entries(options.media ?? {}))
  const heldChats: ControlledEventStream<BiographyChatEvent>[] = []
  const canSave = options.canSave ?? true

  function save(message: string, reply: string): BiographyEntry {
    const entry = buildEntry({
      conversationPair: [
        { role: 'user', parts: [{ text: message }] },
        { role: 'model', parts: [{ text: reply }] },
      ],
    })
    entries = [entry, ...entries]
    return entry
  }

  const { requests, answerNext } = fakeApi(({ method, path, body }) => {
    const opening = /^\/api\/biography\/chat\?language=(es|en|fr)$/.exec(path)
    if (method === 'GET' && opening) {
      return jsonResponse(200, { mode: options.mode ?? 'gemini', text: options.opening ?? 'Hola, soy Cronos. ¿Dónde naciste?' })
    }
    if (method === 'POST' && path === '/api/biography/chat') {
      const held = heldChats.shift()
      if (held) return held.response
      const message = (body as { message: string }).message
      const reply = `Gracias por contarme: ${message}`
      const entry = canSave ? save(message, reply) : null
      const events: BiographyChatEvent[] = [
        { event: 'delta', data: { text: 'Gracias por contarme: ' } },
        { event: 'delta', data: { text: message } },
        {
          event: 'done',
          data: { reply, carry: entry ? null : { user: message, model: reply, receipt: 'firma' }, entry, notSavedReason: entry ? null : 'biography.no_self_member' },
        },
      ]
      return eventStreamResponse(events)
    }
    if (method === 'GET' && path === '/api/biography/entries') return jsonResponse(200, { entries })
    if (method === 'POST' && path === '/api/biography/entries') {
      if (!canSave) return errorResponse(409, 'biography.no_self_member')
      const { content, title = '', eventDate = null } = body as { content: string; title?: string; eventDate?: string | null }
      const entry = buildEntry({ conversationPair: [{ role: 'user', parts: [{ text: content }] }], title, eventDate })
      entries = [entry, ...entries]
      return jsonResponse(201, entry)
    }
    const entryId = /^\/api\/biography\/entries\/([^/]+)$/.exec(path)?.[1]
    if (method === 'PATCH' && entryId) {
      const existing = entries.find((entry) => entry.id === entryId)
      if (!existing) return errorResponse(404, 'not_found')
      const updated = { ...existing, ...(body as Partial<BiographyEntry>), updatedAt: new Date().toISOString() }
      entries = entries.map((entry) => (entry.id === entryId ? updated : entry))
      return jsonResponse(200, updated)
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
    const other = options.fallback?.(method, path)
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
