import type { AiLabMemory, DreamReading, DreamReadingEvent, VariationEvent } from '../../../../shared/contracts/ai-lab.ts'
import type { Constellation } from '../../../../shared/contracts/constellations.ts'
import type { Dream } from '../../../../shared/contracts/dream-diary.ts'
import { controlledEventStream, eventStreamResponse, type ControlledEventStream } from '../../../test/event-stream.ts'
import { fakeApi, jsonResponse } from '../../../test/http.ts'

let sequence = 0

/** A memory kept in the lab as the server returns it; each call is newer than the previous one. */
export function buildLabMemory(overrides: Partial<AiLabMemory> = {}): AiLabMemory {
  sequence += 1
  return {
    id: `memory-${sequence}`,
    userId: 'u1',
    originalText: `Recuerdo ${sequence}`,
    aiVariationText: null,
    saveMethod: 'original',
    timestamp: new Date(Date.UTC(2025, 3, 2, 10, sequence)).toISOString(),
    sharedWith: [],
    ...overrides,
  }
}

/** A reading of a dream as the server returns it; each call is newer than the previous one. */
export function buildDreamReading(overrides: Partial<DreamReading> = {}): DreamReading {
  sequence += 1
  return {
    id: `reading-${sequence}`,
    dreamId: 'dream-1',
    text: `Lectura ${sequence}`,
    language: 'es',
    createdAt: new Date(Date.UTC(2025, 3, 2, 10, sequence)).toISOString(),
    ...overrides,
  }
}

export function errorResponse(status: number, code: string, details?: { path: string; code: string }[]) {
  return jsonResponse(status, { error: { code, message: code, details } })
}

/** The variation the fake storyteller writes for a memory, in two pieces. */
export function storytellerVariation(text: string) {
  return `Había una vez, en un reino de nubes: ${text}`
}

/** The reading the fake dream reader writes for a dream. */
export function dreamReaderText(dream: Pick<Dream, 'content'>) {
  return `Tu sueño habla de esto: ${dream.content}`
}

interface FakeAiLabOptions {
  /** What `GET /api/ai-lab/status` says; false is the guided mode. */
  canGenerate?: boolean
  /** The memories kept in the lab, in any order (the fake answers newest first). */
  memories?: AiLabMemory[]
  /** The readings of every dream, in any order (the fake answers each dream's newest first). */
  readings?: DreamReading[]
  /** The dream diary the dreams tab reads (`GET /api/dreams`), newest first. */
  dreams?: Dream[]
  /** What `GET /api/ai-lab/constellations` draws; an empty sky of nothing told by default. */
  constellation?: Constellation
  /** Answers for paths this fake does not know (the family tree, the media). */
  fallback?: (method: string, path: string) => Response | undefined
}

/**
 * An in-memory `/api/ai-lab` behind a spied `fetch`, as the server behaves: the status, the kept
 * memories (201 on save, 204 on delete), a variation streamed in two pieces, and dream readings
 * saved with their dream. `holdNextVariation` / `holdNextReading` give the test the next stream
 * to write by hand; `answerNext` replaces the next answer to one route (a failure, or a promise
 * held open).
 */
export function fakeAiLabApi(options: FakeAiLabOptions = {}) {
  let memories = [...(options.memories ?? [])]
  let readings = [...(options.readings ?? [])]
  const dreams = options.dreams ?? []
  const heldVariations: ControlledEventStream<VariationEvent>[] = []
  const heldReadings: ControlledEventStream<DreamReadingEvent>[] = []
  const newestFirst = <T>(items: T[], at: (item: T) => string) => [...items].sort((a, b) => at(b).localeCompare(at(a)))

  const { requests, requestsTo, answerNext } = fakeApi(({ method, path, body }, url) => {
    const route = `${method} ${url.pathname}`
    if (route === 'GET /api/ai-lab/status') {
      const canGenerate = options.canGenerate ?? true
      return jsonResponse(200, { mode: canGenerate ? 'gemini' : 'guided', canGenerate })
    }
    if (route === 'GET /api/ai-lab/memories') return jsonResponse(200, { memories: newestFirst(memories, (memory) => memory.timestamp) })
    if (route === 'POST /api/ai-lab/memories') {
      const sent = body as { originalText: string; aiVariationText?: string | null; saveMethod: AiLabMemory['saveMethod'] }
      const memory = buildLabMemory({
        originalText: sent.originalText.trim(),
        aiVariationText: sent.saveMethod === 'withVariation' ? (sent.aiVariationText ?? null) : null,
        saveMethod: sent.saveMethod,
      })
      memories = [...memories, memory]
      return jsonResponse(201, memory)
    }
    const memoryId = /^\/api\/ai-lab\/memories\/([^/]+)$/.exec(url.pathname)?.[1]
    if (method === 'DELETE' && memoryId) {
      if (!memories.some((memory) => memory.id === memoryId)) return errorResponse(404, 'not_found')
      memories = memories.filter((memory) => memory.id !== memoryId)
      return new Response(null, { status: 204 })
    }
    if (route === 'POST /api/ai-lab/variations') {
      const held = heldVariations.shift()
      if (held) return held.response
      const { text } = body as { text: string }
      const variation = storytellerVariation(text)
      const cut = variation.indexOf(':') + 1
      return eventStreamResponse([
        { event: 'delta', data: { text: variation.slice(0, cut) } },
        { event: 'delta', data: { text: variation.slice(cut) } },
        { event: 'done', data: { reply: variation, carry: null } },
      ])
    }
    if (route === 'GET /api/ai-lab/dream-readings') {
      const dreamId = url.searchParams.get('dreamId')
      const ofDream = readings.filter((reading) => reading.dreamId === dreamId)
      return jsonResponse(200, { readings: newestFirst(ofDream, (reading) => reading.createdAt) })
    }
    if (route === 'POST /api/ai-lab/dream-readings') {
      const held = heldReadings.shift()
      if (held) return held.response
      const { dreamId } = body as { dreamId: string }
      const dream = dreams.find((candidate) => candidate.id === dreamId)
      if (!dream) return errorResponse(404, 'not_found')
      const reading = buildDreamReading({ dreamId, text: dreamReaderText(dream) })
      readings = [...readings, reading]
      return eventStreamResponse([
        { event: 'delta', data: { text: reading.text } },
        { event: 'done', data: { reply: reading.text, carry: null, reading, notSavedReason: null } },
      ])
    }
    if (route === 'GET /api/dreams') return jsonResponse(200, { dreams })
    if (route === 'GET /api/ai-lab/constellations') return jsonResponse(200, options.constellation ?? { stars: [], links: [], mentions: [], toldCount: 0 })
    return options.fallback?.(method, path) ?? errorResponse(404, 'not_found')
  })

  return {
    requests,
    requestsTo,
    /** The memories as the server holds them now. */
    memories: () => memories,
    /** The readings as the server holds them now. */
    readings: () => readings,
    /** The next variation is a stream the test writes by hand. */
    holdNextVariation(): ControlledEventStream<VariationEvent> {
      const stream = controlledEventStream<VariationEvent>()
      heldVariations.push(stream)
      return stream
    },
    /** The server keeps a reading, as it does before a held reading stream sends its `done`. */
    keepReading(reading: DreamReading) {
      readings = [...readings, reading]
    },
    /** The next dream reading is a stream the test writes by hand. */
    holdNextReading(): ControlledEventStream<DreamReadingEvent> {
      const stream = controlledEventStream<DreamReadingEvent>()
      heldReadings.push(stream)
      return stream
    },
    answerNext,
  }
}
